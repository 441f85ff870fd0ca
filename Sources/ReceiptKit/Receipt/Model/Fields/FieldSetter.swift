#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a receipt model stores a field's decoded value, by the value's kind: the decoder reads the
/// attribute (or the JSON member) as the kind says, then hands the value over.
package enum FieldSetter<Model>: Sendable {
    case integer(@Sendable (inout Model, Int64) -> Void)
    case string(@Sendable (inout Model, consuming String) -> Void)
    case date(@Sendable (inout Model, Date) -> Void)
    case boolean(@Sendable (inout Model, Bool) -> Void)
    case octets(@Sendable (inout Model, consuming [UInt8]) -> Void)
    /// The receipt's in-app purchases (attribute 17, which repeats).
    case purchases(@Sendable (inout Model, InAppPurchases) -> Void)
    /// The attributes no field names.
    case undocumented(@Sendable (inout Model, UndocumentedAttributes) -> Void)
    /// A value the model derives and the JSON repeats for its readers, one of these: read back only to
    /// check that it is one the model could have written.
    case derived([String])
}
