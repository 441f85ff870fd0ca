/// Stable, machine-readable reasons a receipt is not valid. These strings are part of the
/// JSON contract (and documented in the man page): never rename one.
public enum ReasonCode: String, Sendable, Codable, CaseIterable {
    // The input could not be taken as a receipt at all.
    case emptyInput = "empty_input"
    case inputTooLarge = "input_too_large"
    case unreadableInput = "unreadable_input"
    case unsupportedFormat = "unsupported_format"
    case notAppReceipt = "not_app_receipt"
    case malformed = "malformed"
    /// A JWS that is not well-formed: segments, base64url, JSON, size or certificates.
    case invalidJWS = "invalid_jws"
    /// JSON (a body, a JWS header or payload) naming one member twice: parsers disagree on which counts.
    case duplicateMember = "duplicate_member"
    /// A body carrying more than one signed input (`receipt-data` and `signedPayload`, ...).
    case ambiguousInput = "ambiguous_input"

    // The signature.
    case signerCount = "signer_count"
    case signerNotFound = "signer_not_found"
    case unsupportedDigest = "unsupported_digest"
    case unsupportedSignatureAlgorithm = "unsupported_signature_algorithm"
    case messageDigestMismatch = "message_digest_mismatch"
    case signatureMismatch = "signature_mismatch"
    /// A JWS whose `alg` is anything but ES256.
    case unsupportedAlgorithm = "unsupported_algorithm"

    // The certificate chain.
    case untrustedChain = "untrusted_chain"
    case missingMarkerOID = "missing_marker_oid"
    case unexpectedChainLength = "unexpected_chain_length"
    case certificateExpired = "certificate_expired"
    case certificateNotYetValid = "certificate_not_yet_valid"
    case missingValidationTime = "missing_validation_time"
    /// This system's OpenSSL refuses SHA-1 signatures by policy (RHEL 9's DEFAULT crypto policy),
    /// so a SHA-1-signed receipt or certificate could not be checked: no verdict on the receipt.
    case sha1RefusedByPolicy = "sha1_refused_by_policy"
    /// Online checks: a certificate of the chain (leaf or intermediate) is revoked, by a verified OCSP
    /// response or a current CRL of its issuer.
    case certificateRevoked = "certificate_revoked"
    /// Online checks: a certificate's revocation status could not be proven (responder unreachable,
    /// erroring or unauthorised, no responder named, a response or CRL that does not verify or is
    /// stale). No verdict: try again later.
    case revocationUnavailable = "revocation_unavailable"

    // What the caller asked the receipt to be.
    case bundleIDMismatch = "bundle_id_mismatch"
    case appVersionMismatch = "app_version_mismatch"
    case environmentMismatch = "environment_mismatch"
    case deviceHashMismatch = "device_hash_mismatch"
    /// A StoreKit 2 transaction or AppTransaction whose `deviceVerification` is not the hash for the device given.
    case deviceVerificationMismatch = "device_verification_mismatch"
    /// An input whose `appAppleId` (a receipt's app item id) is not the app given, or absent in production.
    case appAppleIDMismatch = "app_apple_id_mismatch"
    /// A combined verdict: inputs that name different customers (appTransactionId), or a renewal info whose
    /// subscription (originalTransactionId) no combined transaction is of.
    case customerMismatch = "customer_mismatch"
    /// A JWS nested in a notification failed its own verification.
    case nestedJWSInvalid = "nested_jws_invalid"

    case internalError = "internal_error"
}
