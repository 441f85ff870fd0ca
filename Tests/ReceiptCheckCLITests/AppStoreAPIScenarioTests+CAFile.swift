import Foundation
import Testing

/// `--ca-file` replaces the system's trust store: a server only the system's CAs vouch for is refused, by
/// `api` and by `verify --refresh`, before any request reaches it. The system's store is made the test's
/// own in a mount namespace of the child's (as root, which CI is): a directory bind-mounted over
/// /etc/ssl/certs, the place of libcurl's default CA directory and CA file on Debian, holding the mock's
/// CA, hashed as OpenSSL looks CAs up there. OpenSSL's own defaults (`SSL_CERT_DIR`, `SSL_CERT_FILE`)
/// point at it too.
extension AppStoreAPIScenarioTests {
    /// The one transaction id these runs ask about: the mock answers it, and no other test reads its records.
    static let trustedTransaction = "1000000000000005"

    static let runsAsRoot: Bool = geteuid() == 0

    /// A system trust store holding only the mock's CA, and a CA file of another CA, which signed nothing.
    struct SystemTrustStore {
        /// Each test's own: tests of the suite run side by side.
        let scratch: ScratchDirectory
        let directory: String
        let otherCA: String

        init(_ mock: MockAppStoreAPI) throws {
            let openssl = try #require(ExternalTool.path("openssl", package: "openssl"))
            scratch = try ScratchDirectory()
            directory = scratch.path + "/system-certs"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // Debian's bundle name, which libcurl reads by default, and the hashed link of its directory.
            try FileManager.default.copyItem(atPath: mock.caFile, toPath: directory + "/ca-certificates.crt")
            let rehash = try ExternalTool.run(openssl, ["rehash", directory])
            try #require(rehash.status == 0, "\(rehash.stderr)")
            otherCA = scratch.path + "/private-ca.pem"
            let made = try ExternalTool.run(
                openssl,
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                    scratch.path + "/private-ca.key", "-out", otherCA, "-days", "2", "-subj",
                    "/CN=receipt-check private CA that signed nothing",
                ])
            try #require(made.status == 0, "\(made.stderr)")
        }

        /// `receipt-check arguments` in a mount namespace of its own, where /etc/ssl/certs is `directory`.
        static func run(_ arguments: [String], systemCAs directory: String) throws -> CLI.Result {
            let unshare = try #require(ExternalTool.path("unshare", package: "util-linux"))
            var environment = ProcessInfo.processInfo.environment
            environment["SSL_CERT_DIR"] = directory
            environment["SSL_CERT_FILE"] = directory + "/ca-certificates.crt"
            let script = #"mount --bind "$0" /etc/ssl/certs && exec "$@""#
            return try CLI.run(
                URL(fileURLWithPath: unshare),
                ["--mount", "--propagation", "private", "sh", "-c", script, directory, CLI.executable.path]
                    + arguments, stdin: nil, environment: environment, timeout: 60)
        }
    }

    /// The mock's credentials with `caFile` as `--ca-file`, or none.
    static func credentials(_ mock: MockAppStoreAPI, caFile: String?) -> [String] {
        var arguments = mock.credentials()
        if let index = arguments.firstIndex(of: "--ca-file") {
            arguments.removeSubrange(index...(index + 1))
        }
        return arguments + (caFile.map { ["--ca-file", $0] } ?? [])
    }

    @Test(.enabled(if: runsAsRoot, "a mount namespace needs root"))
    func aCAFileIsTheOnlyTrustTheSystemsCAsAreNot() async throws {
        let mock = try MockAppStoreAPI.require()
        let store = try SystemTrustStore(mock)
        let path = "/inApps/v1/transactions/\(Self.trustedTransaction)"
        let decide = ["--rule", Self.refreshRule, "--require", "pro", "--json"]
        func api(caFile: String?) async throws -> CLI.Result {
            let arguments =
                ["api", "get-transaction-info", Self.trustedTransaction] + Self.credentials(mock, caFile: caFile)
                + decide
            let directory = store.directory
            let result = try await MockAppStoreAPI.offPool {
                try SystemTrustStore.run(arguments, systemCAs: directory)
            }
            try mock.expectNoSecret(in: result)
            return result
        }
        // The control: the system's store is the test's, and libcurl reads it.
        let system = try await api(caFile: nil)
        #expect(system.status == 0, "\(system.stdout.prefix(800))\(system.stderr)")
        #expect(try mock.records(path: path).count == 1)

        let refused = try await api(caFile: store.otherCA)
        #expect(refused.status == 69, "\(refused.stdout.prefix(800))\(refused.stderr)")
        #expect(refused.stderr.contains("the server is not trusted"), "\(refused.stderr)")
        #expect(!(refused.stdout + refused.stderr).contains("granted"), "a decision was printed: \(refused.stdout)")
        #expect(try mock.records(path: path).count == 1, "a request reached the server")

        let named = try await api(caFile: mock.caFile)
        #expect(named.status == 0, "\(named.stdout.prefix(800))\(named.stderr)")
        #expect(try mock.records(path: path).count == 2)
    }

    @Test(.enabled(if: runsAsRoot, "a mount namespace needs root"))
    func refreshTrustsOnlyTheCAFile() async throws {
        let mock = try MockAppStoreAPI.require()
        let store = try SystemTrustStore(mock)
        // A renewal the fresh history holds too, so that its fresh copy decides.
        let stale = try Self.signedTransaction(mock, id: "1000000000000004", signedDaysAgo: 10)
        func refresh(caFile: String?) async throws -> CLI.Result {
            let arguments =
                ["verify", "--refresh", "--json", "--rule", Self.refreshRule, "--require", "pro"]
                + Self.credentials(mock, caFile: caFile) + [stale]
            let directory = store.directory
            let result = try await MockAppStoreAPI.offPool {
                try SystemTrustStore.run(arguments, systemCAs: directory)
            }
            try mock.expectNoSecret(in: result)
            return result
        }
        let system = try await refresh(caFile: nil)
        #expect(system.status == 0, "\(system.stdout.prefix(800))\(system.stderr)")
        let refused = try await refresh(caFile: store.otherCA)
        #expect(refused.status == 69, "\(refused.stdout.prefix(800))\(refused.stderr)")
        #expect(refused.stderr.contains("the server is not trusted"), "\(refused.stderr)")
        #expect(!refused.stdout.contains("\"granted\""), "a decision was printed: \(refused.stdout)")
    }
}
