/// What every envelope reader verifies with: the options and the chain verifier, shared by value.
struct VerificationContext: Sendable {
    let options: ValidationOptions
    let chains: ChainVerifier
    /// Subjects of the roots the policy trusts, as every report lists them.
    let anchorNames: [String]
    /// The online checks' state (cached proofs), when the options ask for them.
    let revocation: RevocationChecker?

    /// The trust section a report starts with, before its chain is known.
    func emptyTrust() -> TrustReport {
        TrustReport(
            kind: nil, anchors: anchorNames, chain: [], digest: nil, validationTime: nil,
            timeSource: options.time.source)
    }
}
