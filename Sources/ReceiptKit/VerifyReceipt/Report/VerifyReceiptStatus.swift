/// The `status` of a verifyReceipt body: Apple's numbers, chosen from a report's reason.
public enum VerifyReceiptStatus: Int64, Sendable, CaseIterable {
    /// A valid App Store receipt.
    case valid = 0
    /// Apple: the request body is not a JSON object it can read (or the request was not a POST).
    case unreadableRequest = 21000
    /// Apple: the `receipt-data` is missing or not a receipt.
    case malformedReceiptData = 21002
    /// Apple: not authenticated. Here also: not for the app, version or device configured, or no App Store receipt.
    case notAuthenticated = 21003
    /// Apple: the server could not answer; here, SHA-1 refused by OpenSSL or revocation not proven.
    case temporarilyUnavailable = 21005
    /// A sandbox receipt sent to the production endpoint.
    case sandboxReceiptToProduction = 21007
    /// A production receipt sent to the sandbox endpoint.
    case productionReceiptToSandbox = 21008
    /// Apple: internal data access error.
    case internalError = 21009

    /// The status for a report, failing closed: 0 needs a valid report of an App Store receipt, never a JWS.
    public init(_ report: ValidationReport) {
        // A StoreKit 2 JWS or an App Store Server API response, verified or not, is not receipt data.
        guard Self.notReceiptData(report) == nil else {
            self = .malformedReceiptData
            return
        }
        guard let reason = report.reason else {
            let isAppStoreReceipt = [.production, .sandbox].contains(report.receipt?.environment)
            self = report.status == .valid && isAppStoreReceipt ? .valid : .notAuthenticated
            return
        }
        self = Self.status(for: reason, receipt: report.receipt)
    }

    /// Why `report` is of no receipt data at all (Apple's 21002), when it is a StoreKit 2 input.
    public static func notReceiptData(_ report: ValidationReport) -> String? {
        if let response = report.response {
            return "an App Store Server API \(response.kind.title) is not receipt data; Apple answers 21002"
        }
        if let jws = report.jws {
            let kind = jws.kind.map { " (\($0.rawValue))" } ?? ""
            return "a StoreKit 2 JWS\(kind) is not receipt data; Apple answers 21002"
        }
        return nil
    }

    /// Every reason code has one status (docs/verifyreceipt.md's table is this switch).
    static func status(for reason: ReasonCode, receipt: ParsedReceipt?) -> VerifyReceiptStatus {
        switch reason {
        case .emptyInput, .inputTooLarge, .unreadableInput, .unsupportedFormat, .notAppReceipt, .malformed,
            .invalidJWS, .duplicateMember, .ambiguousInput, .nestedJWSInvalid:
            return .malformedReceiptData
        case .signerCount, .signerNotFound, .unsupportedDigest, .unsupportedSignatureAlgorithm,
            .messageDigestMismatch, .signatureMismatch, .unsupportedAlgorithm, .untrustedChain, .missingMarkerOID,
            .unexpectedChainLength, .certificateExpired, .certificateNotYetValid, .missingValidationTime,
            .certificateRevoked:
            return .notAuthenticated
        case .bundleIDMismatch, .appVersionMismatch, .deviceHashMismatch, .appAppleIDMismatch,
            .deviceVerificationMismatch, .customerMismatch, .answerMismatch:
            return .notAuthenticated
        case .environmentMismatch:
            switch receipt?.environment {
            case .sandbox?: return .sandboxReceiptToProduction
            case .production?: return .productionReceiptToSandbox
            default: return .notAuthenticated
            }
        case .sha1RefusedByPolicy, .revocationUnavailable:
            return .temporarilyUnavailable
        case .internalError:
            return .internalError
        }
    }
}
