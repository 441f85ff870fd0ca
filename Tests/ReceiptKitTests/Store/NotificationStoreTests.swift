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

    @Test(arguments: S.Backend.allCases) func theSameUUIDIsKeptOnce(_ backend: S.Backend) throws {
        let scratch = try S.Scratch(backend)
        let intake = try NotificationIntake(validator: try S.validator(), store: try scratch.open())
        let body = try S.notification(uuid: "8f1b7d6e-0000-4000-8000-000000000001")
        #expect(intake.receive(body) == .stored(uuid: "8f1b7d6e-0000-4000-8000-000000000001"))
        #expect(intake.receive(body) == .duplicate(uuid: "8f1b7d6e-0000-4000-8000-000000000001"))
        #expect(try intake.store.counts() == StoreCounts(notifications: 1, quarantined: 0))
        // Kept across a reopening: the file is the store.
        #expect(try scratch.open().counts() == StoreCounts(notifications: 1, quarantined: 0))
    }

    @Test(arguments: S.Backend.allCases) func anOlderNotificationArrivingLateNeverOverridesANewerOne(
        _ backend: S.Backend
    ) throws {
        let scratch = try S.Scratch(backend)
        let intake = try NotificationIntake(validator: try S.validator(), store: try scratch.open())
        let newer = try S.notification(uuid: "newer", type: "EXPIRED", signed: "2026-11-21T00:00:00Z")
        let older = try S.notification(uuid: "older", type: "DID_RENEW", signed: "2026-11-20T00:00:00Z")
        #expect(intake.receive(newer) == .stored(uuid: "newer"))
        #expect(intake.receive(older) == .stored(uuid: "older"))
        let latest = try intake.store.latestWord(of: "1001", bundleID: StoreKit2Material.bundleID)
        #expect(latest.map(\.notificationUUID) == ["newer"], "\(latest)")
        // And in the other order.
        let again = try S.Scratch(backend)
        let other = try NotificationIntake(validator: try S.validator(), store: try again.open())
        _ = other.receive(older)
        _ = other.receive(newer)
        #expect(
            try other.store.latestWord(of: "1001", bundleID: StoreKit2Material.bundleID).map(\.notificationUUID) == [
                "newer"
            ])
    }

    /// One batch of group commit holding a customer's notifications out of order, two signed at once and one
    /// UUID twice: each UUID kept once and answered stored once, and the latest word the one a notification at
    /// a time gives (the newest; of two signed at once, the greater UUID byte by byte).
    @Test(arguments: S.Backend.allCases) func aBatchKeepsEachUUIDOnceAndTheNewestWord(_ backend: S.Backend) throws {
        let scratch = try S.Scratch(backend)
        let store = try scratch.open()
        let validator = try S.validator()
        let sent = [
            ("z", "2026-11-20T00:01:00Z"), ("B", "2026-11-20T00:03:00Z"), ("a", "2026-11-20T00:03:00Z"),
            ("m", "2026-11-20T00:02:00Z"), ("z", "2026-11-20T00:01:00Z"),
        ]
        let batch = try sent.map { uuid, signed in
            let body = try S.notification(uuid: uuid, signed: signed)
            return try StoredNotification(
                report: validator.validate(body, input: "n"), body: body, receivedAtMilliseconds: 0)
        }
        #expect(try scratch.writer().write(batch) == [.stored, .stored, .stored, .stored, .duplicate])
        #expect(try store.counts() == StoreCounts(notifications: 4, quarantined: 0))
        let latest = try store.latestWord(of: "1001", bundleID: StoreKit2Material.bundleID)
        #expect(latest.map(\.notificationUUID) == ["a"], "\(latest)")
    }

    /// Forged, other app, other environment, no notification at all: refused with a reason, quarantined,
    /// never a customer's state.
    @Test(arguments: S.Backend.allCases) func whatFailsVerificationIsQuarantinedNeverKept(_ backend: S.Backend) throws {
        let scratch = try S.Scratch(backend)
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
    @Test(arguments: S.Backend.allCases) func aCustomerIsDecidedAsCombineDecides(_ backend: S.Backend) throws {
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
            let scratch = try S.Scratch(backend)
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

    @Test(arguments: S.Backend.allCases) func aCustomerIsFoundByTheirAccountToken(_ backend: S.Backend) throws {
        let scratch = try S.Scratch(backend)
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

    @Test(arguments: S.Backend.allCases) func theSchemaIsMigratedOnceAndANewerOneRefused(_ backend: S.Backend) throws {
        let scratch = try S.Scratch(backend)
        _ = try scratch.open()
        _ = try scratch.open()
        let versions = try scratch.run("SELECT version FROM schema_migrations ORDER BY version", columns: 1)
        #expect(versions == (1...StoreSchema.version).map { [String($0)] })
        try scratch.run("INSERT INTO schema_migrations VALUES (\(StoreSchema.version + 1), 0)")
        #expect(throws: StoreError.self) { try scratch.open() }
    }

    @Test func aStoreAddressIsSQLitePostgreSQLOrRefused() throws {
        #expect(try StoreLocation.parse("sqlite:///var/lib/rc/store.db") == .sqlite(path: "/var/lib/rc/store.db"))
        #expect(try StoreLocation.parse("sqlite:store.db") == .sqlite(path: "store.db"))
        #expect(try StoreLocation.parse("/var/lib/rc/store.db") == .sqlite(path: "/var/lib/rc/store.db"))
        #expect(try StoreLocation.parse("./a:b") == .sqlite(path: "./a:b"))
        // libpq's URIs, handed to libpq as they are.
        #expect(try StoreLocation.parse("postgresql://db/rc") == .postgres(uri: "postgresql://db/rc"))
        #expect(try StoreLocation.parse("postgres://u@db:5433/rc") == .postgres(uri: "postgres://u@db:5433/rc"))
        for refused in ["mysql://x", "sqlite://", "", "postgresql://db/rc\u{0}x", "postgresql:db"] {
            #expect(throws: StoreError.self, "\(refused)") { try StoreLocation.parse(refused) }
        }
        // A password is never shown.
        #expect(
            StoreLocation.redacted("postgresql://rc:s3cret@db/rc?sslmode=require")
                == "postgresql://rc:***@db/rc?sslmode=require")
        #expect(
            StoreLocation.redacted("postgres:///rc?host=/run&password=s3cret")
                == "postgres:///rc?host=/run&password=***")
        #expect(StoreLocation.redacted("postgresql://rc@db/rc") == "postgresql://rc@db/rc")
    }

    @Test func anIntakeNeedsTheAppsBundleID() throws {
        let scratch = try S.Scratch()
        let root = try Certificate(der: try StoreKit2Material.pki().root.certificateDER)
        let unbound = try ReceiptValidator(policy: .custom(roots: [root]))
        #expect(throws: StoreError.self) { try NotificationIntake(validator: unbound, store: try scratch.open()) }
    }

    /// Anyone can post to the public URL: what is kept of a refused body is bounded.
    @Test(arguments: S.Backend.allCases) func aQuarantinedBodyIsBounded(_ backend: S.Backend) throws {
        let scratch = try S.Scratch(backend)
        let intake = try NotificationIntake(validator: try S.validator(), store: try scratch.open())
        guard case .refused = intake.receive([UInt8](repeating: 0x41, count: 1 << 20)) else {
            Issue.record("a megabyte of garbage not refused")
            return
        }
        let rows = try scratch.run("SELECT LENGTH(body_base64), message FROM quarantine", columns: 2)
        #expect(rows.first?.first == String((QuarantinedNotification.keptBytes + 2) / 3 * 4), "\(rows)")
    }

    /// The store is not trusted beyond what Apple signed: a row altered on disk (a refund's body swapped for
    /// a forged renewal) decides nothing.
    @Test(arguments: S.Backend.allCases) func aRowAlteredOnDiskDecidesNothing(_ backend: S.Backend) throws {
        let scratch = try S.Scratch(backend)
        let validator = try S.validator()
        let intake = try NotificationIntake(validator: validator, store: try scratch.open())
        _ = intake.receive(try S.notification(uuid: "renewal"))
        let lookup = CustomerLookup(validator: validator, store: intake.store, rules: try S.rules())
        #expect(try lookup.answer(for: "1001")?.verdict.grants("pro") == true)
        let body = String(decoding: try S.notification(uuid: "renewal"), as: UTF8.self)
        let jws = String(body.split(separator: "\"")[3])
        let forged = #"{"signedPayload":"\#(try StoreKit2Material.tampered(jws))"}"#
        try scratch.run("UPDATE notifications SET body = ? WHERE notification_uuid = 'renewal'", [forged])
        let answer = try #require(try lookup.answer(for: "1001"))
        #expect(answer.verdict.report.status != .valid && !answer.verdict.grants("pro"))
    }
}
