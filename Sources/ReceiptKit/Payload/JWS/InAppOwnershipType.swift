/// A transaction's `inAppOwnershipType`: whether the customer bought the product or has it through Family
/// Sharing (Apple's `inAppOwnershipType`).
public enum InAppOwnershipType: AppStoreEnumeration {
    /// `FAMILY_SHARED`: a family member's purchase shared with the customer.
    case familyShared
    /// `PURCHASED`: the customer bought it.
    case purchased
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(String)

    /// Every documented value, in Apple's order.
    public static let documented: [InAppOwnershipType] = [.familyShared, .purchased]

    /// The value as Apple writes it.
    public var rawValue: String {
        switch self {
        case .familyShared: "FAMILY_SHARED"
        case .purchased: "PURCHASED"
        case .other(let value): value
        }
    }
}
