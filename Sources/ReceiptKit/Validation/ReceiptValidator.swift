#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Verifies and decodes receipts: container, payload, signature, chain, validity, then the
/// caller's own checks. Safe to share across threads; chains are cached across calls.
public final class ReceiptValidator: Sendable {
    /// What the caller asks of every input beyond a good signature and chain.
    public var options: ValidationOptions { context.options }
    let context: VerificationContext

    /// A validator trusting `policy`'s roots and applying `options` to every input.
    public init(policy: TrustPolicy, options: ValidationOptions = ValidationOptions()) throws(OpenSSLError) {
        context = VerificationContext(
            options: options, chains: try ChainVerifier(policy: policy, hints: options.hints),
            anchorNames: policy.rootNames)
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
