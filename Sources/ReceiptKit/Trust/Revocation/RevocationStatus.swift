#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the revocation data found for one certificate.
enum RevocationStatus: Sendable {
    /// Proven not revoked, by `source`, until `until` (a response's or CRL's nextUpdate; nil: this once).
    case good(until: Date?, source: String)
    /// Proven revoked by `source`.
    case revoked(at: Date?, reason: String?, source: String)
    /// Not proven either way: why.
    case unproven(String)
}
