#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What checking one set of embedded certificates found that does not depend on the input's time.
package struct VerifiedChain: Sendable {
    /// A failed chain check: the check it belongs to, its reason and a readable detail.
    package struct ChainError: Sendable, Error {
        package let check: Check.Name
        package let reason: ReasonCode
        package let detail: String
    }

    /// The certificate the signer info names, and its key.
    package let signer: Certificate?
    package let signerKey: PublicKey?
    package let kind: TrustReport.Kind?
    /// Leaf first, root last, as built from the trust anchors.
    package let chain: [Certificate]
    /// The chain as reports show it, made once for every receipt that shares it.
    package let chainInfo: [TrustReport.CertificateInfo]
    /// Checks that passed, in the order they were made.
    package let passed: [(Check.Name, String)]
    /// The first failure, if any; later checks were not made.
    package let failure: ChainError?

    init(
        signer: Certificate?, signerKey: PublicKey?, kind: TrustReport.Kind?, chain: [Certificate],
        passed: [(Check.Name, String)], failure: ChainError?
    ) {
        self.signer = signer
        self.signerKey = signerKey
        self.kind = kind
        self.chain = chain
        chainInfo = chain.map(TrustReport.CertificateInfo.init)
        self.passed = passed
        self.failure = failure
    }
}
