import Foundation
import Testing

@testable import ReceiptKit

/// `--format verifyreceipt` against Apple's own answers: every recorded exchange, field by field and
/// type by type (Scripts/compare-verifyreceipt.py), and every date Apple wrote, Pacific time included.
@Suite struct VerifyReceiptExchangeTests {
    /// Runs each exchange as it was sent (its request body, emulating the endpoint it went to) and
    /// compares the bodies: apart from what only Apple's server knows, and the differences Apple's own
    /// answers show over time (each listed with its reason in the script), the output equals Apple's.
    @Test func everyExchangeEqualsApplesAnswer() throws {
        let exchanges = VerifyReceiptExchanges.all()
        #expect(exchanges.count == 12)
        let scratch = try ScratchDirectory()
        for exchange in exchanges {
            let environment = exchange.environment.map { ["--environment", $0] } ?? []
            let result = try CLI.run(
                ["verify", "--format", "verifyreceipt", "--quiet"] + environment + [exchange.input])
            _ = try scratch.write(exchange.name + ".json", Array(result.stdout.utf8))
            let apple = try JSONSerialization.jsonObject(with: Data(contentsOf: exchange.response)) as? [String: Any]
            // Exit statuses stay verify's: 0 valid, 2 for the wrong environment, 65 for data that is no receipt.
            let expectedExit: Int32 =
                switch apple?["status"] as? Int {
                case 0: 0
                case 21007, 21008: 2
                default: 65
                }
            #expect(result.status == expectedExit, "\(exchange.name): \(result.stderr)")
            #expect(result.stdout.hasSuffix("}\n") && result.stdout.split(separator: "\n").count == 1)
        }
        let script = CLI.packageRoot.appendingPathComponent("Scripts/compare-verifyreceipt.py").path
        let comparison = try CLI.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script, VerifyReceiptExchanges.directory.path, scratch.path], stdin: nil)
        print(comparison.stdout)
        #expect(comparison.status == 0, "\(comparison.stdout)\(comparison.stderr)")
        #expect(comparison.stdout.contains("12 exchanges, 0 unexplained differences"))
    }

    /// Every date triplet Apple wrote (receipt, in_app, latest_receipt_info, renewal info), rebuilt from
    /// its `_ms`: the GMT text and the Pacific text with daylight saving as Apple applied it.
    @Test func everyAppleDateIsWrittenAsAppleWroteIt() throws {
        var checked = 0
        var daylight = 0
        for exchange in VerifyReceiptExchanges.all() {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: exchange.response))
            var pending: [Any] = [json]
            while let value = pending.popLast() {
                if let array = value as? [Any] {
                    pending += array
                    continue
                }
                guard let object = value as? [String: Any] else { continue }
                pending += Array(object.values)
                for (key, value) in object where key.hasSuffix("_ms") {
                    let name = String(key.dropLast(3))
                    guard let text = value as? String, let milliseconds = Int64(text),
                        let gmt = object[name] as? String, let pst = object[name + "_pst"] as? String
                    else { continue }
                    let written = VerifyReceiptDate(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
                    #expect(
                        written.map { [$0.gmt, $0.milliseconds, $0.pacific] } == [gmt, text, pst],
                        "\(exchange.name) \(key)")
                    checked += 1
                    if PacificTime.offsetSeconds(atUTC: milliseconds / 1000) == PacificTime.daylightOffsetSeconds {
                        daylight += 1
                    }
                }
            }
        }
        #expect(checked >= 800, "\(checked) dates")
        #expect(daylight > 100 && daylight < checked, "both standard and daylight time occur")
    }

    /// The changes themselves, on both sides of each, under the 2007 rules and the rules before.
    @Test(arguments: [
        ("2019-03-10T09:59:59Z", "2019-03-10 01:59:59"), ("2019-03-10T10:00:00Z", "2019-03-10 03:00:00"),
        ("2019-11-03T08:59:59Z", "2019-11-03 01:59:59"), ("2019-11-03T09:00:00Z", "2019-11-03 01:00:00"),
        ("2006-04-02T09:59:59Z", "2006-04-02 01:59:59"), ("2006-04-02T10:00:00Z", "2006-04-02 03:00:00"),
        ("2006-10-29T08:59:59Z", "2006-10-29 01:59:59"), ("2006-10-29T09:00:00Z", "2006-10-29 01:00:00"),
        ("2007-03-11T10:00:00Z", "2007-03-11 03:00:00"), ("2007-11-04T09:00:00Z", "2007-11-04 01:00:00"),
        ("2016-01-01T00:00:00Z", "2015-12-31 16:00:00"), ("2016-07-01T00:00:00Z", "2016-06-30 17:00:00"),
    ])
    func daylightSavingChangesAtTheLawfulInstant(_ utc: String, _ pacific: String) throws {
        let date = try #require(try RFC3339.parse(utc))
        let seconds = Int64(date.timeIntervalSince1970)
        #expect(VerifyReceiptDate.civilText((seconds + PacificTime.offsetSeconds(atUTC: seconds)) * 1000) == pacific)
    }

    /// `_ms` is the date's own milliseconds: a date read as `.123` is written `...123`, never one less (the
    /// 1970-based double of a date kept relative to 2001 is often just below the whole millisecond).
    @Test func millisecondsAreExact() throws {
        var checked = 0
        for fraction in stride(from: 1, to: 1000, by: 7) {
            let text = "2019-11-04T03:20:41." + String(String(fraction + 1000).dropFirst()) + "Z"
            let date = try #require(try RFC3339.parse(text))
            let written = try #require(VerifyReceiptDate(date))
            #expect(written.milliseconds == String(1_572_837_641_000 + Int64(fraction)), "\(text)")
            checked += 1
        }
        #expect(checked == 143)
    }

    /// The system's tzdata (a test dependency) agrees hour by hour from 1990 to 2040.
    @Test func agreesWithTheSystemTimeZoneDatabase() throws {
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        try #require(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_562_000_000)) == -7 * 3600)
        var seconds: Int64 = 631_152_000
        var disagreements: [Int64] = []
        while seconds < 2_208_988_800 {
            let system = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
            if PacificTime.offsetSeconds(atUTC: seconds) != system {
                disagreements.append(seconds)
            }
            seconds += 3600
        }
        #expect(disagreements.isEmpty, "first at \(disagreements.prefix(5))")
    }
}
