/// The kind of offer that applied to a transaction (Apple's `offerType`).
public enum OfferType: AppStoreEnumeration {
    /// 1: an introductory offer.
    case introductory
    /// 2: a promotional offer.
    case promotional
    /// 3: an offer code.
    case offerCode
    /// 4: a win-back offer.
    case winBack
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(Int64)

    /// Every documented value, in Apple's order.
    public static let documented: [OfferType] = [.introductory, .promotional, .offerCode, .winBack]

    /// The value as Apple writes it.
    public var rawValue: Int64 {
        switch self {
        case .introductory: 1
        case .promotional: 2
        case .offerCode: 3
        case .winBack: 4
        case .other(let value): value
        }
    }
}
