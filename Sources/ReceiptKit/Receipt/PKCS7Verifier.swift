#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Verifies an app receipt: container, signature and chain over the signed bytes, then the payload (decoded
/// only once its signature is proven), then the shared steps.
struct PKCS7Verifier {
    let context: VerificationContext

    private var options: ValidationOptions { context.options }

    /// What the signature and chain checks proved: nothing, the signature alone, or both.
    private enum Proof {
        case none
        case signature
        case chain([Certificate])
    }

    func validate(_ container: ReceiptContainer, into report: inout ValidationReport) {
        // Room for every check a receipt can record, so the list is allocated once.
        report.checks.reserveCapacity(12)
        report.encoding = container.encoding
        report.record(
            .pass(
                .container,
                .container(
                    container.encoding, certificates: container.certificates.count,
                    payloadBytes: container.payload.count)))

        // The signature and chain are checked before the payload is decoded, and reported after it, in reading order.
        var signed = ValidationReport(input: report.input)
        signed.checks.reserveCapacity(8)
        let proof = verifySignatureAndChain(container, into: &signed)
        if case .none = proof {
            refuseUnsigned(container, signed, into: &report)
            return
        }

        let receipt: ParsedReceipt
        do {
            receipt = try PayloadDecoder.decode(container.payload, limits: options.limits)
            // An App Attest receipt shares the layout; field 6 says what it is, read once decoded.
            if receipt.undocumented.values(of: 6).contains(where: AppAttestRecognizer.isReceiptType) {
                report.reject(ReceiptError(.notAppReceipt, AppAttestRecognizer.description))
                return
            }
        } catch {
            if let attest = AppAttestRecognizer.describe(container.payload) {
                report.reject(ReceiptError(.notAppReceipt, attest))
                return
            }
            report.record(.fail(.payload, .malformed, error.description))
            report.reject(ReceiptError(error, in: "the receipt payload cannot be decoded"))
            return
        }
        report.record(
            .pass(.payload, .payload(purchases: receipt.purchases.count, undocumented: receipt.undocumented.count)))
        for check in signed.checks {
            report.record(check)
        }
        report.trust = signed.trust
        if case .chain(let chain) = proof {
            ValidationTimeStep.check(chain, time: options.time, claimed: claimedTime(receipt), into: &report)
            OnlineCheckStep.check(chain, context: context, into: &report)
        }
        checkRequirements(receipt, into: &report)
        report.status = report.checks.allSatisfy(\.passed) ? .valid : .invalid
        // Moved in last, once nothing here reads it, so the receipt is never copied whole.
        report.receipt = consume receipt
    }

    /// A receipt whose signature is not proven: its payload is not decoded; an App Attest one is still named.
    private func refuseUnsigned(
        _ container: ReceiptContainer, _ signed: ValidationReport, into report: inout ValidationReport
    ) {
        if let attest = AppAttestRecognizer.describe(container.payload) {
            report.reject(ReceiptError(.notAppReceipt, attest))
            return
        }
        for check in signed.checks {
            report.record(check)
        }
        report.trust = signed.trust
        report.status = .invalid
    }

    // MARK: - Signature and chain

    /// Records the signer, digest, signature and chain checks, which need no byte of the decoded payload.
    private func verifySignatureAndChain(_ container: ReceiptContainer, into report: inout ValidationReport) -> Proof {
        report.trust = context.emptyTrust()
        guard container.signers.count == 1, let signer = container.signers.first else {
            report.record(.fail(.signer, .signerCount, "expected exactly one signer, found \(container.signers.count)"))
            return .none
        }
        let digest: Digest
        do {
            digest = try SignatureAlgorithm.check(signer)
        } catch {
            report.record(error.check)
            return .none
        }
        report.trust?.digest = digest.name
        report.record(
            .pass(
                .digestAlgorithm,
                .digestAlgorithm(digest: digest, signatureAlgorithm: OID.name(signer.signatureAlgorithm))))

        let chain = context.chains.verify(certificates: container.certificates, signer: signer.identifier)
        let signature = chain.signerKey.map { signatureCheck(signer, container.payload, digest: digest, key: $0) }
        report.record(chain, signature: signature)
        guard let signature, signature.passed else { return .none }
        return chain.failure == nil ? .chain(chain.chain) : .signature
    }

    private func signatureCheck(
        _ signer: SignerInfo, _ payload: ArraySlice<UInt8>, digest: Digest, key: PublicKey
    ) -> Check {
        var signed = payload
        if let attributes = signer.signedAttributes, let claimed = signer.messageDigest {
            let actual: [UInt8]
            do {
                actual = try digest.hash(payload)
            } catch {
                return .fail(.signature, .internalError, "cannot digest the payload: \(error)")
            }
            guard actual.elementsEqual(claimed) else {
                return .fail(
                    .messageDigest, .messageDigestMismatch,
                    "the signed messageDigest \(claimed.hexString) is not the payload's \(digest.name) \(actual.hexString)"
                )
            }
            signed = attributes[...]
        }
        do {
            guard try verify(key, signer.signature, over: signed, digest: digest) else {
                return .fail(
                    .signature, .signatureMismatch, "the \(key.summary) signature does not match the signed content")
            }
        } catch {
            if SHA1Policy.refused(error, digest: digest) {
                return .fail(.signature, .sha1RefusedByPolicy, SHA1Policy.detail("the receipt's signature", error))
            }
            return .fail(.signature, .internalError, "the signature could not be checked: \(error)")
        }
        return .pass(
            .signature,
            .signature(key: key.summary, digest: digest, overSignedAttributes: signer.signedAttributes != nil))
    }

    private func verify(
        _ key: PublicKey, _ signature: ArraySlice<UInt8>, over signed: ArraySlice<UInt8>, digest: Digest
    )
        throws(OpenSSLError) -> Bool
    {
        switch options.injectedFault {
        case .signatureCheck:
            throw OpenSSLError(operation: "checking the signature", reasons: ["fault injected for a test"])
        case .sha1Policy where digest === Digest.sha1:
            throw SHA1Policy.injectedRefusal
        case .sha1Policy, .sha1ChainPolicy, nil:
            break
        }
        return try key.verify(signature: signature, over: signed, digest: digest)
    }

    /// The receipt's creation date (field 12), the moment Apple signed it.
    private func claimedTime(_ receipt: ParsedReceipt) -> ValidationTimeStep.Claimed {
        guard let created = receipt.receiptCreationDate else {
            return .unusable(
                detail:
                    "the receipt has no creation date (field 12) to check certificates at; \(options.wording.words(for: .change(.time)))"
            )
        }
        return .at(created, source: "receipt_creation_date", detail: "receipt_creation_date")
    }

    // MARK: - The caller's requirements

    private func checkRequirements(_ receipt: ParsedReceipt, into report: inout ValidationReport) {
        if let expected = options.bundleID {
            report.record(RequirementCheck.bundleID(receipt.bundleID, expected: expected))
        }
        if let expected = options.applicationVersion {
            report.record(
                String.identical(receipt.applicationVersion, expected)
                    ? .pass(.appVersion, "application version is \(expected)")
                    : .fail(
                        .appVersion, .appVersionMismatch,
                        "application version is \(receipt.applicationVersion ?? "absent"), expected \(expected)"))
        }
        if let expected = options.environment {
            report.record(
                RequirementCheck.environment(
                    receipt.environment,
                    named: "\(receipt.environment.rawValue) (receipt type \(receipt.receiptType ?? "absent"))",
                    expected: expected))
        }
        if let device = options.deviceIdentifier {
            report.record(deviceHashCheck(receipt, device))
        }
        if let expected = options.appAppleID {
            report.record(
                AppAppleIDCheck.check(
                    expected: expected, carried: receipt.appItemID, isProduction: receipt.environment == .production,
                    what: "receipt"))
        }
        if options.deviceVerificationID != nil {
            report.record(
                .fail(
                    .deviceVerification, .deviceVerificationMismatch,
                    "an app receipt carries no StoreKit 2 deviceVerification; its device binding is \(options.wording.words(for: .name(.deviceIdentifier)))"
                ))
        }
    }

    private func deviceHashCheck(_ receipt: ParsedReceipt, _ device: DeviceIdentifier) -> Check {
        guard let opaque = receipt.opaqueValue, let bundle = receipt.bundleIDData, let stored = receipt.sha1Hash else {
            return .fail(
                .deviceHash, .deviceHashMismatch,
                "the receipt lacks the opaque value, bundle id or hash (fields 4, 2, 5)")
        }
        let computed: [UInt8]
        do {
            computed = try DeviceHash.compute(deviceID: device, opaque: opaque, bundleIDData: bundle)
        } catch {
            return .fail(.deviceHash, .internalError, "cannot compute the device hash: \(error)")
        }
        guard computed == stored else {
            return .fail(
                .deviceHash, .deviceHashMismatch,
                "SHA-1(device id, opaque value, bundle id) is \(computed.hexString), the receipt says \(stored.hexString)"
            )
        }
        return .pass(.deviceHash, "the receipt was issued to device \(device)")
    }
}
