extension Check {
    /// The named checks a report lists, in the order they are made.
    public enum Name: String, Sendable, Codable {
        case container
        case payload
        case signer
        case algorithm
        case digestAlgorithm = "digest_algorithm"
        case messageDigest = "message_digest"
        case signature
        case chain
        case markerOIDs = "marker_oids"
        case validity
        /// Online checks: every certificate below the root proven not revoked.
        case revocation
        case bundleID = "bundle_id"
        case appVersion = "app_version"
        case environment
        case deviceHash = "device_hash"
        case appAppleID = "app_apple_id"
        case deviceVerification = "device_verification"
        case nested
        /// One signed element of an App Store Server API response.
        case element
        /// A combined verdict: one input taken into the combined facts, or why the inputs cannot be combined.
        case combine
    }
}

/// One check of a report: passed, or failed with a stable reason code.
public struct Check: Sendable, Encodable, Equatable {
    public let name: Check.Name
    public let passed: Bool
    public let reason: ReasonCode?
    /// What was compared, in words, for people reading the report.
    public let detail: String

    public static func pass(_ name: Check.Name, _ detail: String) -> Check {
        Check(name: name, passed: true, reason: nil, detail: detail)
    }

    public static func fail(_ name: Check.Name, _ reason: ReasonCode, _ detail: String) -> Check {
        Check(name: name, passed: false, reason: reason, detail: detail)
    }

    enum CodingKeys: String, CodingKey {
        case name, passed, reason, detail
    }
}
