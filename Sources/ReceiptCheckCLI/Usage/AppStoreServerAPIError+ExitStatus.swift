import ReceiptKit

extension ExitStatus {
    /// An App Store Server API failure is never a decision: no answer yet is 75, refused credentials 77, an
    /// id Apple does not know 67, a server not reached safely 69, Apple's other refusals 66, an answer of
    /// the wrong shape 65, a bad request 64.
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
