import Foundation
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting
@testable import ReceiptStore

/// The store at the library's level: a notification kept once by its UUID, the latest word per original
/// transaction whatever the order of arrival, failed verification quarantined and never trusted, the schema
/// migrated once, and a customer decided exactly as `verify --combine` decides over the same payloads.
@Suite(.timeLimit(.minutes(10))) struct NotificationStoreTests {
    typealias S = StoreMaterial

    @Test func theSameUUIDIsKeptOnce() throws {
        let scratch = try S.Scratch()
        let intake = try NotificationIntake(validator: try S.validator(), store: try scratch.open())
        let body = try S.notification(uuid: "8f1b7d6e-0000-4000-8000-000000000001")
        #expect(intake.receive(body) == .stored(uuid: "8f1b7d6e-0000-4000-8000-000000000001"))
        #expect(intake.receive(body) == .duplicate(uuid: "8f1b7d6e-0000-4000-8000-000000000001"))
        #expect(try intake.store.counts() == StoreCounts(notifications: 1, quarantined: 0))
        // Kept across a reopening: the file is the store.
        #expect(try scratch.open().counts() == StoreCounts(notifications: 1, quarantined: 0))
    }

    @Test func anOlderNotificationArrivingLateNeverOverridesANewerOne() throws {
        let scratch = try S.Scratch()
        let intake = try NotificationIntake(validator: try S.validator(), store: try scratch.open())
        let newer = try S.notification(uuid: "newer", type: "EXPIRED", signed: "2026-11-21T00:00:00Z")
        let older = try S.notification(uuid: "older", type: "DID_RENEW", signed: "2026-11-20T00:00:00Z")
        #expect(intake.receive(newer) == .stored(uuid: "newer"))
        #expect(intake.receive(older) == .stored(uuid: "older"))
        let latest = try intake.store.latestWord(of: "1001", bundleID: StoreKit2Material.bundleID)
        #expect(latest.map(\.notificationUUID) == ["newer"], "\(latest)")
        // And in the other order.
        let again = try S.Scratch()
        let other = try NotificationIntake(validator: try S.validator(), store: try again.open())
        _ = other.receive(older)
        _ = other.receive(newer)
        #expect(
            try other.store.latestWord(of: "1001", bundleID: StoreKit2Material.bundleID).map(\.notificationUUID) == [
                "newer"
            ])
    }

    /// Forged, other app, other environment, no notification at all: refused with a reason, quarantined,
    /// never a customer's state.
    @Test func whatFailsVerificationIsQuarantinedNeverKept() throws {
        let scratch = try S.Scratch()
        let validator = try S.validator { $0.environment = .production }
        let intake = try NotificationIntake(validator: validator, store: try scratch.open())
        let good = try S.notification(uuid: "good")
        let jws = String(String(decoding: good, as: UTF8.self).split(separator: "\"")[3])
        let forged = Array(#"{"signedPayload":"\#(try StoreKit2Material.tampered(jws))"}"#.utf8)
        let strange = try TestPKI.generate(
            {
                var options = TestPKI.Options()
                options.keyType = .ec
                return options
            }())
        let cases: [([UInt8], String)] = [
            (forged, "signature_mismatch"),
            (try S.notification(uuid: "stranger", signer: strange), "untrusted"),
            (try S.notification(uuid: "other-app", bundle: "com.example.other"), "bundle_id_mismatch"),
            (try S.notification(uuid: "sandbox", environment: "Sandbox"), "environment"),
            (Array(StoreKit2Material.transaction().utf8), "unsupported_format"),
            (Array(try StoreKit2Material.jws(StoreKit2Material.transaction()).utf8), "not_a_notification"),
            (try S.notification(uuid: ""), "not_a_notification"),
        ]
        for (body, reason) in cases {
            guard case .refused(let said, let message) = intake.receive(body) else {
                Issue.record("accepted: \(String(decoding: body.prefix(80), as: UTF8.self))")
                continue
            }
            #expect(said.contains(reason), "\(said): \(message)")
        }
        #expect(try intake.store.counts() == StoreCounts(notifications: 0, quarantined: cases.count))
        let lookup = CustomerLookup(validator: validator, store: intake.store, rules: try S.rules())
        #expect(try lookup.answer(for: "1001") == nil)
    }

    /// The customer's decision is `verdict(combining:)`'s over the same bodies, whichever order they came in:
    /// a renewal signed before the refund, arriving after it, does not undo the refund.
    @Test func aCustomerIsDecidedAsCombineDecides() throws {
        let bodies = [
            try S.notification(uuid: "renew", type: "DID_RENEW", signed: "2026-11-20T00:00:00Z"),
            try S.notification(
                uuid: "refund", type: "REFUND", signed: "2026-11-21T00:00:00Z",
                transactionExtra: #","revocationDate":"2026-11-21T00:00:00Z","revocationReason":0"#),
        ]
        let validator = try S.validator()
        let rules = try S.rules()
        let combined = validator.verdict(
            combining: bodies.map { validator.validate($0, input: "file") }, rules: rules)
        #expect(combined.report.status == .valid && !combined.grants("pro"), "\(combined.report.message ?? "")")
        for order in [bodies, bodies.reversed()] {
            let scratch = try S.Scratch()
            let intake = try NotificationIntake(validator: validator, store: try scratch.open())
            for body in order {
                guard case .stored = intake.receive(body) else {
                    Issue.record("not stored")
                    continue
                }
            }
            let lookup = CustomerLookup(validator: validator, store: intake.store, rules: rules)
            let answer = try #require(try lookup.answer(for: "1001"))
            #expect(answer.verdict.decision == combined.decision)
            #expect(answer.verdict.grants("pro") == combined.grants("pro"))
            #expect(answer.evidence.map(\.uuid) == ["renew", "refund"])
            #expect(answer.latest.map(\.notificationUUID) == ["refund"])
            #expect(answer.verdict.report.inputs?.map(\.input) == ["notification renew", "notification refund"])
        }
    }

    @Test func aCustomerIsFoundByTheirAccountToken() throws {
        let scratch = try S.Scratch()
        let validator = try S.validator()
        let intake = try NotificationIntake(validator: validator, store: try scratch.open())
        let token = "7e3c4d2a-1111-4222-8333-944455556666"
        _ = intake.receive(try S.notification(uuid: "a", id: "1001", token: token))
        _ = intake.receive(try S.notification(uuid: "b", id: "2002"))
        let lookup = CustomerLookup(validator: validator, store: intake.store, rules: try S.rules())
        let answer = try #require(try lookup.answer(for: token))
        #expect(answer.evidence.map(\.uuid) == ["a"])
        #expect(answer.verdict.grants("pro"))
    }

    @Test func theSchemaIsMigratedOnceAndANewerOneRefused() throws {
        let scratch = try S.Scratch()
        _ = try scratch.open()
        _ = try scratch.open()
        let connection = try ReceiptSQLiteAccess.connection(scratch.path)
        let versions = try connection.query("SELECT version FROM schema_migrations", columns: 1)
        #expect(versions == (1...StoreSchema.version).map { [.integer(Int64($0))] })
        try connection.run("INSERT INTO schema_migrations VALUES (?, 0)", [.integer(Int64(StoreSchema.version) + 1)])
        #expect(throws: StoreError.self) { try scratch.open() }
    }

    @Test func aStoreAddressIsSQLiteOrRefused() throws {
        #expect(try StoreLocation.parse("sqlite:///var/lib/rc/store.db") == .sqlite(path: "/var/lib/rc/store.db"))
        #expect(try StoreLocation.parse("sqlite:store.db") == .sqlite(path: "store.db"))
        #expect(try StoreLocation.parse("/var/lib/rc/store.db") == .sqlite(path: "/var/lib/rc/store.db"))
        #expect(try StoreLocation.parse("./a:b") == .sqlite(path: "./a:b"))
        for refused in ["postgresql://db/rc", "postgres://db", "mysql://x", "sqlite://", ""] {
            #expect(throws: StoreError.self, "\(refused)") { try StoreLocation.parse(refused) }
        }
        // Said by name: a PostgreSQL address is no unknown kind of store.
        do throws(StoreError) {
            _ = try StoreLocation.parse("postgresql://db/rc")
            Issue.record("a PostgreSQL address taken")
        } catch {
            #expect(error.message.contains("PostgreSQL"), "\(error.message)")
        }
    }

    @Test func anIntakeNeedsTheAppsBundleID() throws {
        let scratch = try S.Scratch()
        let root = try Certificate(der: try StoreKit2Material.pki().root.certificateDER)
        let unbound = try ReceiptValidator(policy: .custom(roots: [root]))
        #expect(throws: StoreError.self) { try NotificationIntake(validator: unbound, store: try scratch.open()) }
    }

    /// Anyone can post to the public URL: what is kept of a refused body is bounded.
    @Test func aQuarantinedBodyIsBounded() throws {
        let scratch = try S.Scratch()
        let intake = try NotificationIntake(validator: try S.validator(), store: try scratch.open())
        guard case .refused = intake.receive([UInt8](repeating: 0x41, count: 1 << 20)) else {
            Issue.record("a megabyte of garbage not refused")
            return
        }
        let rows = try ReceiptSQLiteAccess.connection(scratch.path).query(
            "SELECT LENGTH(body_base64), message FROM quarantine", columns: 2)
        #expect(rows.first?.first == .integer(Int64((QuarantinedNotification.keptBytes + 2) / 3 * 4)), "\(rows)")
    }

    /// The store is not trusted beyond what Apple signed: a row altered on disk (a refund's body swapped for
    /// a forged renewal) decides nothing.
    @Test func aRowAlteredOnDiskDecidesNothing() throws {
        let scratch = try S.Scratch()
        let validator = try S.validator()
        let intake = try NotificationIntake(validator: validator, store: try scratch.open())
        _ = intake.receive(try S.notification(uuid: "renewal"))
        let lookup = CustomerLookup(validator: validator, store: intake.store, rules: try S.rules())
        #expect(try lookup.answer(for: "1001")?.verdict.grants("pro") == true)
        let body = String(decoding: try S.notification(uuid: "renewal"), as: UTF8.self)
        let jws = String(body.split(separator: "\"")[3])
        let forged = #"{"signedPayload":"\#(try StoreKit2Material.tampered(jws))"}"#
        try ReceiptSQLiteAccess.connection(scratch.path).run(
            "UPDATE notifications SET body = ? WHERE notification_uuid = 'renewal'", [.text(forged)])
        let answer = try #require(try lookup.answer(for: "1001"))
        #expect(answer.verdict.report.status != .valid && !answer.verdict.grants("pro"))
    }
}
