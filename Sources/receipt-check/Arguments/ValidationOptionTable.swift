import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The options verify and inspect share, and how they become a `ReceiptValidator`.
enum ValidationOptionTable {
    static let options: [OptionSpec] =
        [
            OptionSpec(
                "format", value: "FORMAT", choices: ["text", "json", "ndjson", "verifyreceipt"],
                help: "output format (default: text); ndjson: one compact JSON object a line; verifyreceipt: "
                    + "the body Apple's verifyReceipt endpoint returns, one a line"),
            OptionSpec("json", help: "same as --format json"),
            OptionSpec("bundle-id", value: "ID", help: "require this bundle id (field 2)"),
            OptionSpec("app-version", value: "VERSION", help: "require this application version (field 3)"),
            OptionSpec(
                "environment", value: "ENV",
                help: "require this environment: production, sandbox or xcode (or Apple's receipt type names)"),
            OptionSpec(
                "device-id", value: "ID",
                help: "require the receipt's hash (field 5) to match this device: a UUID, a MAC address or hex"),
            OptionSpec(
                "app-apple-id", value: "N",
                help: "require this app Apple id wherever the input carries one (appAppleId, a receipt's app item id);"
                    + " production inputs that can carry one must"),
            OptionSpec(
                "device-verification-id", value: "UUID",
                help: "require a StoreKit 2 transaction's or AppTransaction's deviceVerification to match this"
                    + " device (its identifierForVendor)"),
            OptionSpec(
                "at", value: "TIME",
                help: "check certificate validity at: receipt (its creation date, default), now, or an RFC 3339 time"),
            OptionSpec(
                "root", value: "FILE", repeatable: true,
                help: "trust this root certificate (DER or PEM) instead of Apple's embedded roots"),
            OptionSpec(
                "storekit-test-cert", value: "FILE",
                help:
                    "also accept receipts signed by this Xcode StoreKit Testing certificate (reported as storekit_testing)"
            ),
            OptionSpec(
                "online-checks",
                help: "also judge certificates now and prove each below the root not revoked by the OCSP responder"
                    + " it names; a revoked one is invalid, an unproven one exit 75"),
            OptionSpec(
                "ocsp-response", value: "FILE", repeatable: true,
                help: "a DER OCSP response that proves a certificate's status without network (turns revocation"
                    + " checks on)"),
            OptionSpec(
                "crl", value: "FILE", repeatable: true,
                help: "a PEM or DER CRL that proves its issuer's certificates' status without network (turns"
                    + " revocation checks on)"),
            OptionSpec("max-size", value: "BYTES", help: "refuse inputs larger than this (default: 16777216)"),
            OptionSpec("help", short: "h", help: "show this help"),
        ] + RuleOptionTable.options

    /// Output format requested.
    static func wantsJSON(_ arguments: ParsedArguments) -> Bool {
        arguments.flag("json") || arguments.value("format")?.lowercased() == "json"
    }

    static func sizeLimit(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let text = arguments.value("max-size") else { return InputFile.defaultSizeLimit }
        guard let limit = Int(text), limit > 0 else {
            throw UsageError("--max-size takes a positive number of bytes, not '\(text)'")
        }
        return limit
    }

    /// Debug builds only: names an `InjectedFault` for the validator to fail with.
    static let injectedFaultVariable = "RECEIPT_CHECK_INJECT_FAULT"

    /// Builds the validator the options describe; a bad option value is a usage error, an
    /// unreadable certificate file is reported as such. `analysis` (inspect) without `--bundle-id`
    /// analyses inputs of any app: its decisions are shown, unbound, and grant nothing.
    static func validator(_ arguments: ParsedArguments, analysis: Bool = false) throws(SetupError)
        -> ReceiptValidator
    {
        var options = ValidationOptions()
        options.hints = .commandLine
        options.bundleID = arguments.value("bundle-id")
        options.applicationVersion = arguments.value("app-version")
        if let text = arguments.value("environment") {
            guard let environment = ReceiptEnvironment(argument: text) else {
                throw .usage(UsageError("--environment takes production, sandbox or xcode, not '\(text)'"))
            }
            options.environment = environment
        }
        if let text = arguments.value("device-id") {
            do {
                options.deviceIdentifier = try DeviceIdentifier(parsing: text)
            } catch {
                throw .usage(UsageError("--device-id: \(error)"))
            }
        }
        if let text = arguments.value("app-apple-id") {
            guard let id = Int64(text), id > 0 else {
                throw .usage(UsageError("--app-apple-id takes the app's Apple id, a positive number, not '\(text)'"))
            }
            options.appAppleID = id
        }
        if let text = arguments.value("device-verification-id") {
            guard let device = DeviceVerification.DeviceID(parsing: text) else {
                throw .usage(
                    UsageError(
                        "--device-verification-id takes a UUID such as 3f2a9c1e-7b4d-4e8a-9f10-2c6b5d8e1a47, not '\(text)'"
                    ))
            }
            options.deviceVerificationID = device
        }
        if let text = arguments.value("at") {
            guard let time = ValidationTime(argument: text) else {
                throw .usage(
                    UsageError(
                        "--at takes receipt, now or an RFC 3339 time such as 2024-01-31T12:00:00Z, not '\(text)'"))
            }
            options.time = time
        }
        options.onlineChecks = try onlineChecks(arguments)
        #if DEBUG
            // Tests reach exit 70 through this; release builds never read it.
            if let fault = ProcessInfo.processInfo.environment[injectedFaultVariable] {
                options.injectedFault = InjectedFault(rawValue: fault)
            }
        #endif
        do {
            let storeKit = try arguments.value("storekit-test-cert").map { path throws(SetupError) in
                try certificate(at: path, option: "--storekit-test-cert")
            }
            let rootPaths = arguments.all("root")
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
    private static func onlineChecks(_ arguments: ParsedArguments) throws(SetupError) -> OnlineChecks? {
        let online = arguments.flag("online-checks")
        let responsePaths = arguments.all("ocsp-response")
        let crlPaths = arguments.all("crl")
        guard online || !responsePaths.isEmpty || !crlPaths.isEmpty else { return nil }
        var checks = OnlineChecks(fetchesFromResponders: online)
        for path in responsePaths {
            let bytes = try revocationData(at: path, option: "--ocsp-response")
            do {
                checks.ocspResponses.append(try OCSPResponse(der: bytes, source: "--ocsp-response \(path)"))
            } catch {
                throw .badData("--ocsp-response \(path) is not a DER OCSP response: \(error)")
            }
        }
        for path in crlPaths {
            let bytes = try revocationData(at: path, option: "--crl")
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
