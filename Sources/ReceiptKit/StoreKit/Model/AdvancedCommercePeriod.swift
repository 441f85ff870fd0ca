/// The period of an Advanced Commerce subscription (Apple's `AdvancedCommercePeriod`).
public enum AdvancedCommercePeriod: String, AppStoreEnumeration {
    /// One week.
    case oneWeek = "P1W"
    /// One month.
    case oneMonth = "P1M"
    /// Two months.
    case twoMonths = "P2M"
    /// Three months.
    case threeMonths = "P3M"
    /// Six months.
    case sixMonths = "P6M"
    /// One year.
    case oneYear = "P1Y"
}
