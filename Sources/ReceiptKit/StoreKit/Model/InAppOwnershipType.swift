/// A transaction's `inAppOwnershipType`: whether the customer bought the product or has it through Family
/// Sharing (Apple's `inAppOwnershipType`).
public enum InAppOwnershipType: String, AppStoreEnumeration {
    /// A family member's purchase shared with the customer.
    case familyShared = "FAMILY_SHARED"
    /// The customer bought it.
    case purchased = "PURCHASED"
}
