/// Which digest a signer uses, and whether its signature algorithm agrees with it.
enum SignatureAlgorithm {
    /// The digest to verify with; typed throws, since a `Result`'s error type costs a runtime lookup.
    static func check(_ signer: SignerInfo) throws(CheckError) -> Digest {
        let digest: Digest
        if OID.matches(signer.digestAlgorithm, OID.sha1) {
            digest = .sha1
        } else if OID.matches(signer.digestAlgorithm, OID.sha256) {
            digest = .sha256
        } else {
            throw CheckError(
                .fail(
                    .digestAlgorithm, .unsupportedDigest,
                    "digest \(OID.name(signer.digestAlgorithm)) is not SHA-1 or SHA-256"))
        }
        let algorithm = signer.signatureAlgorithm
        let consistent: Bool
        if OID.matches(algorithm, OID.rsaEncryption) {
            consistent = true
        } else if OID.matches(algorithm, OID.sha1WithRSAEncryption) {
            consistent = digest === Digest.sha1
        } else if OID.matches(algorithm, OID.sha256WithRSAEncryption) || OID.matches(algorithm, OID.ecdsaWithSHA256) {
            consistent = digest === Digest.sha256
        } else {
            throw CheckError(
                .fail(
                    .digestAlgorithm, .unsupportedSignatureAlgorithm,
                    "signature algorithm \(OID.name(algorithm)) is not supported"))
        }
        guard consistent else {
            throw CheckError(
                .fail(
                    .digestAlgorithm, .unsupportedSignatureAlgorithm,
                    "signature algorithm \(OID.name(algorithm)) does not match digest \(digest.name)"))
        }
        return digest
    }
}

/// A failed check, thrown where a step stops at it.
struct CheckError: Error {
    let check: Check

    init(_ check: Check) {
        self.check = check
    }
}
