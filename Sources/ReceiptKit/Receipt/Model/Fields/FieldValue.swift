#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A field's value as the report writes it (nil: absent, left out); a nested model from its own fields.
package enum FieldValue {
    case string(String?)
    case integer(Int64?)
    case bool(Bool?)
    /// A StoreKit 2 date (milliseconds, or Xcode's placeholder).
    case date(JWSDate?)
    case json(JSONValue?)
    case strings([String]?)
    /// A StoreKit 2 model's members it does not name.
    case members([String: JSONValue]?)
    /// A nested model, written from its own fields.
    case model((any FieldModel)?)
    /// Nested models in order; `[]` when there are none.
    case models([any FieldModel]?)
    /// Nested models under keys of their own, sorted as `JSONEncoder` sorts keys.
    case modelsByKey([String: any FieldModel]?)
    /// A report's own date, written as RFC 3339 and left out where it cannot be (outside 0000-9999).
    case formattedDate(Date?)
    /// A receipt date, written as RFC 3339 (a date outside the years 0000-9999 is declined).
    case receiptDate(Date?)
    /// Raw octets, written as lowercase hex.
    case hex([UInt8]?)
    /// A receipt's purchases; always written, `[]` when there are none.
    case purchases(InAppPurchases)
    /// A receipt SET's undocumented attributes; always written, `{}` when there are none.
    case undocumented(UndocumentedAttributes)
}
