import Foundation
import TestSupport
import Testing

/// Nothing lost: a burst of signed notifications into `serve --store` over loopback FastCGI, the service
/// killed with SIGKILL at random moments and restarted (Scripts/store-kill-test.py). Every notification
/// answered 200 is in the store after each kill, none twice. `STORE_BURST_COUNT` scales the burst (2,000 by
/// default, to stay short; the figure is 10,000).
@Suite(.serialized, .timeLimit(.minutes(20))) struct StoreKillTests {
    static var count: Int {
        ProcessInfo.processInfo.environment["STORE_BURST_COUNT"].flatMap(Int.init) ?? 2000
    }

    /// Writes `count` notification bodies (a quarter of them about the same customers, so that the latest
    /// word moves) into `workspace/bodies`, one file each, named by UUID.
    static func bodies(_ workspace: NotificationWorkspace, count: Int) throws -> String {
        let directory = workspace.path + "/bodies"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for index in 0..<count {
            let uuid = UUID().uuidString.lowercased()
            let minute = String(format: "%02d", index % 60)
            let body = try workspace.notification(
                uuid: uuid, signed: "2026-11-20T00:\(minute):00Z", id: String(100_000 + index % (count / 4 + 1)))
            try Data(body).write(to: URL(fileURLWithPath: directory + "/\(uuid).json"))
        }
        return directory
    }

    /// Runs the burst into `store` (the workspace's SQLite file unless given; a PostgreSQL store names its
    /// cluster's directory, where the script reads it after each kill).
    static func run(
        _ workspace: NotificationWorkspace, bodies: String, kills: Int, store: String? = nil,
        postgresDirectory: String? = nil, serve: [String] = []
    ) throws -> (result: CLI.Result, summary: [String: Any]) {
        let python = try #require(ExternalTool.path("python3", package: "python3"))
        let result = try ExternalTool.run(
            python,
            [
                CLI.packageRoot.appendingPathComponent("Scripts/store-kill-test.py").path, "--binary",
                CLI.executable.path, "--bodies", bodies, "--store", store ?? workspace.store, "--kills", String(kills),
                "--log", workspace.path + "/serve.log",
            ] + (postgresDirectory.map { ["--postgres-dir", $0] } ?? []) + ["--"]
                + workspace.trust + ["--workers", "2"] + serve,
            timeout: 900)
        let summary =
            (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
        return (result, summary)
    }

    @Test func everyNotificationAnswered200SurvivesKill9() throws {
        let workspace = try NotificationWorkspace()
        let count = Self.count
        let bodies = try Self.bodies(workspace, count: count)
        let (result, summary) = try Self.run(workspace, bodies: bodies, kills: 8)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(summary["lost"] as? Int == 0, "\(result.stdout)")
        #expect(summary["duplicates"] as? Int == 0, "\(result.stdout)")
        #expect(summary["stored"] as? Int == count, "\(result.stdout)")
        #expect(summary["distinct_answered_200"] as? Int == count, "\(result.stdout)")
        #expect(summary["kills"] as? Int == 8, "\(result.stdout)")
        print("store-kill-test: \(result.stdout)", terminator: "")
    }
}

/// A full disk: the service may write no file past 256 KiB (RLIMIT_FSIZE), so the store's writes fail as on
/// a full disk. Every notification is answered 200 and kept, or 503 and not kept; then, with room again,
/// the refused ones are sent again and all are kept once.
@Suite(.timeLimit(.minutes(10))) struct StoreFullDiskTests {
    @Test func aFullDiskAnswers503NeverA200WithoutARow() throws {
        let workspace = try NotificationWorkspace()
        let bodies = try StoreKillTests.bodies(workspace, count: 120)
        let python = try #require(ExternalTool.path("python3", package: "python3"))
        let result = try ExternalTool.run(
            python,
            [
                CLI.packageRoot.appendingPathComponent("Scripts/store-kill-test.py").path, "--binary",
                CLI.executable.path, "--bodies", bodies, "--store", workspace.store, "--file-limit",
                String(256 << 10), "--log", workspace.path + "/serve.log", "--",
            ] + workspace.trust + ["--workers", "2"],
            timeout: 600)
        let log = (try? String(contentsOfFile: workspace.path + "/serve.log", encoding: .utf8)) ?? ""
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)\(log.suffix(2000))")
        let summary = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
        #expect(summary["lost"] as? Int == 0 && summary["kept_without_200"] as? Int == 0, "\(result.stdout)")
        #expect((summary["answered_5xx_full"] as? Int ?? 0) > 0, "the disk never filled: \(result.stdout)")
        #expect(summary["stored_after"] as? Int == 120, "\(result.stdout)")
        print("store-full-disk: \(result.stdout)", terminator: "")
    }
}

/// The same faults on a PostgreSQL store (`serve --store postgresql://...`). A restart mid-burst runs on a
/// cluster of the test's own (its server is stopped and started, which the other tests' shared cluster must
/// not see), stopped twice for half a second while notifications keep coming: requests during an outage are
/// answered 5xx, never 200; afterwards every notification is answered 200 and kept once.
@Suite(.timeLimit(.minutes(10))) struct StorePostgresRestartTests {
    /// The service killed with SIGKILL 5 times during a burst into the shared cluster (1,000, or
    /// `STORE_BURST_COUNT`): every notification answered 200 is in the database after each kill, none twice.
    @Test func everyNotificationAnswered200SurvivesKill9OnPostgreSQL() throws {
        let cluster = try PostgresCluster.shared()
        let workspace = try NotificationWorkspace()
        let count = ProcessInfo.processInfo.environment["STORE_BURST_COUNT"].flatMap(Int.init) ?? 1000
        let bodies = try StoreKillTests.bodies(workspace, count: count)
        let (result, summary) = try StoreKillTests.run(
            workspace, bodies: bodies, kills: 5, store: try cluster.freshStore(), postgresDirectory: cluster.directory)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(summary["lost"] as? Int == 0 && summary["duplicates"] as? Int == 0, "\(result.stdout)")
        #expect(summary["stored"] as? Int == count && summary["kills"] as? Int == 5, "\(result.stdout)")
        print("store-kill-test-postgres: \(result.stdout)", terminator: "")
    }

    @Test func aPostgreSQLRestartAnswers5xxNeverA200WithoutARow() throws {
        let cluster = try PostgresCluster.start().get()
        let workspace = try NotificationWorkspace()
        let bodies = try StoreKillTests.bodies(workspace, count: 300)
        let store = try cluster.freshStore()
        let python = try #require(ExternalTool.path("python3", package: "python3"))
        let result = try ExternalTool.run(
            python,
            [
                CLI.packageRoot.appendingPathComponent("Scripts/store-kill-test.py").path, "--binary",
                CLI.executable.path, "--bodies", bodies, "--store", store, "--postgres-dir", cluster.directory,
                "--restarts", "2", "--outage", "0.5", "--log", workspace.path + "/serve.log", "--",
            ] + workspace.trust + ["--workers", "4"],
            timeout: 300)
        let log = (try? String(contentsOfFile: workspace.path + "/serve.log", encoding: .utf8)) ?? ""
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)\(log.suffix(2000))")
        let summary = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
        #expect(summary["lost"] as? Int == 0 && summary["duplicates"] as? Int == 0, "\(result.stdout)")
        #expect(summary["answered_200_in_outage"] as? Int == 0, "\(result.stdout)")
        #expect((summary["answered_5xx_in_outage"] as? Int ?? 0) > 0, "no request met the outage: \(result.stdout)")
        #expect(summary["stored"] as? Int == 300 && summary["restarts"] as? Int == 2, "\(result.stdout)")
        print("store-postgres-restart: \(result.stdout)", terminator: "")
    }
}
