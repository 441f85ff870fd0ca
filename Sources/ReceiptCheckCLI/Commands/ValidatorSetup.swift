import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `ReceiptValidator` verify, inspect, api and the CGI endpoint check with, from the options and the files
/// they name (certificates, revocation data) and, in debug builds, the fault to inject.
enum ValidatorSetup {
    private typealias Table = ValidationOptionTable

    /// Debug builds only: names a fault for the validator to fail with (`ValidationOptions.injectFault(named:)`).
    static let injectedFaultVariable = "RECEIPT_CHECK_INJECT_FAULT"

    /// A bad option value is a usage error, an unreadable certificate file is said as such. `analysis` (inspect)
    /// without `--bundle-id` analyses inputs of any app: its decisions are shown, unbound, and grant nothing.
    static func validator(_ arguments: ParsedArguments, analysis: Bool = false) throws(SetupError)
        -> ReceiptValidator
    {
        var options = try ValidationOptionTable.validationOptions(arguments)
        options.onlineChecks = try revocationChecks(arguments)
        #if DEBUG
            // Tests reach exit 70 through this; release builds never read it.
            if let fault = ProcessInfo.processInfo.environment[injectedFaultVariable] {
                _ = options.injectFault(named: fault)
            }
        #endif
        do {
            let storeKit = try arguments.setupValue(Table.storeKitTestCert).map { file throws(SetupError) in
                try certificate(at: file.path, option: Table.storeKitTestCert.flag)
            }
            let rootPaths = try arguments.setupValues(Table.root).map(\.path)
            let policy: TrustPolicy
            if rootPaths.isEmpty {
                policy = try TrustPolicy.apple(storeKitTestCertificate: storeKit)
            } else {
                var roots: [Certificate] = []
                for path in rootPaths {
                    roots.append(try certificate(at: path, option: Table.root.flag))
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
        let online = arguments[Table.onlineChecks]
        let responsePaths = try arguments.setupValues(Table.ocspResponse).map(\.path)
        let crlPaths = try arguments.setupValues(Table.crl).map(\.path)
        guard online || !responsePaths.isEmpty || !crlPaths.isEmpty else { return nil }
        var checks = OnlineChecks(fetchesFromResponders: online)
        for path in responsePaths {
            let bytes = try revocationData(at: path, option: Table.ocspResponse.flag)
            do {
                checks.ocspResponses.append(try OCSPResponse(der: bytes, source: "\(Table.ocspResponse.flag) \(path)"))
            } catch {
                throw .badData("\(Table.ocspResponse.flag) \(path) is not a DER OCSP response: \(error)")
            }
        }
        for path in crlPaths {
            let bytes = try revocationData(at: path, option: Table.crl.flag)
            do {
                checks.crls.append(try CertificateRevocationList(derOrPEM: bytes, source: "\(Table.crl.flag) \(path)"))
            } catch {
                throw .badData("\(Table.crl.flag) \(path) is not a PEM or DER CRL: \(error)")
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
        let bytes = try OptionFiles.read(path, option)
        do {
            return try Certificate(derOrPEM: bytes)
        } catch {
            throw .badData("\(option) \(path) is not a certificate: \(error)")
        }
    }
}
