/// How much of an Advanced Commerce item was refunded (Apple's `AdvancedCommerceRefundType`).
public enum AdvancedCommerceRefundType: String, AppStoreEnumeration {
    /// All of it.
    case full = "FULL"
    /// The unused share.
    case prorated = "PRORATED"
    /// An amount the app chose.
    case custom = "CUSTOM"
}
