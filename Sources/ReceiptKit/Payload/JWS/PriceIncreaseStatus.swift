/// Whether a subscription's price increase waits for the customer (Apple's `priceIncreaseStatus`).
public enum PriceIncreaseStatus: AppStoreEnumeration {
    /// 0: the customer has not answered a price increase that needs consent.
    case customerHasNotResponded
    /// 1: the customer agreed, or was told of an increase that needs no consent.
    case customerConsentedOrWasNotified
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(Int64)

    /// Every documented value, in Apple's order.
    public static let documented: [PriceIncreaseStatus] = [.customerHasNotResponded, .customerConsentedOrWasNotified]

    /// The value as Apple writes it.
    public var rawValue: Int64 {
        switch self {
        case .customerHasNotResponded: 0
        case .customerConsentedOrWasNotified: 1
        case .other(let value): value
        }
    }
}
