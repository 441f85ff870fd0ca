#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The finest calendar step whose tick labels stay `gap` pixels apart; days since 1970 become dates by
/// arithmetic, so that no calendar object is made for a page of thousands of pictures.
enum TimelineTicks {
    enum Step: Sendable, Equatable {
        case days(Int)
        case months(Int)
        case years(Int)

        /// About how long it is, to choose it; the ticks themselves fall on calendar dates.
        var seconds: Double {
            switch self {
            case .days(let n): Double(n) * 86_400
            case .months(let n): Double(n) * 2_629_746
            case .years(let n): Double(n) * 31_556_952
            }
        }

        /// `2024-03-05`, `2024-03`, `2024`.
        var labelLength: Int {
            switch self {
            case .days: 10
            case .months: 7
            case .years: 4
            }
        }
    }

    static let steps: [Step] = [
        .days(1), .days(2), .days(7), .days(14), .months(1), .months(2), .months(3), .months(6), .years(1),
        .years(2), .years(5), .years(10), .years(20), .years(50), .years(100), .years(1000),
    ]
    /// The width of a label's character at the picture's 11 px font, rounded up, and the space between.
    static let characterWidth = 7.0
    static let gap = 12.0

    /// The step for `span` seconds over `width` pixels: nil when even the coarsest one does not fit.
    static func step(span: TimeInterval, width: Double) -> Step? {
        guard span > 0, width > 0 else { return nil }
        return steps.first { step in
            step.seconds / span * width >= Double(step.labelLength) * characterWidth + gap
        }
    }

    /// The dates of the ticks between `first` and `last`, at most `limit` (a bound, should the dates be
    /// absurd); each is labelled with `step.labelLength` characters of its RFC 3339 form (`HTMLWriter.day`).
    static func ticks(from first: Date, to last: Date, step: Step, limit: Int = 400) -> [Date] {
        // Dates past the years RFC 3339 writes (0001 to 9999: 10000-01-01 is 253 402 300 800 s after
        // 1970) are no customer's: no ticks rather than an overflow.
        let bound = 253_402_300_800.0
        let low = first.timeIntervalSince1970
        let high = last.timeIntervalSince1970
        guard low.isFinite, high.isFinite, abs(low) < bound, abs(high) < bound, low <= high else { return [] }
        var day = Int((low / 86_400).rounded(.down))
        var (year, month, _) = civil(day)
        switch step {
        case .days(7), .days(14):
            // Weeks start on Mondays; 1970-01-01 was a Thursday.
            let weekday = ((day + 3) % 7 + 7) % 7
            day -= weekday
        case .days: break
        case .months(let n):
            month -= (month - 1) % n
            day = days(year, month, 1)
        case .years(let n):
            year -= ((year % n) + n) % n
            day = days(year, 1, 1)
        }
        var ticks: [Date] = []
        while ticks.count < limit {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400)
            if date > last { break }
            if date >= first {
                ticks.append(date)
            }
            switch step {
            case .days(let n): day += n
            case .months(let n):
                month += n
                while month > 12 {
                    month -= 12
                    year += 1
                }
                day = days(year, month, 1)
            case .years(let n):
                year += n
                day = days(year, 1, 1)
            }
        }
        return ticks
    }

    /// Year, month and day of days since 1970-01-01: RFC3339's is not public to the command line
    /// (`make cli-boundary`), so this copy is held to it by its test.
    static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since 1970-01-01 of a year, month and day (proleptic Gregorian).
    static func days(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
