import Foundation
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting
@testable import ReceiptStore

/// Signed data of the App Store Server API in the store: a transaction kept once by its id and signed date,
/// never taken by the notifications' own intake, the latest signed copy standing whatever the order of
/// arrival, and the customers a reconcile asks about listed per environment.
@Suite(.timeLimit(.minutes(10))) struct SignedDataStoreTests {
    typealias S = StoreMaterial
    typealias M = StoreKit2Material

    static func transaction(signed: String, environment: String = "Production") throws -> [UInt8] {
        let spec = M.transaction(environment: environment).replacingOccurrences(
            of: "\"signedDate\":\"2026-11-20T00:00:00Z\"", with: "\"signedDate\":\"\(signed)\"")
        return Array(try M.jws(spec).utf8)
    }

    @Test(arguments: S.Backend.allCases) func aTransactionIsKeptOnceAndOnlyAsSignedData(_ backend: S.Backend) throws {
        let scratch = try S.Scratch(backend)
        let intake = try NotificationIntake(validator: try S.validator(), store: try scratch.open())
        let body = try Self.transaction(signed: "2026-11-20T00:00:00Z")
        // POST /notifications takes notifications only.
        guard case .refused(let reason, _) = intake.receive(body) else {
            Issue.record("a bare transaction was taken as a notification")
            return
        }
        #expect(reason == "not_a_notification")
        let key = "transaction:1001:1795132800000"
        #expect(intake.receive(body, signedData: true) == .stored(uuid: key))
        #expect(intake.receive(body, signedData: true) == .duplicate(uuid: key))
        #expect(try intake.store.counts() == StoreCounts(notifications: 1, quarantined: 1))
    }

    @Test(arguments: S.Backend.allCases) func theLatestSignedCopyStandsWhateverTheOrder(_ backend: S.Backend) throws {
        let scratch = try S.Scratch(backend)
        let intake = try NotificationIntake(validator: try S.validator(), store: try scratch.open())
        let newer = try Self.transaction(signed: "2026-11-21T00:00:00Z")
        let older = try Self.transaction(signed: "2026-11-20T00:00:00Z")
        _ = intake.receive(newer, signedData: true)
        _ = intake.receive(older, signedData: true)
        let latest = try intake.store.latestWord(of: "1001", bundleID: M.bundleID)
        #expect(latest.map(\.notificationUUID) == ["transaction:1001:1795219200000"], "\(latest)")
        #expect(try intake.store.customers(bundleID: M.bundleID, environment: "production", limit: 10) == ["1001"])
        #expect(try intake.store.customers(bundleID: M.bundleID, environment: "sandbox", limit: 10) == [])
        #expect(try intake.store.customers(bundleID: "com.other.app", environment: "production", limit: 10) == [])
    }
}
