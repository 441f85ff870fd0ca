#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The outcome of checking one distinct set of embedded certificates against the trust policy,
/// everything about it that does not depend on the receipt's time. Shared by every receipt that
/// carries the same certificates.
public struct VerifiedChain: Sendable {
    public enum Kind: String, Sendable, Codable {
        /// Chains to one of Apple's roots.
        case apple
        /// Chains to a root given with `--root`.
        case customRoots = "custom_roots"
        /// Signed by the StoreKit Testing certificate the caller supplied.
        case storeKitTesting = "storekit_testing"
    }

    /// A failed chain check: the check it belongs to, its reason and a readable detail.
    public struct Failure: Sendable, Error {
        public let check: CheckName
        public let reason: ReasonCode
        public let detail: String
    }

    /// The certificate the signer info names, and its key.
    public let signer: Certificate?
    public let signerKey: PublicKey?
    public let kind: Kind?
    /// Leaf first, root last, as built from the trust anchors.
    public let chain: [Certificate]
    /// Checks that passed, in the order they were made.
    public let passed: [(CheckName, String)]
    /// The first failure, if any; later checks were not made.
    public let failure: Failure?
}
