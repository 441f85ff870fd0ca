/// Which digest a signer uses, and whether its signature algorithm agrees with it.
enum SignatureAlgorithm {
    /// The digest to verify with, or the failed check that says why the signer is refused.
    static func check(_ signer: SignerInfo) -> Result<Digest, CheckFailure> {
        let digest: Digest
        if signer.digestAlgorithm.elementsEqual(ObjectIdentifier.sha1) {
            digest = .sha1
        } else if signer.digestAlgorithm.elementsEqual(ObjectIdentifier.sha256) {
            digest = .sha256
        } else {
            return .failure(
                CheckFailure(
                    .fail(
                        .digestAlgorithm, .unsupportedDigest,
                        "digest \(ObjectIdentifier.name(signer.digestAlgorithm)) is not SHA-1 or SHA-256")))
        }
        let algorithm = signer.signatureAlgorithm
        let consistent: Bool
        if algorithm.elementsEqual(ObjectIdentifier.rsaEncryption) {
            consistent = true
        } else if algorithm.elementsEqual(ObjectIdentifier.sha1WithRSAEncryption) {
            consistent = digest === Digest.sha1
        } else if algorithm.elementsEqual(ObjectIdentifier.sha256WithRSAEncryption)
            || algorithm.elementsEqual(ObjectIdentifier.ecdsaWithSHA256)
        {
            consistent = digest === Digest.sha256
        } else {
            return .failure(
                CheckFailure(
                    .fail(
                        .digestAlgorithm, .unsupportedSignatureAlgorithm,
                        "signature algorithm \(ObjectIdentifier.name(algorithm)) is not supported")))
        }
        guard consistent else {
            return .failure(
                CheckFailure(
                    .fail(
                        .digestAlgorithm, .unsupportedSignatureAlgorithm,
                        "signature algorithm \(ObjectIdentifier.name(algorithm)) does not match digest \(digest.name)"))
            )
        }
        return .success(digest)
    }
}

/// A failed check carried through a `Result`.
struct CheckFailure: Error {
    let check: Check

    init(_ check: Check) {
        self.check = check
    }
}
