import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The options verify and inspect share, and the `ValidationOptions` their values describe.
enum ValidationOptionTable {
    /// `--format`: the output format's name (`BatchOptionTable.OutputFormat` is what a run prints).
    enum Format: String, OptionChoice {
        case text, json, ndjson, verifyreceipt, html

        /// What `--format`'s help says of the format; nil where its name says enough.
        var phrase: String? {
            switch self {
            case .text, .json: nil
            case .ndjson: "one compact JSON object a line"
            case .verifyreceipt: "the body Apple's verifyReceipt endpoint returns, one a line"
            case .html: "one self-contained page with a timeline picture"
            }
        }

        /// `--format`'s help for a command that takes `formats`: each one's phrase said once, here.
        static func help(_ formats: [Format]) -> String {
            let phrases = formats.compactMap { format in format.phrase.map { "\(format.rawValue): \($0)" } }
            return (["output format (default: text)"] + phrases).joined(separator: "; ")
        }
    }

    static let format = OptionKey<Format>.choice("format", "FORMAT", help: Format.help(Format.allCases))
    static let json = OptionKey<Bool>.flag("json", help: "same as --format json")
    static let bundleID = OptionKey<String>.value("bundle-id", "ID", help: "require this bundle id (field 2)")
    static let appVersion = OptionKey<String>.value(
        "app-version", "VERSION", help: "require this application version (field 3)")
    static let environment = OptionKey<ReceiptEnvironment>.parsed(
        "environment", "ENV", takes: "production, sandbox or xcode",
        help: "require this environment: production, sandbox or xcode (or Apple's receipt type names)"
    ) { ReceiptEnvironment(argument: $0) }
    static let deviceID = OptionKey<DeviceIdentifier>.device(
        "device-id", help: "require the receipt's hash (field 5) to match this device: a UUID, a MAC address or hex")
    static let appAppleID = OptionKey<Int64>.number(
        "app-apple-id", "N", in: 1..., takes: "the app's Apple id, a positive number",
        help: "require this app Apple id wherever the input carries one (appAppleId, a receipt's app item id);"
            + " production inputs that can carry one must")
    static let deviceVerificationID = OptionKey<DeviceVerification.DeviceID>.parsed(
        "device-verification-id", "UUID", takes: "a UUID such as 3f2a9c1e-7b4d-4e8a-9f10-2c6b5d8e1a47",
        help: "require a StoreKit 2 transaction's or AppTransaction's deviceVerification to match this"
            + " device (its identifierForVendor)"
    ) { DeviceVerification.DeviceID(parsing: $0) }
    static let at = OptionKey<ValidationTime>.parsed(
        "at", "TIME", takes: "receipt, now or an RFC 3339 time such as 2024-01-31T12:00:00Z",
        help: "check certificate validity at: receipt (its creation date, default), now, or an RFC 3339 time"
    ) { ValidationTime(argument: $0) }
    static let root = OptionKey<[InputPath]>.repeated(
        .input(
            "root", help: "trust this root certificate (DER or PEM) instead of Apple's embedded roots"))
    static let storeKitTestCert = OptionKey<InputPath>.input(
        "storekit-test-cert",
        help: "also accept receipts signed by this Xcode StoreKit Testing certificate (reported as storekit_testing)")
    static let onlineChecks = OptionKey<Bool>.flag(
        "online-checks",
        help: "also judge certificates now and prove each below the root not revoked by the OCSP responder"
            + " it names; a revoked one is invalid, an unproven one exit 75")
    static let ocspResponse = OptionKey<[InputPath]>.repeated(
        .input(
            "ocsp-response",
            help: "a DER OCSP response that proves a certificate's status without network (turns revocation"
                + " checks on)"))
    static let crl = OptionKey<[InputPath]>.repeated(
        .input(
            "crl",
            help: "a PEM or DER CRL that proves its issuer's certificates' status without network (turns"
                + " revocation checks on)"))
    static let maxSize = OptionKey<Int>.number(
        "max-size", "BYTES", in: 1..., takes: "a positive number of bytes",
        help: "refuse inputs larger than this (default: 16777216)")

    static let options: [OptionSpec] =
        [
            format.spec, json.spec, bundleID.spec, appVersion.spec, environment.spec, deviceID.spec, appAppleID.spec,
            deviceVerificationID.spec, at.spec, root.spec, storeKitTestCert.spec, onlineChecks.spec, ocspResponse.spec,
            crl.spec, maxSize.spec, CommonOptionTable.help.spec,
        ] + RuleOptionTable.options

    static func sizeLimit(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        try arguments.value(maxSize) ?? InputFile.defaultSizeLimit
    }

    /// The validation options the values describe (`ValidatorSetup` reads the files they name).
    static func validationOptions(_ arguments: ParsedArguments) throws(SetupError) -> ValidationOptions {
        var options = ValidationOptions()
        options.wording = FlagWording()
        options.bundleID = arguments[bundleID]
        options.applicationVersion = arguments[appVersion]
        options.environment = try arguments.setupValue(environment)
        options.deviceIdentifier = try arguments.setupValue(deviceID)
        options.appAppleID = try arguments.setupValue(appAppleID)
        options.deviceVerificationID = try arguments.setupValue(deviceVerificationID)
        if let time = try arguments.setupValue(at) {
            options.time = time
        }
        return options
    }
}
