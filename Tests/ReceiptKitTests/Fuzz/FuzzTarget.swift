/// The fuzz targets, each one kind of outside bytes read by one entry point with its oracle.
///
/// One implementation serves two callers: the libFuzzer binary (`Scripts/fuzz.sh` compiles this folder
/// with the ReceiptKit sources and `Tools/Fuzz`) and `FuzzCorpusReplayTests`, which replays the kept
/// corpus `Tools/Fuzz/Corpus/TARGET/` through `FuzzHarness.run` without the fuzzer runtime. A crash, trap,
/// leak or sanitizer report is a finding, and so is a broken oracle (`FuzzFinding`); an error or a
/// verdict is the expected outcome.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// `ReceiptValidator.validate` trusting the test PKI root, so fuzzed receipts reach the chain.
    case receipt
    /// `PayloadDecoder.decode` alone.
    case payload
    /// The StoreKit 2 JWS path, through the same validator entry point.
    case jws
    /// The rules-file parser, each parsed set then evaluated against a fixture receipt.
    case rules
    /// Differential: the compact writer must write every receipt report as `JSONEncoder` does, byte for
    /// byte, whatever the receipt held.
    case reportJSON = "report-json"
    /// Differential: a StoreKit 2 report (from a JWS, a response body, or payload JSON starting with `{`
    /// decoded straight into one) written by the compact writer, with and without rule decisions, must
    /// match `JSONEncoder` byte for byte, compact and pretty.
    case jwsJSON = "jws-json"
    /// Differential: whatever `JSONParser` accepts, Foundation's `JSONDecoder` must read as the same
    /// value, but for the one difference docs/security.md names.
    case json
    /// App Store Server API bodies as the client reads them: signed bodies verified, unsigned ones read
    /// strictly, Apple's error bodies, history pages (split at NUL bytes) merged into one body that
    /// must hold every page's transactions in order, Advanced Commerce request bodies sent as read, and
    /// realtime Retention Messaging answers made of NUL-separated values that read back as made.
    case serverAPI = "server-api"
    /// OCSP responses and CRLs as the online checks judge them for the fixture chain: the same answer
    /// from the bytes as read and as OpenSSL writes them again.
    case revocation
    /// `VerifyReceiptRequest(body:)`: the options it reads must be the members a second reading finds,
    /// and the body's receipt is validated as the endpoint does.
    case verifyReceiptRequest = "verifyreceipt-request"
    /// Certificate files (`--root`, DER or PEM) and CRL files (`--crl`): a certificate read must read
    /// again from its DER and from that DER written as PEM, to the same bytes.
    case certificate
    /// Notification bodies (`{"signedPayload": ...}`): the body's verdict must be the verdict on the JWS
    /// it carries given alone.
    case notification
    /// One `--lines` line as ReceiptKit reads it: the same verdict with white space around it, as the
    /// line reader may leave (a `\r`, spaces).
    case line
    /// Strict base64 (`Base64.decode`, which tells base64 receipts apart): what it decodes,
    /// Foundation decodes to the same bytes, and what Foundation decodes once white space is taken out,
    /// it decodes too.
    case base64
    /// The notification store's intake and import path: a file split into notification bodies (a Get
    /// Notification History response's elements), each verified, a valid one read into the row it is kept
    /// as, which must say what its verified payload says.
    case intake

    /// The root that fixture receipts chain to, relative to the package root.
    static let rootPath = "Fixtures/pki/root.pem"
    /// The root of the EC test PKI (`make-test-pki --ec`) that signed the kept JWS inputs; its keys
    /// were not kept, only what a verifier needs.
    static let jwsRootPath = "Tools/Fuzz/pki/ec-root.pem"
    /// The root of the EC test PKI that signed the intake target's notifications (a renewal, a refund, one as
    /// a body, a history response of both); its keys were not kept either.
    static let intakeRootPath = "Tools/Fuzz/pki/intake-root.pem"
}
