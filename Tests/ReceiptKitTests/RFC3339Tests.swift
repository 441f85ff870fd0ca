import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite(.timeLimit(.minutes(10))) struct RFC3339Tests {
    private static func milliseconds(_ date: Date?) -> Int64? {
        guard let date else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    @Test(
        arguments: [
            ("2020-10-08T11:17:49Z", 1_602_155_869_000),
            ("2020-10-08T11:17:49.131Z", 1_602_155_869_131),
            ("2020-10-08T11:17:49.1Z", 1_602_155_869_100),
            ("2020-10-08T11:17:49.1234Z", 1_602_155_869_123),
            ("2020-10-08T11:17:49.1235Z", 1_602_155_869_124),
            ("2020-10-08T11:17:49.9996Z", 1_602_155_870_000),
            ("2020-10-08T11:17:49.123456789Z", 1_602_155_869_123),
            ("2020-07-22T18:33:15+0100", 1_595_439_195_000),
            ("2021-04-03T22:38:45+0300", 1_617_478_725_000),
            ("2021-04-03T22:38:45+03:00", 1_617_478_725_000),
            ("2000-02-29T12:00:00-05:30", 951_845_400_000),
            ("2000-02-29T12:00:00-0530", 951_845_400_000),
            ("4001-01-01T00:00:00Z", 64_092_211_200_000),
            ("4001-01-01T00:00:00+0000", 64_092_211_200_000),
            ("4001-01-01T00:00:00-00:00", 64_092_211_200_000),
            ("1970-01-01T00:00:00Z", 0),
            ("1969-12-31T23:59:59.999Z", -1),
            ("1900-03-01T00:00:00Z", -2_203_891_200_000),
            ("0000-01-01T00:00:00Z", -62_167_219_200_000),
            ("9999-12-31T23:59:59.999Z", 253_402_300_799_999),
            ("2016-12-31T23:59:59Z", 1_483_228_799_000),
        ] as [(String, Int64)])
    func parsesValidDates(text: String, epochMilliseconds: Int64) throws {
        #expect(Self.milliseconds(try RFC3339.parse(text)) == epochMilliseconds)
        #expect(Self.milliseconds(try RFC3339.parse(Array(text.utf8)[...])) == epochMilliseconds)
    }

    @Test func emptyStringMeansAbsent() throws {
        #expect(try RFC3339.parse("") == nil)
        #expect(try RFC3339.parse([UInt8]()[...]) == nil)
    }

    @Test(arguments: [
        "2020-13-08T11:17:49Z",  // month 13
        "2020-00-08T11:17:49Z",
        "2020-02-30T11:17:49Z",  // February 30
        "2019-02-29T11:17:49Z",  // not a leap year
        "2100-02-29T11:17:49Z",  // century, not a leap year
        "2020-04-31T11:17:49Z",
        "2020-10-00T11:17:49Z",
        "2020-10-08T24:00:00Z",
        "2020-10-08T11:60:49Z",
        "2020-10-08T11:17:60Z",  // leap seconds never occur in receipts
        "2020-10-08T11:17:49",  // missing zone
        "2020-10-08T11:17:49Zjunk",
        "2020-10-08T11:17:49Z ",
        " 2020-10-08T11:17:49Z",
        "2020-10-08 11:17:49Z",
        "2020-10-08t11:17:49Z",
        "2020-10-08T11:17:49z",
        "2020-10-08T11:17:49.Z",
        "2020-10-08T11:17:49.1234567890Z",  // ten fraction digits
        "2020-10-08T11:17:49+03",
        "2020-10-08T11:17:49+030",
        "2020-10-08T11:17:49+03:0",
        "2020-10-08T11:17:49+03:000",
        "2020-10-08T11:17:49+2400",
        "2020-10-08T11:17:49+0360",
        "2020-10-08T11:17:49+03-00",
        "2020-1-08T11:17:49Z",
        "20201008T111749Z",
        "+2020-10-08T11:17:49Z",
        "2020-10-08T11:17:49.131",
        "２020-10-08T11:17:49Z",
    ])
    func rejectsInvalidDates(text: String) {
        #expect(throws: RFC3339.ParseError.self) { _ = try RFC3339.parse(text) }
    }

    @Test(arguments: ["2020-10-08T11:17:49.131Z", "2020-07-22T18:33:15+0100", "2021-04-03T22:38:45+03:00"])
    func everyPrefixOfAValidDateIsRejected(text: String) {
        let bytes = Array(text.utf8)
        for length in 1..<bytes.count {
            #expect(throws: RFC3339.ParseError.self, "prefix of \(length) bytes") {
                _ = try RFC3339.parse(bytes[0..<length])
            }
        }
    }

    @Test func errorNamesTheOffendingText() {
        do {
            _ = try RFC3339.parse("2020-02-30T11:17:49Z")
            Issue.record("an invalid date was accepted")
        } catch {
            #expect(error.text == "2020-02-30T11:17:49Z")
            #expect(error.description.contains("2020-02-30T11:17:49Z"))
        }
    }

    @Test(arguments: [
        ("2020-10-08T11:17:49.131Z", "2020-10-08T11:17:49.131Z"),
        ("2020-10-08T11:17:49.000Z", "2020-10-08T11:17:49Z"),
        ("2020-10-08T11:17:49.1Z", "2020-10-08T11:17:49.100Z"),
        ("2020-07-22T18:33:15+0100", "2020-07-22T17:33:15Z"),
        ("4001-01-01T00:00:00+0000", "4001-01-01T00:00:00Z"),
        ("1969-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z"),
        ("0000-01-01T00:00:00Z", "0000-01-01T00:00:00Z"),
        ("9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"),
    ])
    func formatsInUTC(text: String, formatted: String) throws {
        let date = try #require(try RFC3339.parse(text))
        #expect(RFC3339.format(date) == formatted)
        #expect(try RFC3339.parse(formatted) == date)
    }

    @Test func formatRoundTripsEveryMillisecondPattern() throws {
        // A linear congruential walk covers years 0000-9999 and every millisecond remainder.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let span: UInt64 = 253_402_300_800_000 + 62_167_219_200_000
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let milliseconds = Int64(state % span) - 62_167_219_200_000
            let date = Date(timeIntervalSinceReferenceDate: Double(milliseconds - 978_307_200_000) / 1000)
            let text = try #require(RFC3339.format(date))
            #expect(try RFC3339.parse(text) == date, "\(text)")
        }
    }

    @Test func datesOutsideFourDigitYearsCannotBeFormatted() {
        #expect(RFC3339.format(Date(timeIntervalSince1970: 253_402_300_800)) == nil)
        #expect(RFC3339.format(Date(timeIntervalSince1970: -62_167_219_201)) == nil)
        #expect(RFC3339.format(Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(RFC3339.format(Date(timeIntervalSince1970: .nan)) == nil)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` is read at fixed places; the same text with `+00:00` for `Z` goes through the
    /// scanner. Over fields in and out of range, and any byte put anywhere but the `Z`, both read the same
    /// instant or both refuse.
    @Test func theFixedUTCFormReadsAsTheScannerDoes() {
        let seed = SeededGenerator.runSeed()
        var generator = SeededGenerator(seed: seed)
        func field(_ range: ClosedRange<Int>, _ width: Int) -> [UInt8] {
            let value = String(Int.random(in: range, using: &generator))
            return Array((String(repeating: "0", count: max(0, width - value.count)) + value).utf8)
        }
        for round in 0..<20_000 {
            var text =
                field(0...9999, 4) + [0x2D] + field(0...13, 2) + [0x2D] + field(0...32, 2) + [0x54] + field(0...24, 2)
                + [0x3A] + field(0...60, 2) + [0x3A] + field(0...60, 2) + [0x5A]
            if round % 2 == 1 {
                text[Int.random(in: 0..<19, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            let scanned = Array(text.dropLast()) + Array("+00:00".utf8)
            #expect(
                (try? RFC3339.parse(text[...])) == (try? RFC3339.parse(scanned[...])),
                "\(String(decoding: text, as: UTF8.self).debugDescription); replay with RECEIPT_CHECK_SEED=\(seed)")
        }
    }

    @Test func civilArithmeticMatchesDayByDayCounting() {
        var days = RFC3339.daysFromCivil(year: 1600, month: 1, day: 1)
        var mismatches: [String] = []
        for year in Int64(1600)...2400 {
            for month in Int64(1)...12 {
                let length: Int64
                switch month {
                case 2: length = (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28
                case 4, 6, 9, 11: length = 30
                default: length = 31
                }
                for day in 1...length {
                    let civil = RFC3339.civil(fromDays: days)
                    if RFC3339.daysFromCivil(year: year, month: month, day: day) != days
                        || civil.year != year || Int64(civil.month) != month || Int64(civil.day) != day
                    {
                        mismatches.append("\(year)-\(month)-\(day)")
                    }
                    days += 1
                }
            }
        }
        #expect(mismatches.isEmpty)
    }
}
