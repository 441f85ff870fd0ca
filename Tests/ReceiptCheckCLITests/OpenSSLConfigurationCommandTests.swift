import Foundation
import Testing

/// The command line starts libcrypto itself, with only what it uses (`OpenSSLStartup`), and still reads the
/// system's OpenSSL configuration: policies such as RHEL's SHA-1 one live there (docs/security.md).
struct OpenSSLConfigurationCommandTests {
    /// Default properties that no provider of a stock OpenSSL meets: every algorithm fetch fails, so a
    /// process that reads this file can verify nothing, and one that skipped it would verify as usual.
    static let noProviderMeets = """
        openssl_conf = openssl_init
        [openssl_init]
        alg_section = evp_properties
        [evp_properties]
        default_properties = fips=yes
        """

    @Test func theConfigurationOPENSSLCONFNamesIsRead() throws {
        let arguments = ["--json", "--root", CLI.fixture("pki/root.pem"), CLI.fixture("valid.receipt")]
        let usual = try CLI.run(arguments)
        #expect(usual.status == 0, "without OPENSSL_CONF: \(usual.stdout)")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("openssl-conf-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("openssl.cnf")
        try Data((Self.noProviderMeets + "\n").utf8).write(to: file)
        var environment = ProcessInfo.processInfo.environment
        environment["OPENSSL_CONF"] = file.path
        let configured = try CLI.run(CLI.executable, arguments, stdin: nil, environment: environment)
        // Nothing is granted when the configuration leaves no algorithm to check with.
        #expect(configured.status != 0, "under \(file.path): \(configured.stdout)")
        #expect(configured.json?["status"] as? String != "valid", "\(configured.stdout)")
    }
}
