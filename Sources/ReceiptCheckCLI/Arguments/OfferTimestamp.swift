/// `sign --timestamp`: milliseconds since 1970, from 2008-01-01 to 2100-01-01. Seconds or microseconds would
/// sign what StoreKit refuses later, far from the mistake, so they are refused here, by name.
enum OfferTimestamp {
    /// 2008-01-01T00:00:00Z in milliseconds.
    static let earliest: Int64 = 1_199_145_600_000
    /// 2100-01-01T00:00:00Z in milliseconds.
    static let latest: Int64 = 4_102_444_800_000

    /// `value` when it lies in range; otherwise a usage error that says what it seems to be.
    static func checked(_ value: Int64, flag: String) throws(UsageError) -> Int64 {
        let range = earliest..<latest
        if range.contains(value) {
            return value
        }
        let (thousandfold, overflow) = value.multipliedReportingOverflow(by: 1000)
        if !overflow, range.contains(thousandfold) {
            throw UsageError("\(flag) \(value) is seconds since 1970, not milliseconds: give \(thousandfold) (x 1000)")
        }
        if range.contains(value / 1000) {
            throw UsageError(
                "\(flag) \(value) is microseconds since 1970, not milliseconds: give \(value / 1000) (/ 1000)")
        }
        throw UsageError(
            "\(flag) \(value) is not milliseconds since 1970 from 2008-01-01 (\(earliest)) to 2100-01-01 (\(latest))")
    }
}
