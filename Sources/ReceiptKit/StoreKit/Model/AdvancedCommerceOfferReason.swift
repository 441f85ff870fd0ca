/// Why an Advanced Commerce offer is made (Apple's `AdvancedCommerceOfferReason`).
public enum AdvancedCommerceOfferReason: String, AppStoreEnumeration {
    /// To win a new customer.
    case acquisition = "ACQUISITION"
    /// To win back a former customer.
    case winBack = "WIN_BACK"
    /// To keep a customer.
    case retention = "RETENTION"
}
