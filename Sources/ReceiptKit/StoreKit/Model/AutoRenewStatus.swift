/// Whether a subscription renews automatically (Apple's `autoRenewStatus`).
public enum AutoRenewStatus: Int64, AppStoreEnumeration {
    /// The customer turned automatic renewal off.
    case off = 0
    /// The subscription renews automatically.
    case on = 1
}
