import Foundation

@testable import ReceiptKit

/// What every target needs read once (a validator trusting the fixture root, a fixture receipt, the
/// fixture chain), and the one entry point that runs a target's logic and oracle on one input.
final class FuzzHarness: Sendable {
    let validator: ReceiptValidator
    /// The same trust at one fixed moment, for oracles that compare two validations: an input without
    /// a date of its own is otherwise judged at "now", which differs between them.
    let pinnedValidator: ReceiptValidator
    /// A fixture receipt: rules are evaluated against it, fuzzed roots judge it.
    let sampleReceiptBytes: [UInt8]
    let sampleReceipt: ParsedReceipt?
    /// The fixture chain, leaf first and root last: what the revocation target's answers are about.
    let chain: [Certificate]
    /// The moment revocation data is judged at, and pinned validations: within the fixture chains'
    /// validity, fixed so that a kept input means the same on every run.
    static let revocationTime = Date(timeIntervalSince1970: 1_796_428_800)

    /// Reads the fixtures under `packageRoot`.
    init(packageRoot: String) throws {
        func file(_ name: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/" + name)))
        }
        let root = try Certificate(derOrPEM: file(FuzzTarget.rootPath))
        let roots = [
            root, try Certificate(derOrPEM: file(FuzzTarget.jwsRootPath)),
            try Certificate(derOrPEM: file(FuzzTarget.intakeRootPath)),
        ]
        validator = try ReceiptValidator(policy: .custom(roots: roots))
        var pinned = ValidationOptions()
        pinned.time = .fixed(Self.revocationTime)
        pinnedValidator = try ReceiptValidator(policy: .custom(roots: roots), options: pinned)
        sampleReceiptBytes = try file("Fixtures/subscriptions.receipt")
        sampleReceipt = validator.validate(sampleReceiptBytes, input: "rules").receipt
        chain = [
            try Certificate(derOrPEM: file("Fixtures/pki/leaf.pem")),
            try Certificate(derOrPEM: file("Fixtures/pki/intermediate.pem")), root,
        ]
    }

    /// Runs `target` on `bytes`; throws what its oracle found.
    func run(_ target: FuzzTarget, _ bytes: [UInt8]) throws(FuzzFinding) {
        switch target {
        case .receipt, .jws: validate(bytes)
        case .payload: payload(bytes)
        case .rules: rules(bytes)
        case .reportJSON: try reportJSON(bytes)
        case .jwsJSON: try jwsJSON(bytes)
        case .json: try json(bytes)
        case .serverAPI: try serverAPI(bytes)
        case .revocation: try revocation(bytes)
        case .verifyReceiptRequest: try verifyReceiptRequest(bytes)
        case .certificate: try certificate(bytes)
        case .notification: try notification(bytes)
        case .line: try line(bytes)
        case .base64: try base64(bytes)
        case .intake: try intake(bytes)
        }
    }
}
