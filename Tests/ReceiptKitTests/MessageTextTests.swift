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
