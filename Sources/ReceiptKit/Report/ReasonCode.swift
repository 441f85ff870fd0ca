/// Stable, machine-readable reasons a receipt is not valid: part of the JSON contract, never rename one.
public enum ReasonCode: String, Sendable, Codable, CaseIterable {
    // The input could not be taken as a receipt at all.
    /// The input is empty.
    case emptyInput = "empty_input"
    /// The input is larger than the caller's size limit.
    case inputTooLarge = "input_too_large"
    /// The input could not be opened or read.
    case unreadableInput = "unreadable_input"
    /// The bytes are none of the formats read: PKCS#7 (DER, BER, base64, PEM, a verifyReceipt body), a JWS or a server response.
    case unsupportedFormat = "unsupported_format"
    /// A PKCS#7 message that is not an app receipt (an iOS 6 transaction receipt, an App Attest receipt...).
    case notAppReceipt = "not_app_receipt"
    /// The receipt's ASN.1 or payload breaks its own encoding.
    case malformed = "malformed"
    /// A JWS that is not well-formed: segments, base64url, JSON, size or certificates.
    case invalidJWS = "invalid_jws"
    /// JSON (a body, a JWS header or payload) naming one member twice: parsers disagree on which counts.
    case duplicateMember = "duplicate_member"
    /// A body carrying more than one signed input (`receipt-data` and `signedPayload`, ...).
    case ambiguousInput = "ambiguous_input"

    // The signature.
    /// The PKCS#7 message has other than exactly one signer.
    case signerCount = "signer_count"
    /// No embedded certificate is the one the signer names.
    case signerNotFound = "signer_not_found"
    /// The signer's digest algorithm is not SHA-1 or SHA-256.
    case unsupportedDigest = "unsupported_digest"
    /// The signer's signature algorithm is not one Apple signs with, or does not match its digest.
    case unsupportedSignatureAlgorithm = "unsupported_signature_algorithm"
    /// The signed attributes' message digest is not the digest of the content.
    case messageDigestMismatch = "message_digest_mismatch"
    /// The signature does not verify with the signer's public key.
    case signatureMismatch = "signature_mismatch"
    /// A JWS whose `alg` is anything but ES256.
    case unsupportedAlgorithm = "unsupported_algorithm"

    // The certificate chain.
    /// The signer's certificate does not chain to a trusted root.
    case untrustedChain = "untrusted_chain"
    /// A certificate of the chain lacks the extension Apple marks receipt and StoreKit certificates with.
    case missingMarkerOID = "missing_marker_oid"
    /// The chain is not leaf, intermediate and root.
    case unexpectedChainLength = "unexpected_chain_length"
    /// A certificate of the chain had expired at the validation time.
    case certificateExpired = "certificate_expired"
    /// A certificate of the chain was not yet valid at the validation time.
    case certificateNotYetValid = "certificate_not_yet_valid"
    /// The validation time is the input's own date, and the input has none.
    case missingValidationTime = "missing_validation_time"
    /// This system's OpenSSL refuses SHA-1 by policy (RHEL 9's DEFAULT), so a SHA-1 signature went unchecked.
    case sha1RefusedByPolicy = "sha1_refused_by_policy"
    /// Online checks: a certificate of the chain is revoked, by a verified OCSP response or a current CRL.
    case certificateRevoked = "certificate_revoked"
    /// Online checks: a certificate's revocation status could not be proven. No verdict: try again later.
    case revocationUnavailable = "revocation_unavailable"

    // What the caller asked the receipt to be.
    /// The input is for another app than the bundle id given.
    case bundleIDMismatch = "bundle_id_mismatch"
    /// The receipt is for another app version than the one given.
    case appVersionMismatch = "app_version_mismatch"
    /// The input is from another environment than the one given.
    case environmentMismatch = "environment_mismatch"
    /// The receipt's SHA-1 hash (field 5) is not the hash for the device given.
    case deviceHashMismatch = "device_hash_mismatch"
    /// A StoreKit 2 transaction or AppTransaction whose `deviceVerification` is not the hash for the device given.
    case deviceVerificationMismatch = "device_verification_mismatch"
    /// An input whose `appAppleId` (a receipt's app item id) is not the app given, or absent in production.
    case appAppleIDMismatch = "app_apple_id_mismatch"
    /// A combined verdict: inputs of different customers, or a renewal info of no combined subscription.
    case customerMismatch = "customer_mismatch"
    /// A verified App Store Server API answer that is not for the request it answers.
    case answerMismatch = "answer_mismatch"
    /// A JWS nested in a notification failed its own verification.
    case nestedJWSInvalid = "nested_jws_invalid"

    /// receipt-check failed itself; the input got no verdict.
    case internalError = "internal_error"
}
