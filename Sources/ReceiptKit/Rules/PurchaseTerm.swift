#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How long a purchase is held, as an ISO 8601 duration: a non-renewing subscription's term (`for P1Y`).
public struct PurchaseTerm: Sendable, Equatable, CustomStringConvertible {
    /// Whole years of the term.
    public let years: Int
    /// Whole months of the term.
    public let months: Int
    /// Whole days of the term (weeks counted as seven days).
    public let days: Int
    /// The term's time part, in seconds.
    public let seconds: Int
    /// The duration as written.
    public let description: String

    /// Parses `P[nY][nM][nW][nD][T[nH][nM][nS]]`; nil for anything else, a zero or a number over 100,000.
    public init?(_ text: String) {
        var years = 0
        var months = 0
        var days = 0
        var seconds = 0
        var number: Int?
        var inTime = false
        var sawUnit = false
        var scalars = text.unicodeScalars.makeIterator()
        guard scalars.next() == "P" else { return nil }
        while let scalar = scalars.next() {
            if ("0"..."9").contains(scalar) {
                let value = (number ?? 0) * 10 + Int(scalar.value - 48)
                guard value <= 100_000 else { return nil }
                number = value
                continue
            }
            if scalar == "T", !inTime, number == nil {
                inTime = true
                continue
            }
            guard let value = number else { return nil }
            switch (scalar, inTime) {
            case ("Y", false): years += value
            case ("M", false): months += value
            case ("W", false): days += value * 7
            case ("D", false): days += value
            case ("H", true): seconds += value * 3600
            case ("M", true): seconds += value * 60
            case ("S", true): seconds += value
            default: return nil
            }
            number = nil
            sawUnit = true
        }
        guard sawUnit, number == nil, years + months + days + seconds > 0 else { return nil }
        self.years = years
        self.months = months
        self.days = days
        self.seconds = seconds
        description = text
    }

    /// A term of whole days, e.g. the default maximum age of a receipt (`P3D`).
    public init(days: Int) {
        years = 0
        months = 0
        self.days = days
        seconds = 0
        description = "P\(days)D"
    }

    /// `date` plus the term in the Gregorian calendar in UTC (`P1M` from January 31 ends on February's last
    /// day); nil when unrepresentable. Not `Calendar`: FoundationEssentials has no Gregorian calendar.
    public func end(from date: Date) -> Date? {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 1e13 else { return nil }
        let whole = interval.rounded(.down)
        let fraction = interval - whole
        let total = Int(whole)
        var days = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
        let secondOfDay = total - days * 86_400
        let (civilYear, civilMonth, civilDay) = RFC3339.civil(fromDays: Int64(days))
        let monthIndex = Int(civilYear) * 12 + (civilMonth - 1) + years * 12 + months
        let year = monthIndex >= 0 ? monthIndex / 12 : -((-monthIndex + 11) / 12)
        let month = monthIndex - year * 12 + 1
        let day = min(civilDay, RFC3339.daysIn(month: month, year: year))
        days = Int(RFC3339.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))) + self.days
        return Date(timeIntervalSince1970: Double(days * 86_400 + secondOfDay + seconds) + fraction)
    }
}
