import Foundation
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

/// DEL, U+0085, U+2028 and U+2029 from a signed payload are escaped by every JSON writer, so one
/// report stays one line for readers that split at them (Swift's `isNewline`, Python's `splitlines`).
@Suite struct LineBreakEscapingTests {
    typealias M = StoreKit2Material

    static let breaks = "a\u{7F}b\u{85}c\u{2028}d\u{2029}e"

    /// One line, and each break written as its escape.
    static func expectOneLine(_ bytes: [UInt8], _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline)
        #expect(lines.count == 1, "\(label): \(lines.count) lines", sourceLocation: sourceLocation)
        #expect(
            text.contains(#"a\u007fb\u0085c\u2028d\u2029e"#), "\(label): \(text)", sourceLocation: sourceLocation)
    }

    @Test func everyWriterEscapesLineBreaks() throws {
        let payload = M.transaction(extra: #","note":"\#(Self.breaks)""#)
            .replacingOccurrences(of: "pro.monthly", with: Self.breaks)
        let report = try M.validate(Array(try M.jws(payload).utf8)) { $0.bundleID = M.bundleID }
        #expect(report.status == .valid, "\(report.message ?? "")")
        let plain = Verdict(report: report)
        let ruled = Verdict(report: report, rules: try JWSReportJSONTests.rules(), binding: JWSReportJSONTests.bound)
        for verdict in [plain, ruled] {
            Self.expectOneLine(Array(try verdict.encoded(pretty: false).utf8.dropLast()), "JSONEncoder")
            Self.expectOneLine(Array(try verdict.json(pretty: false).utf8.dropLast()), "json")
            let pretty = try verdict.json(pretty: true)
            #expect(pretty == (try verdict.encoded(pretty: true)))
            #expect(!pretty.unicodeScalars.contains { [0x7F, 0x85, 0x2028, 0x2029].contains($0.value) })
        }
        var body = VerifyReceiptBody()
        body.open()
        body.member("status", Self.breaks)
        body.close()
        Self.expectOneLine(Array(body.text.utf8), "verifyReceipt")
    }

    /// Each byte that needs escaping, at every place of a string long enough to be scanned a word at a time,
    /// escaped as `JSONEncoder` escapes it and the line breaks after it; and plain strings copied as they are.
    @Test func escapesEveryByteThatNeedsItWhereverItIs() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let specials = ["\u{0}", "\u{1F}", "\"", "\\", "\n", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "é", "/"]
        for special in specials {
            // Up to 41 bytes: the check reads four words a turn while 32 bytes are left.
            for place in 0...40 {
                let text = String(repeating: "a", count: place) + special + String(repeating: "b", count: 40 - place)
                var out: [UInt8] = []
                JSONString.append(text, to: &out)
                let expected = JSONString.escapingLineBreaks(Array(try encoder.encode(text)))
                #expect(out == expected, "\(special.unicodeScalars.map(\.value)) at \(place)")
            }
        }
    }

    @Test func escapesOnlyTheLineBreaks() {
        var out: [UInt8] = []
        JSONString.append("\u{80}\u{86}\u{2027}\u{202A}é日\u{E2}\u{C2}", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\"\u{80}\u{86}\u{2027}\u{202A}é日\u{E2}\u{C2}\"")
        let encoded = Array("{\"\u{2028}\":\"\\n\u{7F}\"}".utf8)
        #expect(String(decoding: JSONString.escapingLineBreaks(encoded), as: UTF8.self) == #"{"\u2028":"\n\u007f"}"#)
    }
}
