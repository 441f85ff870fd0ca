import ReceiptKit
import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The options verify and inspect share, and how they become a `ReceiptValidator`.
enum ValidationOptionTable {
    static let format = OptionKey<String>.value(
        "format", "FORMAT", choices: ["text", "json", "ndjson", "verifyreceipt", "html"],
        help: "output format (default: text); ndjson: one compact JSON object a line; verifyreceipt: "
            + "the body Apple's verifyReceipt endpoint returns, one a line; html: one self-contained page "
            + "with a timeline picture")
    static let json = OptionKey<Bool>.flag("json", help: "same as --format json")
    static let bundleID = OptionKey<String>.value("bundle-id", "ID", help: "require this bundle id (field 2)")
    static let appVersion = OptionKey<String>.value(
        "app-version", "VERSION", help: "require this application version (field 3)")
    static let environment = OptionKey<String>.value(
        "environment", "ENV",
        help: "require this environment: production, sandbox or xcode (or Apple's receipt type names)")
    static let deviceID = OptionKey<String>.value(
        "device-id", "ID",
        help: "require the receipt's hash (field 5) to match this device: a UUID, a MAC address or hex")
    static let appAppleID = OptionKey<String>.value(
        "app-apple-id", "N",
        help: "require this app Apple id wherever the input carries one (appAppleId, a receipt's app item id);"
            + " production inputs that can carry one must")
    static let deviceVerificationID = OptionKey<String>.value(
        "device-verification-id", "UUID",
        help: "require a StoreKit 2 transaction's or AppTransaction's deviceVerification to match this"
            + " device (its identifierForVendor)")
    static let at = OptionKey<String>.value(
        "at", "TIME",
        help: "check certificate validity at: receipt (its creation date, default), now, or an RFC 3339 time")
    static let root = OptionKey<[String]>.repeated(
        "root", "FILE", help: "trust this root certificate (DER or PEM) instead of Apple's embedded roots")
    static let storeKitTestCert = OptionKey<String>.value(
        "storekit-test-cert", "FILE",
        help: "also accept receipts signed by this Xcode StoreKit Testing certificate (reported as storekit_testing)")
    static let onlineChecks = OptionKey<Bool>.flag(
        "online-checks",
        help: "also judge certificates now and prove each below the root not revoked by the OCSP responder"
            + " it names; a revoked one is invalid, an unproven one exit 75")
    static let ocspResponse = OptionKey<[String]>.repeated(
        "ocsp-response", "FILE",
        help: "a DER OCSP response that proves a certificate's status without network (turns revocation"
            + " checks on)")
    static let crl = OptionKey<[String]>.repeated(
        "crl", "FILE",
        help: "a PEM or DER CRL that proves its issuer's certificates' status without network (turns"
            + " revocation checks on)")
    static let maxSize = OptionKey<String>.value(
        "max-size", "BYTES", help: "refuse inputs larger than this (default: 16777216)")

    static let options: [OptionSpec] =
        [
            format.spec, json.spec, bundleID.spec, appVersion.spec, environment.spec, deviceID.spec, appAppleID.spec,
            deviceVerificationID.spec, at.spec, root.spec, storeKitTestCert.spec, onlineChecks.spec, ocspResponse.spec,
            crl.spec, maxSize.spec, CommonOptionTable.help.spec,
        ] + RuleOptionTable.options

    /// Output format requested.
    static func wantsJSON(_ arguments: ParsedArguments) -> Bool {
        arguments[json] || arguments[format]?.lowercased() == "json"
    }

    static func sizeLimit(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let text = arguments[maxSize] else { return InputFile.defaultSizeLimit }
        guard let limit = Int(text), limit > 0 else {
            throw UsageError("--max-size takes a positive number of bytes, not '\(text)'")
        }
        return limit
    }

    /// Debug builds only: names a fault for the validator to fail with (`ValidationOptions.injectFault(named:)`).
    static let injectedFaultVariable = "RECEIPT_CHECK_INJECT_FAULT"

    /// Builds the validator the options describe; a bad option value is a usage error, an
    /// unreadable certificate file is reported as such. `analysis` (inspect) without `--bundle-id`
    /// analyses inputs of any app: its decisions are shown, unbound, and grant nothing.
    static func validator(_ arguments: ParsedArguments, analysis: Bool = false) throws(SetupError)
        -> ReceiptValidator
    {
        var options = ValidationOptions()
        options.wording = FlagWording()
        options.bundleID = arguments[bundleID]
        options.applicationVersion = arguments[appVersion]
        if let text = arguments[environment] {
            guard let environment = ReceiptEnvironment(argument: text) else {
                throw .usage(UsageError("--environment takes production, sandbox or xcode, not '\(text)'"))
            }
            options.environment = environment
        }
        if let text = arguments[deviceID] {
            do {
                options.deviceIdentifier = try DeviceIdentifier(parsing: text)
            } catch {
                throw .usage(UsageError("--device-id: \(error)"))
            }
        }
        if let text = arguments[appAppleID] {
            guard let id = Int64(text), id > 0 else {
                throw .usage(UsageError("--app-apple-id takes the app's Apple id, a positive number, not '\(text)'"))
            }
            options.appAppleID = id
        }
        if let text = arguments[deviceVerificationID] {
            guard let device = DeviceVerification.DeviceID(parsing: text) else {
                throw .usage(
                    UsageError(
                        "--device-verification-id takes a UUID such as 3f2a9c1e-7b4d-4e8a-9f10-2c6b5d8e1a47, not '\(text)'"
                    ))
            }
            options.deviceVerificationID = device
        }
        if let text = arguments[at] {
            guard let time = ValidationTime(argument: text) else {
                throw .usage(
                    UsageError(
                        "--at takes receipt, now or an RFC 3339 time such as 2024-01-31T12:00:00Z, not '\(text)'"))
            }
            options.time = time
        }
        options.onlineChecks = try revocationChecks(arguments)
        #if DEBUG
            // Tests reach exit 70 through this; release builds never read it.
            if let fault = ProcessInfo.processInfo.environment[injectedFaultVariable] {
                _ = options.injectFault(named: fault)
            }
        #endif
        do {
            let storeKit = try arguments[storeKitTestCert].map { path throws(SetupError) in
                try certificate(at: path, option: "--storekit-test-cert")
            }
            let rootPaths = arguments[root]
            let policy: TrustPolicy
            if rootPaths.isEmpty {
                policy = try TrustPolicy.apple(storeKitTestCertificate: storeKit)
            } else {
                var roots: [Certificate] = []
                for path in rootPaths {
                    roots.append(try certificate(at: path, option: "--root"))
                }
                policy = TrustPolicy.custom(roots: roots, storeKitTestCertificate: storeKit)
            }
            if analysis, options.bundleID == nil {
                return try ReceiptValidator.unbound(policy: policy, options: options)
            }
            return try ReceiptValidator(policy: policy, options: options)
        } catch let error as SetupError {
            throw error
        } catch {
            throw .internalError("cannot set up verification: \(error)")
        }
    }

    /// `--online-checks` asks responders; `--ocsp-response` and `--crl` alone check from their data only.
    private static func revocationChecks(_ arguments: ParsedArguments) throws(SetupError) -> OnlineChecks? {
        let online = arguments[onlineChecks]
        let responsePaths = arguments[ocspResponse]
        let crlPaths = arguments[crl]
        guard online || !responsePaths.isEmpty || !crlPaths.isEmpty else { return nil }
        var checks = OnlineChecks(fetchesFromResponders: online)
        for path in responsePaths {
            let bytes = try revocationData(at: path, option: ocspResponse.flag)
            do {
                checks.ocspResponses.append(try OCSPResponse(der: bytes, source: "--ocsp-response \(path)"))
            } catch {
                throw .badData("--ocsp-response \(path) is not a DER OCSP response: \(error)")
            }
        }
        for path in crlPaths {
            let bytes = try revocationData(at: path, option: crl.flag)
            do {
                checks.crls.append(try CertificateRevocationList(derOrPEM: bytes, source: "--crl \(path)"))
            } catch {
                throw .badData("--crl \(path) is not a PEM or DER CRL: \(error)")
            }
        }
        return checks
    }

    private static func revocationData(at path: String, option: String) throws(SetupError) -> [UInt8] {
        do {
            return try InputFile.contents(of: path, limit: 64 << 20)
        } catch {
            throw .unreadable("\(option): \(error.message)")
        }
    }

    private static func certificate(at path: String, option: String) throws(SetupError) -> Certificate {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.contents(of: path, limit: 1 << 20)
        } catch {
            throw .unreadable("\(option): \(error.message)")
        }
        do {
            return try Certificate(derOrPEM: bytes)
        } catch {
            throw .badData("\(option) \(path) is not a certificate: \(error)")
        }
    }
}
