/// The period of an Advanced Commerce offer (Apple's `AdvancedCommerceOfferPeriod`).
public enum AdvancedCommerceOfferPeriod: String, AppStoreEnumeration {
    /// Three days.
    case threeDays = "P3D"
    /// One week.
    case oneWeek = "P1W"
    /// Two weeks.
    case twoWeeks = "P2W"
    /// One month.
    case oneMonth = "P1M"
    /// Two months.
    case twoMonths = "P2M"
    /// Three months.
    case threeMonths = "P3M"
    /// Six months.
    case sixMonths = "P6M"
    /// Nine months.
    case nineMonths = "P9M"
    /// One year.
    case oneYear = "P1Y"
}
