/// A transaction's `inAppOwnershipType`: bought by the customer or shared through Family Sharing.
public enum InAppOwnershipType: String, AppStoreEnumeration {
    /// A family member's purchase shared with the customer.
    case familyShared = "FAMILY_SHARED"
    /// The customer bought it.
    case purchased = "PURCHASED"
}
