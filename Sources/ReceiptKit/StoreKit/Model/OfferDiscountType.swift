/// How an offer is paid (Apple's `offerDiscountType`).
public enum OfferDiscountType: String, AppStoreEnumeration {
    /// Nothing during the offer.
    case freeTrial = "FREE_TRIAL"
    /// A reduced price each period of the offer.
    case payAsYouGo = "PAY_AS_YOU_GO"
    /// A reduced price once, for the whole offer.
    case payUpFront = "PAY_UP_FRONT"
    /// An offer on a product other than an auto-renewable subscription.
    case oneTime = "ONE_TIME"
}
