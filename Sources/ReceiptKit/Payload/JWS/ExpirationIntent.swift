/// Why a subscription expired (Apple's `expirationIntent`).
public enum ExpirationIntent: AppStoreEnumeration {
    /// 1: the customer cancelled it.
    case customerCancelled
    /// 2: a billing error.
    case billingError
    /// 3: the customer did not agree to a price increase.
    case customerDidNotConsentToPriceIncrease
    /// 4: the product was not available at renewal.
    case productNotAvailable
    /// 5: another reason.
    case otherReason
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(Int64)

    /// Every documented value, in Apple's order.
    public static let documented: [ExpirationIntent] = [
        .customerCancelled, .billingError, .customerDidNotConsentToPriceIncrease, .productNotAvailable, .otherReason,
    ]

    /// The value as Apple writes it.
    public var rawValue: Int64 {
        switch self {
        case .customerCancelled: 1
        case .billingError: 2
        case .customerDidNotConsentToPriceIncrease: 3
        case .productNotAvailable: 4
        case .otherReason: 5
        case .other(let value): value
        }
    }
}
