import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ReceiptKit
@testable import ReceiptSQLite
@testable import ReceiptStore

/// The store's figures for docs/performance.md, run on demand (`STORE_MEASURE=1`; `STORE_MEASURE_ROWS` sets
/// the rows a lookup searches, 1,000,000 by default): the notification line's in-process verification rate,
/// durable intake (verified and committed) at several numbers of callers, the store's own commit rate, and a
/// customer lookup among that many stored notifications. `STORE_MEASURE_BACKEND=postgres` measures both in
/// the test process's PostgreSQL cluster instead of a SQLite file. The optimised build's figures:
/// `swift test -c release -Xswiftc -enable-testing` (a scratch path of its own keeps the debug build).
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["STORE_MEASURE"] != nil))
struct StoreMeasureTests {
    typealias S = StoreMaterial

    static var backend: S.Backend {
        ProcessInfo.processInfo.environment["STORE_MEASURE_BACKEND"].flatMap(S.Backend.init(rawValue:)) ?? .sqlite
    }

    static func bodies(_ count: Int) throws -> [[UInt8]] {
        try (0..<count).map { index in
            try S.notification(
                uuid: UUID().uuidString, signed: "2026-11-20T00:\(String(format: "%02d", index % 60)):00Z",
                id: String(500_000 + index))
        }
    }

    /// Runs `work(index)` for every index on `threads` threads of their own (not Dispatch's pool, which runs
    /// no more at once than there are cores, and a caller waiting for a commit holds no core); items a second.
    static func rate(_ count: Int, threads: Int, _ work: @escaping @Sendable (Int) -> Void) -> Double {
        let next = Counter()
        let done = DispatchSemaphore(value: 0)
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<threads {
            Thread.detachNewThread {
                while true {
                    let index = next.take()
                    guard index < count else { break }
                    work(index)
                }
                done.signal()
            }
        }
        for _ in 0..<threads {
            done.wait()
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Double(count) / seconds
    }

    final class Counter: Sendable {
        private let value = Atomic(0)
        func take() -> Int { value.add(1, ordering: .relaxed).oldValue }
    }

    @Test func intakeRate() throws {
        let count = 2000
        let bodies = try Self.bodies(count * 2)
        let validator = try S.validator()
        _ = validator.validate(bodies[0], input: "warm")
        let verified = Self.rate(count, threads: 2) { index in
            _ = validator.validate(bodies[index], input: "n")
        }
        print("store-measure: verification only (2 threads): \(Int(verified)) notifications/s")
        for threads in [2, 8, 32, 128] {
            let scratch = try S.Scratch(Self.backend)
            let intake = try NotificationIntake(validator: validator, store: try scratch.open())
            let offset = threads == 2 ? 0 : count
            let rate = Self.rate(count, threads: threads) { index in
                _ = intake.receive(bodies[offset + index])
            }
            #expect(try intake.store.counts().notifications == count)
            print(
                "store-measure: \(Self.backend) durable intake, \(threads) callers: \(Int(rate)) notifications/s "
                    + "(\(Int(rate / verified * 100))% of verification alone)")
        }
        let records = try bodies.prefix(count).map { body in
            try StoredNotification(
                report: validator.validate(body, input: "n"), body: body, receivedAtMilliseconds: 0)
        }
        for threads in [1, 8, 32] {
            let scratch = try S.Scratch(Self.backend)
            let store = try scratch.open()
            let rate = Self.rate(count, threads: threads) { index in
                _ = try? store.record(records[index])
            }
            #expect(try store.counts().notifications == count)
            print(
                "store-measure: \(Self.backend) commits alone (group commit), \(threads) callers: "
                    + "\(Int(rate)) notifications/s")
        }
    }

    @Test func lookupLatency() throws {
        let rows = ProcessInfo.processInfo.environment["STORE_MEASURE_ROWS"].flatMap(Int.init) ?? 1_000_000
        let scratch = try S.Scratch(Self.backend)
        let store = try scratch.open()
        try Self.fill(scratch, rows: rows)
        let validator = try S.validator()
        let intake = try NotificationIntake(validator: validator, store: store)
        for (index, customer) in ["1001", "2002"].enumerated() {
            for renewal in 0..<(index == 0 ? 1 : 10) {
                _ = intake.receive(
                    try S.notification(
                        uuid: "\(customer)-\(renewal)", signed: "2026-11-20T00:\(10 + renewal):00Z", id: customer))
            }
        }
        let lookup = CustomerLookup(validator: validator, store: store, rules: try S.rules())
        for customer in ["1001", "2002"] {
            var reads: [Double] = []
            var decisions: [Double] = []
            for _ in 0..<200 {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = try store.notifications(of: customer, bundleID: StoreKit2Material.bundleID, limit: 512)
                let read = DispatchTime.now().uptimeNanoseconds
                _ = try lookup.answer(for: customer)
                let decided = DispatchTime.now().uptimeNanoseconds
                reads.append(Double(read - start) / 1e6)
                decisions.append(Double(decided - read) / 1e6)
            }
            let median: ([Double]) -> String = { String(format: "%.3f", $0.sorted()[$0.count / 2]) }
            let p99: ([Double]) -> String = { String(format: "%.3f", $0.sorted()[$0.count * 99 / 100]) }
            let kept = try store.notifications(of: customer, bundleID: StoreKit2Material.bundleID, limit: 512).count
            print(
                "store-measure: lookup among \(rows + 11) notifications, a customer of \(kept): store read "
                    + "median \(median(reads)) ms (p99 \(p99(reads))), whole decision median \(median(decisions)) ms "
                    + "(p99 \(p99(decisions)))")
        }
    }

    /// Filler: other customers' rows, small (their bodies are never read), written in one transaction.
    static func fill(_ scratch: S.Scratch, rows: Int) throws {
        switch scratch.backend {
        case .sqlite:
            let connection = try ReceiptSQLiteAccess.connection(scratch.path)
            try connection.run("BEGIN")
            for index in 0..<rows {
                try connection.run(
                    StoreSchema.insertNotification,
                    [
                        .text("filler-\(index)"), .text(StoreKit2Material.bundleID), .text("Production"),
                        .text("DID_RENEW"), .null, .integer(1_795_000_000_000 + Int64(index)),
                        .text(String(10_000_000 + index / 4)), .text(String(20_000_000 + index)), .null, .integer(0),
                        .text("{}"),
                    ])
            }
            try connection.run("COMMIT")
        case .postgres:
            try scratch.run(
                """
                INSERT INTO notifications (\(StoreSchema.notificationColumns))
                SELECT 'filler-' || i, ?, 'Production', 'DID_RENEW', NULL, 1795000000000 + i,
                    (10000000 + i / 4)::text, (20000000 + i)::text, NULL, 0, '{}'
                FROM generate_series(0, \(rows - 1)) AS i
                """, [StoreKit2Material.bundleID])
            try scratch.run("ANALYZE notifications")
        }
    }
}
