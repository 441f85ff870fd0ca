import ReceiptKit

extension ExitStatus {
    /// An App Store Server API failure is never a decision, so never a verdict's status.
    init(_ error: AppStoreServerAPIError) {
        if error.isUnauthorized {
            self = .badCredentials
            return
        }
        if error.isNotFound {
            self = .notFound
            return
        }
        switch error.kind {
        case .retriesExhausted, .deadlineExceeded: self = .temporaryFailure
        case .transport(let kind):
            switch kind {
            case .network: self = .temporaryFailure
            case .untrustedServer: self = .unavailable
            case .responseTooLarge: self = .malformed
            case .invalidRequest: self = .usage
            case .unavailable: self = .unavailable
            }
        case .apple: self = .noInput
        case .invalidRequest: self = .usage
        case .signing: self = .malformed
        case .invalidResponse: self = .malformed
        }
    }
}
