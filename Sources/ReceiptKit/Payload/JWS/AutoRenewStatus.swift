/// Whether a subscription renews automatically (Apple's `autoRenewStatus`).
public enum AutoRenewStatus: AppStoreEnumeration {
    /// 0: the customer turned automatic renewal off.
    case off
    /// 1: the subscription renews automatically.
    case on
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(Int64)

    /// Every documented value, in Apple's order.
    public static let documented: [AutoRenewStatus] = [.off, .on]

    /// The value as Apple writes it.
    public var rawValue: Int64 {
        switch self {
        case .off: 0
        case .on: 1
        case .other(let value): value
        }
    }
}
