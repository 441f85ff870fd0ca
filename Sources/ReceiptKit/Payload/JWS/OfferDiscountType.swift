/// How an offer is paid (Apple's `offerDiscountType`).
public enum OfferDiscountType: AppStoreEnumeration {
    /// `FREE_TRIAL`: nothing during the offer.
    case freeTrial
    /// `PAY_AS_YOU_GO`: a reduced price each period of the offer.
    case payAsYouGo
    /// `PAY_UP_FRONT`: a reduced price once, for the whole offer.
    case payUpFront
    /// `ONE_TIME`: an offer on a product other than an auto-renewable subscription.
    case oneTime
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(String)

    /// Every documented value, in Apple's order.
    public static let documented: [OfferDiscountType] = [.freeTrial, .payAsYouGo, .payUpFront, .oneTime]

    /// The value as Apple writes it.
    public var rawValue: String {
        switch self {
        case .freeTrial: "FREE_TRIAL"
        case .payAsYouGo: "PAY_AS_YOU_GO"
        case .payUpFront: "PAY_UP_FRONT"
        case .oneTime: "ONE_TIME"
        case .other(let value): value
        }
    }
}
