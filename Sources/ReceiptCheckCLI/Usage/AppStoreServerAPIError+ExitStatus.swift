import ReceiptKit

extension ExitStatus {
    /// An App Store Server API failure is never a decision: no answer yet is 75, Apple's refusal or an
    /// untrusted server 66 (nothing could be read), an answer of the wrong shape 65, a bad request 64.
    init(_ error: AppStoreServerAPIError) {
        switch error.kind {
        case .retriesExhausted, .deadlineExceeded: self = .temporaryFailure
        case .transport(let kind):
            switch kind {
            case .network: self = .temporaryFailure
            case .untrustedServer: self = .noInput
            case .responseTooLarge: self = .malformed
            case .invalidRequest: self = .usage
            case .unavailable: self = .internalError
            }
        case .apple: self = .noInput
        case .invalidRequest: self = .usage
        case .signing: self = .malformed
        case .invalidResponse: self = .malformed
        }
    }
}
