#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a receipt model stores a field's decoded value, by the value's kind.
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
    /// A value the model derives and the JSON repeats: read back only to check the model could have written it.
    case derived([String])
}
