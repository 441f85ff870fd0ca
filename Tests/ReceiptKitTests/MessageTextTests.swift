import Foundation
import Testing

@testable import ReceiptKit

/// Messages say what happened in words that read: articles, limits as the caller set them, and
/// identifiers that differ only beyond ASCII shown apart.
@Suite struct MessageTextTests {
    typealias M = StoreKit2Material

    @Test func kindsTakeTheirArticle() throws {
        let body = try M.response(ServerResponseTests.history([M.appTransaction()]))
        let report = try M.validate(body)
        #expect(
            report.message?.contains("an app_transaction payload where a transaction belongs") == true,
            "\(report.message ?? "")")
        let realtime = try M.validate(
            try M.jws(#"{"requestIdentifier":"r","userLocale":"en-US","signedDate":"2026-11-20T00:00:00Z"}"#)
        ) { $0.deviceVerificationID = DeviceVerification.DeviceID(parsing: M.device) }
        #expect(realtime.message?.contains("a realtime_request payload is bound to no device") == true)
    }

    /// Details built from parts read as the parts one after another, whatever their lengths and bytes.
    @Test func joinedPartsReadAsTheirConcatenation() {
        let parts = ["", "PKCS#7 ", "com.\u{212A}ing", "", "🧾 receipt", String(repeating: "x", count: 40), ""]
        for count in 1...parts.count {
            let chosen = Array(parts.prefix(count))
            let joined =
                count == 1
                ? String(joining: chosen[0])
                : chosen.dropFirst(2).reduce(String(joining: chosen[0], chosen[1])) { String(joining: $0, $1) }
            #expect(joined.utf8.elementsEqual(chosen.joined().utf8), "\(chosen)")
        }
        let three = String(joining: parts[1], parts[2], parts[4])
        #expect(three.utf8.elementsEqual((parts[1] + parts[2] + parts[4]).utf8))
        #expect(String(joining: "4", " in-app purchases, ", "11", " kept") == "4 in-app purchases, 11 kept")
    }

    /// `com.\u{212A}ing` (Kelvin sign) fails `com.King`, and the message shows why.
    @Test func lookAlikeIdentifiersAreShownApart() throws {
        let kelvin = "com.\u{212A}ing"
        let report = try M.validate(try M.jws(M.transaction(bundle: kelvin))) { $0.bundleID = "com.King" }
        #expect(report.reason == .bundleIDMismatch)
        #expect(report.message == #"bundle id is com.\u{212A}ing, expected com.King"#, "\(report.message ?? "")")
        let check = RequirementCheck.bundleID("com.King", expected: kelvin)
        #expect(check.detail == #"bundle id is com.King, expected com.\u{212A}ing"#)
    }

    @Test func tooManyFactsNamesTheFactsLimit() throws {
        let members = (0...AppFacts.maximumCount).map { "\"f\($0)\":1" }.joined(separator: ",")
        var facts = AppFacts()
        #expect(throws: AppFacts.FactError("more than \(AppFacts.maximumCount) facts")) {
            try facts.add(json: Array("{\(members)}".utf8))
        }
    }
}
