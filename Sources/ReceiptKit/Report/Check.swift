extension Check {
    /// The named checks a report lists, in the order they are made.
    public enum Name: String, Sendable, Codable {
        /// The input's envelope decoded: a receipt's PKCS#7 signedData, a JWS's segments, a response's body.
        case container
        /// The receipt's payload decoded into its attributes.
        case payload
        /// Exactly one signer, whose certificate the container carries.
        case signer
        /// A JWS's `alg` is ES256, the algorithm Apple signs with.
        case algorithm
        /// The signer's digest and signature algorithms are ones the verifier accepts.
        case digestAlgorithm = "digest_algorithm"
        /// The payload's digest equals the one the signed attributes carry.
        case messageDigest = "message_digest"
        /// The signature verifies with the signer certificate's key.
        case signature
        /// The signer's certificate chains to a trusted root.
        case chain
        /// The leaf and intermediate carry Apple's marker extensions for what they sign.
        case markerOIDs = "marker_oids"
        /// Every certificate of the chain is valid at the validation time.
        case validity
        /// Online checks: every certificate below the root proven not revoked.
        case revocation
        /// The bundle id is the one the options require.
        case bundleID = "bundle_id"
        /// The application version is the one the options require.
        case appVersion = "app_version"
        /// The environment is the one the options require.
        case environment
        /// The receipt's SHA-1 hash (field 5) is that of the options' device, opaque value and bundle id.
        case deviceHash = "device_hash"
        /// The app's Apple id is the one the options require.
        case appAppleID = "app_apple_id"
        /// A StoreKit 2 input is bound to the options' device (its identifierForVendor).
        case deviceVerification = "device_verification"
        /// A JWS inside a notification (its transaction, renewal info or AppTransaction) verified.
        case nested
        /// One signed element of an App Store Server API response.
        case element
        /// A combined verdict: one input taken into the combined facts, or why the inputs cannot be combined.
        case combine
        /// An App Store Server API answer is for the request it answers (the transaction asked for).
        case answer
    }
}

/// One check of a report: passed, or failed with a stable reason code.
public struct Check: Sendable, Encodable, Equatable {
    /// What was compared, as values until read in words; stored first so a check stays four words.
    let wording: CheckWording
    /// Which check this is.
    public let name: Check.Name
    /// Whether the check passed.
    public let passed: Bool
    /// Why the check failed; nil when it passed.
    public let reason: ReasonCode?
    /// What was compared, in words, for people reading the report.
    public var detail: String { wording.text }

    /// A passed check `name`, with `detail` saying what was compared.
    public static func pass(_ name: Check.Name, _ detail: String) -> Check {
        Check(wording: .text(detail), name: name, passed: true, reason: nil)
    }

    /// A passed check `name`, with what was compared kept as values.
    static func pass(_ name: Check.Name, _ wording: CheckWording) -> Check {
        Check(wording: wording, name: name, passed: true, reason: nil)
    }

    /// A failed check `name`, for `reason`, with `detail` saying what was found.
    public static func fail(_ name: Check.Name, _ reason: ReasonCode, _ detail: String) -> Check {
        Check(wording: .text(detail), name: name, passed: false, reason: reason)
    }

    /// Checks are equal when they say the same: the same words, however they were kept.
    public static func == (lhs: Check, rhs: Check) -> Bool {
        lhs.name == rhs.name && lhs.passed == rhs.passed && lhs.reason == rhs.reason && lhs.detail == rhs.detail
    }

    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension Check: FieldModel {
    package static let fields: [ModelField<Check>] = [
        .string("detail") { $0.detail },
        .string("name") { $0.name.rawValue },
        .bool("passed") { $0.passed },
        .string("reason") { $0.reason?.rawValue },
    ]
}
