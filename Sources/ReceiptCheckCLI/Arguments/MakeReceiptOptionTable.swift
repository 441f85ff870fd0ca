import ReceiptKit
import ReceiptKitTesting

/// The options of `make-receipt`: what to sign, with which test PKI, where to, and how.
enum MakeReceiptOptionTable {
    static let specFile = OptionKey<InputPath>.input(
        "spec", "SPEC.json", help: "the receipt contents, - for standard input (required)")
    static let pkiDirectory = OptionKey<InputPath>.directory(
        "pki", help: "directory written by make-test-pki (required)")
    static let output = OptionKey<OutputPath>.output(
        "output", short: "o", help: "where to write the receipt; - for stdout (required)")
    static let digest = OptionKey<ReceiptSigner.Digest>.choice(
        "digest", "NAME", help: "signature digest (default sha256)")
    static let ber = OptionKey<Bool>.flag(
        "ber", help: "stream with indefinite lengths (BER), as Xcode receipts; default is DER")
    static let deviceID = OptionKey<DeviceIdentifier>.device(
        "device-id",
        help: "set field 5 to the hash for this device (UUID, MAC address or hex), the spec's opaque "
            + "value and bundle id")
    static let jws = OptionKey<Bool>.flag(
        "jws", help: "sign a StoreKit 2 payload as a compact JWS (ES256) instead of a receipt")
    static let storeKitTest = OptionKey<Bool>.flag(
        "storekit-test", help: "sign with the PKI's self-signed storekit.pem alone, as Xcode StoreKit Testing does")
    static let signedAttributes = OptionKey<Bool>.flag(
        "signed-attributes", help: "add signed attributes (contentType, signingTime, messageDigest)")
    static let badMessageDigest = OptionKey<Bool>.flag(
        "bad-message-digest",
        help: "with --signed-attributes: a messageDigest that does not match the content (test fixture)")

    static let options: [OptionSpec] = [
        specFile.spec, pkiDirectory.spec, output.spec, digest.spec, ber.spec, deviceID.spec, jws.spec,
        storeKitTest.spec, signedAttributes.spec, badMessageDigest.spec, CommonOptionTable.help.spec,
    ]

    /// What signs a receipt only, not a JWS.
    private static let receiptOnly = [
        ber.spec, digest.spec, deviceID.spec, signedAttributes.spec, badMessageDigest.spec,
    ]

    /// The spec, PKI and output paths, each required, checked with the options beside them: `--jws` signs no
    /// receipt, and `--bad-message-digest` spoils a DER receipt's signed attributes.
    static func validate(_ arguments: ParsedArguments) throws(UsageError) -> (spec: String, pki: String, output: String)
    {
        guard arguments.operands.isEmpty else { throw UsageError("unexpected operand '\(arguments.operands[0])'") }
        let given = (try arguments.value(specFile), try arguments.value(pkiDirectory), try arguments.value(output))
        guard let specPath = given.0?.path else { throw UsageError("\(specFile.flag) is required") }
        guard let pkiPath = given.1?.path else { throw UsageError("\(pkiDirectory.flag) is required") }
        guard let outputPath = given.2?.path else { throw UsageError("-o/\(output.flag) is required") }
        if arguments[jws], let option = receiptOnly.first(where: arguments.isGiven) {
            throw UsageError("--\(option.name) applies to receipts, not to --jws")
        }
        if !arguments[jws], arguments[badMessageDigest], !arguments[signedAttributes] || arguments[ber] {
            throw UsageError("--bad-message-digest needs --signed-attributes and DER output (no --ber)")
        }
        return (specPath, pkiPath, outputPath)
    }
}
