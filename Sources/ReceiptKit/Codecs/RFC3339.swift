#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A hand-written RFC 3339 date parser and UTC formatter for receipt dates, over UTF-8 bytes; dates are
/// kept to the millisecond, so `format(parse(x))` is exact.
public enum RFC3339 {
    /// Why a date string is not an RFC 3339 date, with the offending text.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The rejected text, decoded lossily so that invalid UTF-8 can still be shown.
        public let text: String
        /// What the text lacks or has too much of.
        public let reason: String

        /// The message: the reason, with the text it concerns.
        public var description: String { "invalid date \"\(text)\": \(reason)" }
    }

    /// Fraction digits beyond this are refused: no producer writes them.
    package static let maximumFractionDigits = 9

    /// Milliseconds between 1970-01-01 and 2001-01-01, the epoch `Date` stores its value from.
    private static let referenceDateMilliseconds: Int64 = 978_307_200_000
    private static let millisecondsPerDay: Int64 = 86_400_000

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`; an empty string means absent.
    public static func parse(_ text: String) throws(ParseError) -> Date? {
        try parse(Array(text.utf8)[...])
    }

    /// Parses the UTF-8 bytes of a date; an empty slice means absent.
    package static func parse(_ bytes: ArraySlice<UInt8>) throws(ParseError) -> Date? {
        guard !bytes.isEmpty else { return nil }
        guard let milliseconds = millisecondsSince1970(bytes) else {
            throw ParseError(
                text: String(decoding: bytes, as: UTF8.self),
                reason: "expected YYYY-MM-DDTHH:MM:SS[.fraction] followed by Z, ±HH:MM or ±HHMM")
        }
        return Date(timeIntervalSinceReferenceDate: Double(milliseconds - referenceDateMilliseconds) / 1000)
    }

    /// Formats a date in UTC as `2020-10-08T11:17:49.131Z` (no fraction when zero); nil outside the years 0000-9999.
    public static func format(_ date: Date) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(24)
        guard append(date, to: &out) else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the date as `format` writes it, without making a string (for the command line's HTML report);
    /// false, with nothing appended, where `format` gives nil.
    public static func append(_ date: Date, to out: inout [UInt8]) -> Bool {
        guard let milliseconds = millisecondsSince1970(date),
            appendCivil(milliseconds, separator: UInt8(ascii: "T"), fraction: true, to: &out)
        else { return false }
        out.append(UInt8(ascii: "Z"))
        return true
    }

    /// The date in whole milliseconds since 1970, rounded, since truncating the 2001-based double would lose
    /// `.131`; nil beyond about ±285,000 years.
    package static func millisecondsSince1970(_ date: Date) -> Int64? {
        let scaled = (date.timeIntervalSinceReferenceDate * 1000).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else { return nil }
        return Int64(scaled) + referenceDateMilliseconds
    }

    /// Appends `YYYY-MM-DD<separator>HH:MM:SS` of milliseconds since 1970, and `.mmm` when `fraction` is set
    /// and they are not zero; false, with nothing appended, outside the years 0000 to 9999.
    @inline(__always)
    static func appendCivil(_ total: Int64, separator: UInt8, fraction: Bool, to out: inout [UInt8]) -> Bool {
        let days = floorDivide(total, millisecondsPerDay)
        let remainder = total - days * millisecondsPerDay
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return false }
        let milliseconds = Int(remainder % 1000)
        let seconds = Int(remainder / 1000)
        // Gathered in three words and appended at once, rather than a checked append per character.
        let hour = seconds / 3600
        let minute = seconds / 60 % 60
        let second = seconds % 60
        let fullYear = Int(year)
        @inline(__always) func at(_ byte: UInt8, _ place: Int) -> UInt64 { UInt64(byte) &<< (8 &* place) }
        let low =
            at(digit(fullYear / 1000), 0) | at(digit(fullYear / 100 % 10), 1) | at(digit(fullYear / 10 % 10), 2)
            | at(digit(fullYear % 10), 3) | at(UInt8(ascii: "-"), 4) | at(digit(month / 10), 5)
            | at(digit(month % 10), 6) | at(UInt8(ascii: "-"), 7)
        let middle =
            at(digit(day / 10), 0) | at(digit(day % 10), 1) | at(separator, 2) | at(digit(hour / 10), 3)
            | at(digit(hour % 10), 4) | at(UInt8(ascii: ":"), 5) | at(digit(minute / 10), 6) | at(digit(minute % 10), 7)
        var high = at(UInt8(ascii: ":"), 0) | at(digit(second / 10), 1) | at(digit(second % 10), 2)
        var count = 19
        if fraction, milliseconds != 0 {
            high |=
                at(UInt8(ascii: "."), 3) | at(digit(milliseconds / 100), 4) | at(digit(milliseconds / 10 % 10), 5)
                | at(digit(milliseconds % 10), 6)
            count = 23
        }
        ByteAppend.append(low, middle, high, count: count, to: &out)
        return true
    }

    /// The ASCII digit of a value from 0 to 9.
    @inline(__always)
    private static func digit(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0")
    }

    /// Division rounding towards negative infinity, as calendar arithmetic before 1970 needs.
    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    // MARK: - Parsing

    /// The instant in milliseconds since 1970, or nil when the bytes are not a valid date.
    private static func millisecondsSince1970(_ bytes: ArraySlice<UInt8>) -> Int64? {
        if let milliseconds = utcSecondsMilliseconds(bytes) {
            return milliseconds
        }
        var scanner = Scanner(bytes: bytes, index: bytes.startIndex)
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2), scanner.skip("T"),
            let hour = scanner.number(digits: 2), scanner.skip(":"),
            let minute = scanner.number(digits: 2), scanner.skip(":"),
            let second = scanner.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }

        var milliseconds: Int64 = 0
        if scanner.skip(".") {
            guard let fraction = scanner.fractionMilliseconds() else { return nil }
            milliseconds = fraction
        }

        var offsetSeconds: Int64 = 0
        guard let zone = scanner.take() else { return nil }
        switch zone {
        case UInt8(ascii: "Z"):
            break
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let offsetHour = scanner.number(digits: 2) else { return nil }
            _ = scanner.skip(":")
            guard let offsetMinute = scanner.number(digits: 2), offsetHour <= 23, offsetMinute <= 59 else {
                return nil
            }
            offsetSeconds = Int64(offsetHour * 3600 + offsetMinute * 60)
            if zone == UInt8(ascii: "-") {
                offsetSeconds = -offsetSeconds
            }
        default:
            return nil
        }
        guard scanner.isAtEnd else { return nil }

        let days = daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - offsetSeconds
        return seconds * 1000 + milliseconds
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the form Apple writes every receipt date in, read at fixed places; nil for
    /// any other text, which the scanner then reads (the same instant for this form).
    private static func utcSecondsMilliseconds(_ bytes: ArraySlice<UInt8>) -> Int64? {
        guard bytes.count == 20 else { return nil }
        // Places count from the slice's start: all 20 lie inside it.
        let base = bytes.startIndex
        guard bytes[base + 4] == UInt8(ascii: "-"), bytes[base + 7] == UInt8(ascii: "-"),
            bytes[base + 10] == UInt8(ascii: "T"), bytes[base + 13] == UInt8(ascii: ":"),
            bytes[base + 16] == UInt8(ascii: ":"), bytes[base + 19] == UInt8(ascii: "Z")
        else { return nil }
        // Each digit's value, or above 9 (wrapping below "0") for any other byte: one test at the end.
        var highest: UInt8 = 0
        func number(_ start: Int, _ count: Int) -> Int {
            var value = 0
            for index in (base + start)..<(base + start + count) {
                let digit = bytes[index] &- UInt8(ascii: "0")
                highest = max(highest, digit)
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        let year = number(0, 4)
        let month = number(5, 2)
        let day = number(8, 2)
        let hour = number(11, 2)
        let minute = number(14, 2)
        let second = number(17, 2)
        guard highest <= 9, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let days = daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        return (days * 86_400 + Int64(hour * 3600 + minute * 60 + second)) * 1000
    }

    /// Reads fixed-width fields; a failure leaves the index unspecified, since it rejects the whole date.
    private struct Scanner {
        let bytes: ArraySlice<UInt8>
        var index: Int

        var isAtEnd: Bool { index == bytes.endIndex }

        mutating func take() -> UInt8? {
            guard index < bytes.endIndex else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.endIndex else { return nil }
            let value = Int(bytes[index]) - Int(UInt8(ascii: "0"))
            guard (0...9).contains(value) else { return nil }
            index += 1
            return value
        }

        mutating func number(digits: Int) -> Int? {
            var value = 0
            for _ in 0..<digits {
                guard let next = digit() else { return nil }
                value = value * 10 + next
            }
            return value
        }

        /// Reads one to `maximumFractionDigits` digits as milliseconds, rounding half up.
        mutating func fractionMilliseconds() -> Int64? {
            var count = 0
            var milliseconds: Int64 = 0
            var roundUp = false
            while let next = digit() {
                count += 1
                if count <= 3 {
                    milliseconds = milliseconds * 10 + Int64(next)
                } else if count == 4 {
                    roundUp = next >= 5
                }
            }
            guard (1...RFC3339.maximumFractionDigits).contains(count) else { return nil }
            var scale = count
            while scale < 3 {
                milliseconds *= 10
                scale += 1
            }
            return milliseconds + (roundUp ? 1 : 0)
        }
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // MARK: - Civil calendar arithmetic (Howard Hinnant's algorithms, proleptic Gregorian)

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        // Counting years from March puts the leap day last, so day-of-year needs no table.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, Int(month), Int(day))
    }
}
