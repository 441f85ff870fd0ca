/// The offset of `America/Los_Angeles` from UTC at an instant, by the US rules: computed, since a minimal
/// server image often has no zoneinfo and Foundation then silently falls back to GMT.
enum PacificTime {
    static let standardOffsetSeconds: Int64 = -8 * 3600
    static let daylightOffsetSeconds: Int64 = -7 * 3600

    /// Seconds to add to UTC seconds since 1970 to get Pacific local time.
    static func offsetSeconds(atUTC seconds: Int64) -> Int64 {
        let year = RFC3339.civil(fromDays: RFC3339.floorDivide(seconds, 86_400)).year
        let (start, end) = daylightSaving(in: year)
        return seconds >= start && seconds < end ? daylightOffsetSeconds : standardOffsetSeconds
    }

    /// The UTC instants daylight saving starts and ends in `year`: 02:00 local, 10:00 UTC in spring, 09:00 in autumn.
    static func daylightSaving(in year: Int64) -> (start: Int64, end: Int64) {
        // From 2007 (Energy Policy Act of 2005): March's second Sunday to November's first; before, April's
        // first Sunday to October's last.
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
