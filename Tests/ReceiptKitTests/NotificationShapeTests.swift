import Foundation
import Testing

@testable import ReceiptKit

/// Notifications as Apple sends them: the app read from `data`, `summary`, `externalPurchaseToken` or
/// `appData`; `appData`'s AppTransaction verified like `data`'s members; realtime requests; the
/// 2025-26 payload members typed.
@Suite(.timeLimit(.minutes(10))) struct NotificationShapeTests {
    typealias M = StoreKit2Material

    static func rescindConsent(_ appTransaction: String) -> String {
        """
        {"notificationType":"RESCIND_CONSENT","notificationUUID":"002e14d5-51f5-4503-b5a8-c3a1af68eb20",
        "version":"2.0","signedDate":"2026-11-21T00:00:00Z",
        "appData":{"appAppleId":\(M.appAppleID),"bundleId":"\(M.bundleID)","environment":"Production",
        "signedAppTransactionInfo":\(appTransaction)}}
        """
    }

    @Test func appDataAppTransactionIsVerifiedAndDecoded() throws {
        let report = try M.validate(try M.jws(Self.rescindConsent(M.appTransaction()))) {
            $0.bundleID = M.bundleID
            $0.environment = .production
            $0.appAppleID = M.appAppleID
        }
        #expect(report.status == .valid, "\(report.message ?? "")")
        let nested = try #require(report.jws?.nested["appData.signedAppTransactionInfo"])
        #expect(nested.status == .valid && nested.jws?.kind == .appTransaction)
        let facts = try #require(EntitlementFacts(report: report))
        #expect(facts.originalApplicationVersion == "1.4" && facts.bundleID == M.bundleID)
    }

    @Test func tamperedAppDataAppTransactionFailsTheNotification() throws {
        let inner = try M.tampered(try M.jws(M.appTransaction()))
        let report = try M.validate(try M.jws(Self.rescindConsent("\"\(inner)\"")))
        #expect(report.status == .invalid && report.reason == .nestedJWSInvalid)
        #expect(report.jws?.nested["appData.signedAppTransactionInfo"]?.reason == .signatureMismatch)
        #expect(EntitlementFacts(report: report) == nil)
    }

    @Test func appDataAppTransactionUnderAnUntrustedRootFailsTheNotification() throws {
        let rogue = try M.jws(M.appTransaction(), try CheckMaterial.rogueECPKI.get())
        let report = try M.validate(try M.jws(Self.rescindConsent("\"\(rogue)\"")))
        #expect(report.reason == .nestedJWSInvalid)
        #expect(report.jws?.nested["appData.signedAppTransactionInfo"]?.reason == .untrustedChain)
    }

    static let summary = """
        {"notificationType":"RENEWAL_EXTENSION","subtype":"SUMMARY","version":"2.0",
        "notificationUUID":"0b2c6d4e-0000-4000-8000-000000000002","signedDate":"2026-11-21T00:00:00Z",
        "summary":{"requestIdentifier":"efb27071-45a4-4aca-9854-2a1e9146f265","environment":"Sandbox",
        "appAppleId":\(M.appAppleID),"bundleId":"\(M.bundleID)","productId":"pro.monthly",
        "storefrontCountryCodes":["CAN","USA"],"succeededCount":5,"failedCount":2}}
        """

    /// `extra` adds members to the token, as a custom link token carries more.
    static func externalPurchaseToken(_ id: String, extra: String = "") -> String {
        """
        {"notificationType":"EXTERNAL_PURCHASE_TOKEN","subtype":"UNREPORTED","version":"2.0",
        "notificationUUID":"0b2c6d4e-0000-4000-8000-000000000003","signedDate":"2026-11-21T00:00:00Z",
        "externalPurchaseToken":{"externalPurchaseId":"\(id)","tokenCreationDate":1698148950000,\(extra)
        "appAppleId":\(M.appAppleID),"bundleId":"\(M.bundleID)"}}
        """
    }

    @Test func summaryNamesTheAppAndEnvironment() throws {
        let jws = try M.jws(Self.summary)
        let report = try M.validate(jws) {
            $0.bundleID = M.bundleID
            $0.environment = .sandbox
        }
        #expect(report.status == .valid, "\(report.message ?? "")")
        #expect(try M.validate(jws) { $0.bundleID = "com.example.other" }.reason == .bundleIDMismatch)
        #expect(try M.validate(jws) { $0.environment = .production }.reason == .environmentMismatch)
    }

    @Test func externalPurchaseTokenEnvironmentFollowsItsID() throws {
        let sandbox = try M.jws(Self.externalPurchaseToken("SANDBOX_b2158121-7af9-49d4-9561-1f588205523e"))
        let production = try M.jws(Self.externalPurchaseToken("b2158121-7af9-49d4-9561-1f588205523e"))
        #expect(
            try M.validate(sandbox) {
                $0.bundleID = M.bundleID; $0.environment = .sandbox
            }.status == .valid)
        #expect(try M.validate(sandbox) { $0.environment = .production }.reason == .environmentMismatch)
        #expect(try M.validate(production) { $0.environment = .production }.status == .valid)
        #expect(try M.validate(production) { $0.bundleID = "com.example.other" }.reason == .bundleIDMismatch)
    }

    @Test func appAppleIDIsCheckedWhereverCarried() throws {
        let app = try M.jws(M.appTransaction())
        #expect(try M.validate(app) { $0.appAppleID = M.appAppleID }.status == .valid)
        let other = try M.validate(app) { $0.appAppleID = 42 }
        #expect(other.reason == .appAppleIDMismatch && other.status == .invalid)
        let summary = try M.jws(Self.summary)
        #expect(try M.validate(summary) { $0.appAppleID = 42 }.reason == .appAppleIDMismatch)
        // A transaction names no app Apple id: nothing to check, and nothing recorded.
        let transaction = try M.validate(try M.jws(M.transaction())) { $0.appAppleID = 42 }
        #expect(transaction.status == .valid && !transaction.checks.contains { $0.name == .appAppleID })
    }

    @Test func productionInputWithoutAppAppleIDFails() throws {
        let spec = M.appTransaction().replacingOccurrences(of: "\"appAppleId\":\(M.appAppleID),", with: "")
        let production = try M.validate(try M.jws(spec)) { $0.appAppleID = M.appAppleID }
        #expect(production.reason == .appAppleIDMismatch)
        let sandbox = spec.replacingOccurrences(of: "Production", with: "Sandbox")
        #expect(try M.validate(try M.jws(sandbox)) { $0.appAppleID = M.appAppleID }.status == .valid)
    }

    @Test func realtimeRequestIsItsOwnKind() throws {
        let spec = """
            {"originalTransactionId":"1001","appAppleId":\(M.appAppleID),"productId":"pro.monthly",
            "userLocale":"en-US","requestIdentifier":"3db5c98d-8acf-4e29-831e-8e1f82f9f6e9",
            "signedDate":"2026-11-21T00:00:00Z","environment":"Production"}
            """
        let report = try M.validate(try M.jws(spec)) { $0.appAppleID = M.appAppleID }
        #expect(report.status == .valid, "\(report.message ?? "")")
        guard case .realtimeRequest(let request)? = report.jws?.payload else {
            Issue.record("not a realtime request: \(String(describing: report.jws?.kind))")
            return
        }
        #expect(request.userLocale == "en-US" && request.unknown.isEmpty)
        // It proves no purchase: rules read nothing from it.
        #expect(EntitlementFacts(report: report)?.purchases.isEmpty == true)
    }

    @Test func payloadFieldsOf2025And2026AreTyped() throws {
        let transaction = M.transaction(
            extra: """
                ,"revocationType":"REFUND_PRORATED","revocationPercentage":40000,"billingPlanType":"MONTHLY",
                "advancedCommerceInfo":{"requestReferenceId":"r1"},"commitmentInfo":{"commitmentPeriod":"P1Y"},
                "laterField":true
                """)
        guard case .transaction(let decoded)? = try M.validate(try M.jws(transaction)).jws?.payload else {
            Issue.record("not a transaction")
            return
        }
        #expect(decoded.revocationType == .known(.refundProrated) && decoded.revocationPercentage == 40000)
        #expect(decoded.billingPlanType == .known(.monthly))
        #expect(decoded.advancedCommerceInfo?.json == .object(["requestReferenceId": .string("r1")]))
        #expect(decoded.advancedCommerceInfo?.requestReferenceId == "r1")
        // A member Apple's model does not name is kept, and the object printed as it came.
        #expect(decoded.commitmentInfo?.unknown == ["commitmentPeriod": .string("P1Y")])
        #expect(decoded.commitmentInfo?.json == .object(["commitmentPeriod": .string("P1Y")]))
        #expect(Array(decoded.unknown.keys) == ["laterField"])

        let renewal = M.renewal(
            extra: #","renewalBillingPlanType":"BILLED_UPFRONT","commitmentInfo":{"a":1},"advancedCommerceInfo":{}"#)
        guard case .renewalInfo(let info)? = try M.validate(try M.jws(renewal)).jws?.payload else {
            Issue.record("not a renewal info")
            return
        }
        #expect(info.renewalBillingPlanType == .known(.billedUpfront) && info.commitmentInfo != nil)
        #expect(info.advancedCommerceInfo?.json == .object([:]) && info.unknown.isEmpty)
    }

    @Test func notificationTypesOf2025And2026AreKnown() {
        for type in ["RESCIND_CONSENT", "METADATA_UPDATE", "MIGRATION", "PRICE_CHANGE"] {
            #expect(NotificationPayload.NotificationType.describe(type: type, subtype: nil) == type)
        }
        #expect(
            NotificationPayload.NotificationType.describe(type: "NEW_IN_2027", subtype: "X").contains("does not know"))
    }
}
