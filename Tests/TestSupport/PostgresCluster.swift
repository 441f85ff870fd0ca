import Foundation
import Testing

/// The throwaway PostgreSQL cluster of one test process (Scripts/pg-cluster.sh): started the first time a
/// test asks for it, once per process (a start costs seconds), on a unix socket in a scratch directory, and
/// stopped and removed when the process ends. A cluster that cannot start fails the asking test with the
/// script's message (what is missing): the PostgreSQL tests are never skipped.
public final class PostgresCluster: Sendable {
    /// The cluster's directory (data, socket, log).
    public let directory: String
    /// libpq's URI of the cluster's database `postgres`.
    public let uri: String
    private let child: BackgroundChild

    private static let started = start()

    /// A cluster of the caller's own (a test that stops and starts its server), stopped when it goes away.
    public static func start() -> Result<PostgresCluster, BackgroundChild.StartFailure> {
        let script = SharedData.packageRoot.appendingPathComponent("Scripts/pg-cluster.sh")
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("pg-cluster-\(UUID()).log")
        do {
            let child = try BackgroundChild(
                URL(fileURLWithPath: "/bin/bash"), [script.path, "run"], errorFile: errors, timeout: 120)
            let fields = child.firstLine.split(separator: " ", maxSplits: 1).map(String.init)
            guard fields.count == 2 else {
                child.stop()
                return .failure(.init(description: "pg-cluster.sh printed \(child.firstLine)"))
            }
            return .success(PostgresCluster(directory: fields[0], uri: fields[1], child: child))
        } catch let failure as BackgroundChild.StartFailure {
            return .failure(failure)
        } catch {
            return .failure(.init(description: "pg-cluster.sh did not start: \(error)"))
        }
    }

    private init(directory: String, uri: String, child: BackgroundChild) {
        self.directory = directory
        self.uri = uri
        self.child = child
    }

    deinit {
        child.stop()
    }

    /// The process's cluster, started by the first caller.
    public static func shared() throws -> PostgresCluster {
        try started.get()
    }

    /// A store of its own for one test: a new schema, named by the URI's search_path.
    public func freshStore() throws -> String {
        let schema = "store_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try psql("CREATE SCHEMA \(schema)")
        return uri + "&options=-csearch_path%3D\(schema)"
    }

    /// Runs `sql` with psql on the cluster; its output (unaligned, tuples only).
    @discardableResult public func psql(_ sql: String, store: String? = nil) throws -> String {
        let script = SharedData.packageRoot.appendingPathComponent("Scripts/pg-cluster.sh")
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [script.path, "psql", directory, "-d", store ?? uri, "-At", "-v", "ON_ERROR_STOP=1", "-c", sql])
        guard result.status == 0 else {
            throw BackgroundChild.StartFailure(
                description: "psql failed (\(result.status)): \(String(decoding: result.stderr, as: UTF8.self))")
        }
        return String(decoding: result.stdout, as: UTF8.self)
    }

    /// Stops (`stop`) or starts (`start`) the cluster's server.
    public func control(_ action: String) throws {
        let script = SharedData.packageRoot.appendingPathComponent("Scripts/pg-cluster.sh")
        let result = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script.path, action, directory])
        guard result.status == 0 else {
            throw BackgroundChild.StartFailure(
                description: "pg-cluster.sh \(action) failed: \(String(decoding: result.stderr, as: UTF8.self))")
        }
    }
}
