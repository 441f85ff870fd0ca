import Foundation
import Testing

/// Keys for the `sign` tests, made by the openssl command as App Store Connect and users make them: a
/// good `.p8` (PKCS#8 P-256) and the shapes `sign` must refuse.
struct SigningKeyFiles {
    let scratch: ScratchDirectory
    let good: String
    let notP256: String
    let rsa: String
    let sec1: String
    let encrypted: String
    let truncated: String

    static let keyID = "2X9R4HXF34"
    static let issuerID = "57246542-96fe-1a63-e053-0824d011072a"
    static let bundleID = "com.example.app"

    init(sourceLocation: SourceLocation = #_sourceLocation) throws {
        scratch = try ScratchDirectory()
        let openssl = try #require(ExternalTool.path("openssl", package: "openssl", sourceLocation: sourceLocation))
        let directory = scratch.path
        func run(_ arguments: [String]) throws {
            let result = try ExternalTool.run(openssl, arguments)
            #expect(result.status == 0, "openssl \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        }
        good = directory + "/AuthKey.p8"
        notP256 = directory + "/p384.p8"
        rsa = directory + "/rsa.p8"
        sec1 = directory + "/sec1.pem"
        encrypted = directory + "/encrypted.p8"
        truncated = directory + "/truncated.p8"
        try run(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", good])
        try run(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-out", notP256])
        try run(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", rsa])
        try run(["ec", "-in", good, "-out", sec1])
        try run(["pkcs8", "-topk8", "-in", good, "-v2", "aes-256-cbc", "-passout", "pass:secret", "-out", encrypted])
        let whole = try Data(contentsOf: URL(fileURLWithPath: good))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))
    }

    /// The base64 body of the good key, which no output or message may show.
    var goodBody: String {
        get throws {
            try String(contentsOfFile: good, encoding: .utf8).split(separator: "\n").dropFirst().first.map(String.init)
                ?? ""
        }
    }

    /// `sign KIND` with the good key and its ids, then `extra`.
    func sign(_ kind: String, _ extra: [String], environment: [String: String]? = nil) throws -> CLI.Result {
        try CLI.run(
            CLI.executable,
            ["sign", kind, "--key", good, "--key-id", Self.keyID, "--bundle-id", Self.bundleID] + extra, stdin: nil,
            environment: environment)
    }
}
