#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How long a purchase is held, as an ISO 8601 duration (`P1Y`, `P6M`, `P2W`, `P30D`, `PT12H`): the term
/// of a non-renewing subscription, whose expiry the App Store does not record (`product "X" for P1Y`).
public struct PurchaseTerm: Sendable, Equatable, CustomStringConvertible {
    public let years: Int
    public let months: Int
    public let days: Int
    public let seconds: Int
    /// The duration as written.
    public let description: String

    /// Parses `P[nY][nM][nW][nD][T[nH][nM][nS]]` with whole numbers; nil for anything else, or a zero or
    /// over-long term (each number at most 100,000).
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

    /// `date` plus the term, in the Gregorian calendar in UTC (so `P1M` from January 31 ends on the last
    /// day of February); nil when the result cannot be represented.
    ///
    /// Computed here rather than with `Calendar`: without Foundation's internationalisation module (the CLI
    /// links only FoundationEssentials) the Gregorian calendar is not there, and a missing end must never
    /// read as "no limit".
    public func end(from date: Date) -> Date? {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 1e13 else { return nil }
        let whole = interval.rounded(.down)
        let fraction = interval - whole
        let total = Int(whole)
        var days = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
        let secondOfDay = total - days * 86_400
        var (year, month, day) = Self.civil(fromDays: days)
        let monthIndex = year * 12 + (month - 1) + years * 12 + months
        year = monthIndex >= 0 ? monthIndex / 12 : -((-monthIndex + 11) / 12)
        month = monthIndex - year * 12 + 1
        day = min(day, Self.daysIn(month: month, year: year))
        days = Self.days(fromCivil: year, month, day) + self.days
        return Date(timeIntervalSince1970: Double(days * 86_400 + secondOfDay + seconds) + fraction)
    }

    /// Year, month (1-12) and day of the proleptic Gregorian calendar for days since 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let adjusted = month <= 2 ? year - 1 : year
        let era = (adjusted >= 0 ? adjusted : adjusted - 399) / 400
        let yearOfEra = adjusted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
