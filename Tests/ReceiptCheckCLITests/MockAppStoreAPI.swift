import Foundation
import TestSupport
import Testing

/// Scripts/mock-appstore-api.py started for a suite: a local App Store Server API over HTTPS with its
/// own test CA, checking every request against the public half of a `.p8` made here, and serving
/// responses whose elements the EC test PKI signed (make-test-pki --ec, make-receipt --jws).
///
/// Its ``Scope`` trait starts one mock for a whole suite and stops it after the suite's last test; a
/// missing Python or venv fails the suite, naming `make test-deps`.
final class MockAppStoreAPI: @unchecked Sendable {
    static let keyID = "2X9R4HXF34"
    static let issuerID = "57246542-96fe-1a63-e053-0824d011072a"
    static let bundleID = "com.example.app"
    /// Seconds the slow scenario waits before it answers.
    static let slowSeconds = 20
    /// Seconds each page of the slow pages scenario waits: inside any --timeout the tests give.
    static let pageDelay = 0.5

    /// Transaction ids that pick the mock's scenarios (Scripts/mock-appstore-api.py).
    enum Scenario {
        static let customer = "1000000000000001"
        /// Any other id gets the customer's answers too: a path no other test reads the records of.
        static let otherCustomer = "1000000000000002"
        static let refusals = "1000000000000003"
        static let library = "1000000000000004"
        static let notFound = "1000000000000404"
        /// A sandbox transaction: production answers 4040010, the sandbox (paths under /sandbox) answers it.
        static let sandboxOnly = "1000000000000405"
        static let rateLimited = "1000000000000429"
        static let failsOnce = "1000000000000500"
        static let failsAlways = "1000000000000503"
        static let slow = "1000000000000408"
        static let forged = "1000000000000666"
        /// History pages that have more forever, each naming the same revision.
        static let looping = "1000000000000707"
        /// History pages that have more forever, each naming a new revision.
        static let endless = "1000000000000808"
        /// The same, each page after ``MockAppStoreAPI/pageDelay`` seconds.
        static let slowPages = "1000000000000909"
        /// The same, for `verify --refresh`.
        static let slowPagesRefreshed = "1000000000000919"
        /// A renewal of the customer's whose Get Transaction Info answers with it.
        static let renewal = "1000000000000006"
        /// Get Transaction Info answers these with their own transaction (MockResponses), any other id
        /// with the customer's current one.
        static let ownTransactionInfo = [rateLimited, library, renewal]
    }

    struct SetupFailure: Error, CustomStringConvertible {
        let description: String
    }

    let scratch: ScratchDirectory
    let caFile: String
    let key: String
    let wrongKey: String
    let pkiRoot: String
    let log: String
    let baseURL: String
    private let child: BackgroundChild

    @TaskLocal static var current: MockAppStoreAPI?

    /// The mock of the running suite; a failure when the suite has none (its trait is missing or the mock
    /// could not start, which the trait has reported).
    static func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> MockAppStoreAPI {
        try #require(
            current, "no mock App Store Server API: the suite needs .mockAppStoreAPI", sourceLocation: sourceLocation)
    }

    init() throws {
        let python = SharedData.schemaPython
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw SetupFailure(
                description: "the mock App Store Server API runs in the test venv: "
                    + SharedData.missing(.schemaPython, at: python))
        }
        guard let openssl = ExternalTool.path("openssl", package: "openssl") else {
            throw SetupFailure(description: "openssl NOT FOUND on PATH (apt-get install openssl)")
        }
        scratch = try ScratchDirectory()
        let directory = scratch.path
        func run(_ tool: String, _ arguments: [String]) throws {
            let result = try ExternalTool.run(tool, arguments)
            guard result.status == 0 else {
                throw SetupFailure(description: "\(tool) \(arguments.joined(separator: " ")): \(result.stderr)")
            }
        }
        // The TLS side: a CA of its own and a certificate for 127.0.0.1, which --ca-file trusts.
        caFile = directory + "/api-ca.pem"
        let caKey = directory + "/api-ca.key"
        let serverKey = directory + "/server.key"
        let serverRequest = directory + "/server.csr"
        let serverCertificate = directory + "/server.pem"
        let extensions = try scratch.write(
            "server.ext",
            Array(
                "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
                    .utf8))
        let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        try run(
            openssl,
            ["req", "-x509"] + newKey + [
                "-keyout", caKey, "-out", caFile, "-days", "2", "-subj", "/CN=receipt-check test API CA",
            ])
        try run(openssl, ["req"] + newKey + ["-keyout", serverKey, "-out", serverRequest, "-subj", "/CN=localhost"])
        try run(
            openssl,
            [
                "x509", "-req", "-in", serverRequest, "-CA", caFile, "-CAkey", caKey, "-CAcreateserial", "-out",
                serverCertificate, "-days", "2", "-extfile", extensions,
            ])
        // The App Store Connect key: the client signs with the .p8, the mock checks with its public half.
        key = directory + "/AuthKey.p8"
        wrongKey = directory + "/OtherKey.p8"
        let publicKey = directory + "/AuthKey.pub"
        for file in [key, wrongKey] {
            try run(openssl, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", file])
            // As App Store Connect's download is kept: readable by its owner only.
            chmod(file, 0o600)
        }
        try run(openssl, ["pkey", "-in", key, "-pubout", "-out", publicKey])
        // The signed responses.
        let pki = directory + "/pki"
        let made = try CLI.run(["make-test-pki", "--ec", pki])
        guard made.status == 0 else { throw SetupFailure(description: "make-test-pki --ec: \(made.stderr)") }
        pkiRoot = pki + "/root.pem"
        let responses = directory + "/responses"
        try FileManager.default.createDirectory(atPath: responses, withIntermediateDirectories: true)
        try MockResponses(directory: directory, pki: pki, output: responses).write()
        // The mock itself.
        log = directory + "/requests.jsonl"
        let script = CLI.packageRoot.appendingPathComponent("Scripts/mock-appstore-api.py").path
        child = try BackgroundChild(
            python,
            [
                script, "--cert", serverCertificate, "--cert-key", serverKey, "--public-key", publicKey, "--key-id",
                Self.keyID, "--issuer-id", Self.issuerID, "--bundle-id", Self.bundleID, "--responses", responses,
                "--log", log, "--slow", String(Self.slowSeconds), "--page-delay", String(Self.pageDelay),
            ], errorFile: URL(fileURLWithPath: directory + "/mock.err"))
        let words = child.firstLine.split(separator: " ")
        guard words.count == 2, words[0] == "port", let port = Int(words[1]) else {
            child.stop()
            throw SetupFailure(description: "the mock printed \(child.firstLine), not its port: \(child.errors)")
        }
        baseURL = "https://127.0.0.1:\(port)"
    }

    /// Stops the mock; whether it was still running (it must not die on its own).
    @discardableResult func stop() -> Bool { child.stop() }

    var processIdentifier: Int32 { child.process.processIdentifier }

    /// What the mock wrote to its standard error (Python tracebacks).
    var errors: String { child.errors }

    /// The credentials and connection every `api` call of the tests passes, then `extra`.
    func credentials(key: String? = nil, environment: String = "production") -> [String] {
        [
            "--key", key ?? self.key, "--key-id", Self.keyID, "--issuer-id", Self.issuerID, "--bundle-id",
            Self.bundleID, "--environment", environment, "--base-url", baseURL, "--ca-file", caFile, "--root",
            pkiRoot,
        ]
    }

    /// `receipt-check api OPERATION` with the credentials, then `arguments`.
    /// Every run is checked to print neither key's body nor a bearer token.
    func api(
        _ operation: String, _ arguments: [String], key: String? = nil, environment: String = "production",
        timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> CLI.Result {
        let all = ["api", operation] + credentials(key: key, environment: environment) + arguments
        let result = try await Self.offPool { try CLI.run(all, timeout: timeout) }
        try expectNoSecret(in: result, sourceLocation: sourceLocation)
        return result
    }

    /// Runs blocking work (child processes) on a thread of its own, so that the waiting test frees its
    /// thread of the cooperative pool (two on a 2-core machine) for the other suites: these tests wait on
    /// dozens of children, and holding a pool thread meanwhile made other suites overrun their time limits.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// Fails when `result` shows a line of either key's base64 body or the header of a bearer token.
    func expectNoSecret(in result: CLI.Result, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let output = result.stdout + result.stderr
        for file in [key, wrongKey] {
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.hasPrefix("-----") }
            for line in lines where output.contains(line) {
                Issue.record("the key \(file) is in the output: \(line)", sourceLocation: sourceLocation)
            }
        }
        for header in Self.tokenHeaders where output.contains(header) {
            Issue.record("a bearer token is in the output", sourceLocation: sourceLocation)
        }
    }

    /// The base64url text a bearer token of these credentials starts with, in either member order.
    static let tokenHeaders = [
        #"{"alg":"ES256","kid":"\#(keyID)","typ":"JWT"}"#, #"{"alg":"ES256","typ":"JWT","kid":"\#(keyID)"}"#,
        #"{"kid":"\#(keyID)","alg":"ES256","typ":"JWT"}"#, #"{"typ":"JWT","alg":"ES256","kid":"\#(keyID)"}"#,
    ].map { MockResponses.base64URLEncoded(Data($0.utf8)) }

    /// Every request the mock has recorded, oldest first.
    func records() throws -> [[String: Any]] {
        let text = GrowingFile.text(at: log)
        return try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// The recorded requests for `path` (whatever their query).
    func records(path: String) throws -> [[String: Any]] {
        try records().filter { $0["path"] as? String == path }
    }
}

/// A trait that runs a suite with one mock App Store Server API (``MockAppStoreAPI/current``), started
/// before its first test and stopped after its last.
struct MockAppStoreAPIScope: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let mock = try await MockAppStoreAPI.offPool { try MockAppStoreAPI() }
        defer {
            let wasRunning = mock.stop()
            #expect(wasRunning, "the mock App Store Server API died during the suite: \(mock.errors)")
        }
        try await MockAppStoreAPI.$current.withValue(mock) {
            try await function()
        }
    }
}

extension Trait where Self == MockAppStoreAPIScope {
    static var mockAppStoreAPI: Self { Self() }
}
