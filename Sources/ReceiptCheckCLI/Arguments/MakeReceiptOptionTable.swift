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
}
