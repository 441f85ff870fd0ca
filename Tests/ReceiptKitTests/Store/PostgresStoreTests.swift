import Foundation
import ReceiptPostgres
import TestSupport
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting
@testable import ReceiptStore

/// What only the shared store has: several service instances writing one database at once, each
/// notification kept once whichever instance took it; a server that cannot be reached refused by name.
@Suite(.timeLimit(.minutes(10))) struct PostgresStoreTests {
    typealias S = StoreMaterial

    /// Two instances (two stores on one database) take the same 40 notifications at once, each in a
    /// different order, from 4 threads each: every notification is kept once, and answered stored by one
    /// instance and duplicate by the other.
    @Test func instancesSharingAStoreKeepEachNotificationOnce() throws {
        let scratch = try S.Scratch(.postgres)
        let validator = try S.validator()
        let intakes = try (0..<2).map { _ in try NotificationIntake(validator: validator, store: try scratch.open()) }
        let bodies = try (0..<40).map { index in
            try S.notification(
                uuid: "shared-\(index)", signed: "2026-11-20T00:\(String(format: "%02d", index)):00Z",
                id: String(3000 + index % 5))
        }
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let intake = intakes[worker % 2]
            let order = worker % 2 == 0 ? Array(bodies.indices) : bodies.indices.reversed()
            for index in order where index % 4 == worker / 2 {
                outcomes.add(intake.receive(bodies[index]))
            }
        }
        let all = outcomes.all
        #expect(all.filter { if case .stored = $0 { true } else { false } }.count == 40, "\(all)")
        #expect(all.filter { if case .duplicate = $0 { true } else { false } }.count == 40, "\(all)")
        #expect(try intakes[0].store.counts() == StoreCounts(notifications: 40, quarantined: 0))
        let rows = try scratch.run(
            "SELECT original_transaction_id, notification_uuid FROM latest_word ORDER BY 1", columns: 2)
        #expect(rows == (0..<5).map { ["\(3000 + $0)", "shared-\(35 + $0)"] }, "\(rows)")
    }

    @Test func aServerThatCannotBeReachedIsRefusedByName() throws {
        let cluster = try PostgresCluster.shared()
        let missing = "postgresql://rc:s3cret@/rc?host=\(cluster.directory)/none&connect_timeout=2"
        do throws(StoreError) {
            _ = try StoreLocation.parse(missing).open(create: true)
            Issue.record("a store opened without a server")
        } catch {
            #expect(error.message.contains("cannot open the store postgresql://rc:***@"), "\(error.message)")
            #expect(!error.message.contains("s3cret"), "\(error.message)")
        }
        // A database that holds no store is not given one unless asked to create it.
        let empty = try cluster.freshStore()
        #expect(throws: StoreError.self) { try StoreLocation.parse(empty).open(create: false) }
    }

    /// PostgreSQL answers the COMMIT of a transaction that failed earlier with ROLLBACK and no error: the
    /// wall's commit throws, so that nothing of it is answered as kept.
    @Test func aCommitThatRolledBackThrows() throws {
        let connection = try PostgresConnection(conninfo: try PostgresCluster.shared().freshStore())
        try connection.run("BEGIN")
        #expect(throws: PostgresError.self) { try connection.run("SELECT 1 / $1", [.integer(0)]) }
        #expect(throws: PostgresError.self) { try connection.commit() }
        try connection.run("BEGIN")
        try connection.run("SELECT $1::text", [.text("kept")])
        try connection.commit()
        // A NUL byte is refused before it is sent, not cut at.
        #expect(throws: PostgresError.self) { try connection.run("SELECT $1::text", [.text("a\u{0}b")]) }
        #expect(
            try connection.query("SELECT $1::bigint, $2::text, NULL", [.integer(-7), .text("é")]) == [
                [.integer(-7), .text("é"), .null]
            ])
    }

    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [NotificationIntake.Outcome] = []
        func add(_ outcome: NotificationIntake.Outcome) { lock.withLock { kept.append(outcome) } }
        var all: [NotificationIntake.Outcome] { lock.withLock { kept } }
    }
}
