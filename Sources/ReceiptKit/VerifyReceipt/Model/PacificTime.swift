/// The offset of `America/Los_Angeles` from UTC at an instant, by the US daylight saving rules.
///
/// Computed here rather than read from tzdata: a minimal server image often has no zoneinfo, and
/// Foundation then falls back to GMT silently, which would shift every `_pst` date Apple writes.
enum PacificTime {
    static let standardOffsetSeconds: Int64 = -8 * 3600
    static let daylightOffsetSeconds: Int64 = -7 * 3600

    /// Seconds to add to UTC seconds since 1970 to get Pacific local time.
    static func offsetSeconds(atUTC seconds: Int64) -> Int64 {
        let year = RFC3339.civil(fromDays: RFC3339.floorDivide(seconds, 86_400)).year
        let (start, end) = daylightSaving(in: year)
        return seconds >= start && seconds < end ? daylightOffsetSeconds : standardOffsetSeconds
    }

    /// The UTC instants (seconds since 1970) daylight saving starts and ends in `year`: the change
    /// happens at 02:00 local time, which is 10:00 UTC in spring (standard time) and 09:00 UTC in
    /// autumn (daylight time).
    static func daylightSaving(in year: Int64) -> (start: Int64, end: Int64) {
        // Energy Policy Act of 2005, from 2007: second Sunday of March to first Sunday of November;
        // before: first Sunday of April to last Sunday of October (1987 to 2006).
        let (startDay, endDay) =
            year >= 2007
            ? (nthSunday(2, month: 3, year: year), nthSunday(1, month: 11, year: year))
            : (nthSunday(1, month: 4, year: year), nthSunday(1, month: 11, year: year) - 7)
        return (startDay * 86_400 + 10 * 3600, endDay * 86_400 + 9 * 3600)
    }

    /// Days since 1970 of the `n`th Sunday of a month.
    private static func nthSunday(_ n: Int64, month: Int64, year: Int64) -> Int64 {
        let first = RFC3339.daysFromCivil(year: year, month: month, day: 1)
        // 1970-01-01 was a Thursday: weekday 0 is Sunday.
        let weekday = (first % 7 + 7 + 4) % 7
        let firstSunday = first + (7 - weekday) % 7
        return firstSunday + (n - 1) * 7
    }
}
