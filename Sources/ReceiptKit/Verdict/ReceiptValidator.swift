#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Verifies and decodes receipts and JWS; safe to share across threads, chains cached across calls.
/// Rules grant nothing unless ``ValidationOptions/bundleID`` is set (see ``unbound(policy:options:)``).
public final class ReceiptValidator: Sendable {
    /// What the caller asks of every input beyond a good signature and chain.
    public var options: ValidationOptions { context.options }
    let context: VerificationContext
    /// Whether verdicts only show what the rules would say, granting nothing (``unbound(policy:options:)``).
    let analysesAnyApp: Bool

    /// A validator trusting `policy`'s roots and applying `options` to every input.
    public convenience init(policy: TrustPolicy, options: ValidationOptions = ValidationOptions())
        throws(OpenSSLError)
    {
        try self.init(policy: policy, options: options, analysesAnyApp: false)
    }

    private init(policy: TrustPolicy, options: ValidationOptions, analysesAnyApp: Bool) throws(OpenSSLError) {
        context = VerificationContext(
            options: options,
            chains: try ChainVerifier(policy: policy, wording: options.wording, injectedFault: options.injectedFault),
            anchorNames: policy.rootNames, revocation: options.onlineChecks.map(RevocationChecker.init))
        self.analysesAnyApp = analysesAnyApp
    }

    /// A validator for analysing inputs of any app (`receipt-check inspect`): rules are evaluated so their
    /// reasons show, but every verdict is unbound and grants nothing.
    public static func unbound(policy: TrustPolicy, options: ValidationOptions = ValidationOptions())
        throws(OpenSSLError) -> ReceiptValidator
    {
        try ReceiptValidator(policy: policy, options: options, analysesAnyApp: true)
    }

    /// The app this validator's decisions are for.
    var binding: AppBinding {
        AppBinding(
            bundleID: analysesAnyApp ? nil : options.bundleID, environment: options.environment,
            analysis: analysesAnyApp)
    }

    /// The full report on one input, whatever it holds. Never throws: a bad input is a report.
    public func validate(_ bytes: [UInt8], input name: String) -> ValidationReport {
        var report = ValidationReport(input: name)
        do {
            switch try ReceiptInput.classify(bytes) {
            case .jws(let format, let text):
                report.format = format
                JWSVerifier(context: context).validate(text, into: &report)
            case .response(let response):
                report.format = .serverAPIResponse
                ResponseVerifier(context: context).validate(response, into: &report)
            case .pkcs7(let format, let pkcs7):
                report.format = format
                PKCS7Verifier(context: context).validate(try ReceiptContainer.parse(pkcs7[...]), into: &report)
            }
        } catch {
            report.reject(error)
        }
        return report
    }
}
