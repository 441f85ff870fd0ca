/// The kind of offer that applied to a transaction (Apple's `offerType`).
public enum OfferType: Int64, AppStoreEnumeration {
    /// An introductory offer.
    case introductory = 1
    /// A promotional offer.
    case promotional = 2
    /// An offer code.
    case offerCode = 3
    /// A win-back offer.
    case winBack = 4
}
