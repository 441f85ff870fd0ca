import ReceiptKit

extension ReasonCode {
    /// One line saying what the reason means, for the man page; a switch, so no reason is added without one.
    var summary: String {
        switch self {
        case .emptyInput: "the input is empty"
        case .inputTooLarge: "the input is over --max-size"
        case .unreadableInput: "the file cannot be opened or read"
        case .unsupportedFormat: "not PKCS#7, base64, PEM, a verifyReceipt body or a JWS"
        case .notAppReceipt: "an iOS 6 transaction receipt or an App Attest receipt"
        case .malformed: "the PKCS#7 container or the payload cannot be decoded (the message gives the offset)"
        case .invalidJWS:
            "a JWS that is not three canonical base64url segments of JSON within the limits (malformed), or whose signature or x5c cannot be read (invalid)"
        case .duplicateMember: "JSON that names one member twice (the message gives the member and offset)"
        case .ambiguousInput: "a JSON body that carries more than one signed input"
        case .signerCount: "not exactly one signer"
        case .signerNotFound: "no embedded certificate matches the signer"
        case .unsupportedDigest: "the digest is not SHA-1 or SHA-256"
        case .unsupportedSignatureAlgorithm: "the signature algorithm is unknown or disagrees with the digest"
        case .messageDigestMismatch: "the signed messageDigest attribute is not the content's digest"
        case .signatureMismatch: "the signature does not match the signed content"
        case .unsupportedAlgorithm: "a JWS whose alg is not ES256"
        case .untrustedChain: "the signer does not chain to a trusted root"
        case .missingMarkerOID: "leaf or intermediate lacks Apple's receipt-signing extension"
        case .unexpectedChainLength: "the chain is not leaf, intermediate, root"
        case .certificateExpired: "a certificate of the chain had expired at the validation time"
        case .certificateNotYetValid: "a certificate of the chain was not yet valid at the validation time"
        case .missingValidationTime: "the receipt has no creation date to check validity at (pass --at)"
        case .sha1RefusedByPolicy:
            "this system's OpenSSL policy refuses SHA-1 signatures, so the receipt could not be checked (not a forgery verdict)"
        case .certificateRevoked:
            "--online-checks, --ocsp-response, --crl: a certificate of the chain is revoked (a verified OCSP response or CRL)"
        case .revocationUnavailable:
            "--online-checks, --ocsp-response, --crl: a certificate's revocation status could not be proven (exit 75, try again)"
        case .bundleIDMismatch: "field 2 is not --bundle-id"
        case .appVersionMismatch: "field 3 is not --app-version"
        case .environmentMismatch: "field 0 does not name --environment"
        case .deviceHashMismatch: "field 5 is not the hash for --device-id"
        case .deviceVerificationMismatch:
            "a transaction's or AppTransaction's deviceVerification is not the hash for --device-verification-id"
        case .appAppleIDMismatch:
            "the appAppleId (a receipt's app item id) is not --app-apple-id, or absent in production"
        case .customerMismatch:
            "--combine: the inputs, or a response's elements, name different customers or subscriptions, or share no signed identifier"
        case .answerMismatch:
            "api, --refresh: a verified answer of the App Store Server API that is not for the transaction or customer asked about"
        case .nestedJWSInvalid: "a signed member of a notification failed verification"
        case .internalError: "a check could not be made (never taken as a pass)"
        }
    }
}
