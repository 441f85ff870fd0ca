import Foundation
import Testing

/// SHA-1-signed receipts under OpenSSL configurations that restrict SHA-1.
///
/// Upstream OpenSSL 3.0 and 3.5 accept both files below and still check SHA-1 signatures (no
/// upstream setting refuses them; the security level governs TLS only). RHEL's OpenSSL honours
/// `rh-allow-sha1-signatures = no` and refuses them. Either way a SHA-1 receipt must never be
/// called a forgery: it is valid, or `sha1_refused_by_policy` with the fix.
struct SHA1PolicyCommandTests {
    static let configurations: [(name: String, text: String)] = [
        (
            "rhel-sha1-policy",
            """
            openssl_conf = openssl_init
            [openssl_init]
            alg_section = evp_properties
            [evp_properties]
            rh-allow-sha1-signatures = no
            """
        ),
        (
            "security-level-3",
            """
            openssl_conf = openssl_init
            [openssl_init]
            ssl_conf = ssl_module
            [ssl_module]
            system_default = system_default_sect
            [system_default_sect]
            CipherString = DEFAULT@SECLEVEL=3
            """
        ),
    ]

    func run(configuration: String, _ arguments: [String]) throws -> CLI.Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sha1-policy-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("openssl.cnf")
        try Data((configuration + "\n").utf8).write(to: file)
        var environment = ProcessInfo.processInfo.environment
        environment["OPENSSL_CONF"] = file.path
        return try CLI.run(CLI.executable, arguments, stdin: nil, environment: environment)
    }

    func expectNoForgeryVerdict(_ result: CLI.Result, _ label: String) throws {
        let json = try #require(result.json, "\(label): \(result.stderr)")
        let status = json["status"] as? String
        if status == "valid" {
            #expect(result.status == 0, "\(label)")
            return
        }
        #expect(json["reason"] as? String == "sha1_refused_by_policy", "\(label): \(result.stdout)")
        #expect((json["message"] as? String)?.contains("update-crypto-policies") == true, "\(label)")
        #expect(result.status == 2, "\(label)")
    }

    @Test(arguments: configurations)
    func aSHA1FixtureIsValidOrRefusedByPolicy(configuration: (name: String, text: String)) throws {
        let result = try run(
            configuration: configuration.text,
            ["--json", "--root", CLI.fixture("pki/root.pem"), CLI.fixture("valid-sha1.receipt")])
        try expectNoForgeryVerdict(result, configuration.name)
    }

    @Test(arguments: configurations)
    func aSHA1CorpusReceiptIsValidOrRefusedByPolicy(configuration: (name: String, text: String)) throws {
        guard let receipt = CLI.corpusFile("receipts/tpinapp-3.receipt") else { return }
        let result = try run(configuration: configuration.text, ["--json", receipt])
        try expectNoForgeryVerdict(result, configuration.name)
    }
}
