#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Verifies a StoreKit 2 compact JWS: algorithm, x5c shape, chain and signature first, then the payload,
/// validity at the signed date, the caller's requirements and a notification's nested JWS.
struct JWSVerifier {
    let context: VerificationContext

    private var options: ValidationOptions { context.options }

    /// Fills `report` for `text`; `expected` is set for nested JWS, which are not searched for more nesting.
    func validate(
        _ text: [UInt8], into report: inout ValidationReport, expecting expected: JWSPayload.Kind? = nil,
        nested: Bool = false, bindsDevice: Bool = true
    ) {
        let jws: CompactJWS
        let header: JWSHeader
        do {
            jws = try CompactJWS(text[...])
            header = try JWSHeader.decode(jws.header)
        } catch {
            report.reject(error)
            return
        }
        // The header, chain and signature are checked before the payload is parsed, and reported after it.
        var signed = ValidationReport(input: report.input)
        let chain = verifySignatureAndChain(jws, header, into: &signed)
        let payload: JWSPayload
        do {
            payload = try JWSPayload.decode(jws.payload, expecting: expected)
        } catch {
            report.reject(error)
            return
        }
        report.jws = JWSReport(kind: payload.kind, algorithm: header.alg, keyID: header.kid, payload: payload)
        report.record(
            .pass(.container, "compact JWS: \(jws.header.count)-byte header, \(jws.payload.count)-byte payload"))
        report.record(.pass(.payload, "\(payload.kind.rawValue) payload"))
        for check in signed.checks {
            report.record(check)
        }
        report.trust = signed.trust

        var nestedReports: [(member: String, kind: JWSPayload.Kind, report: ValidationReport)] = []
        if !nested, case .notification(let notification) = payload {
            nestedReports = verifyNested(notification)
        }
        if let chain {
            ValidationTimeStep.check(
                chain, time: options.time, claimed: claimedTime(payload, nested: nestedReports.map(\.report)),
                into: &report)
            OnlineCheckStep.check(chain, context: context, into: &report)
        }
        checkRequirements(payload, nested: nested, bindsDevice: bindsDevice, into: &report)
        for (member, kind, inner) in nestedReports {
            report.jws?.nested[member] = inner
            if inner.status == .valid {
                report.record(.pass(.nested, "\(member) (\(kind.rawValue)) verified"))
            } else {
                let why = [inner.reason?.rawValue, inner.message].compactMap { $0 }.joined(separator: ": ")
                report.record(.fail(.nested, .nestedJWSInvalid, "\(member) is not valid (\(why))"))
            }
        }
        report.status = report.checks.allSatisfy(\.passed) ? .valid : .invalid
    }

    // MARK: - Signature and chain

    /// Records the algorithm, chain and signature checks; the chain when it verified, for the validity check.
    private func verifySignatureAndChain(
        _ jws: CompactJWS, _ header: JWSHeader, into report: inout ValidationReport
    ) -> [Certificate]? {
        report.trust = context.emptyTrust()
        guard header.alg == "ES256" else {
            report.record(
                .fail(
                    .algorithm, .unsupportedAlgorithm,
                    "the header's alg is \(header.alg.map { "\"\($0)\"" } ?? "absent"); StoreKit JWS are signed with ES256 only"
                ))
            return nil
        }
        report.trust?.digest = Digest.sha256.name
        report.record(.pass(.algorithm, "ES256 (ECDSA P-256 with SHA-256)"))

        let certificates: [[UInt8]]
        do {
            certificates = try header.certificates()
        } catch {
            report.record(.fail(.chain, error.reason, error.message))
            return nil
        }
        if let shape = context.chains.applePolicy.checkEmbedded(certificates) {
            report.record(shape)
            return nil
        }

        let chain = context.chains.verify(certificates: certificates.map { $0[...] }, leafIndex: 0)
        report.record(chain, signature: chain.signerKey.map { signatureCheck(jws, key: $0) })
        return chain.failure == nil ? chain.chain : nil
    }

    private func signatureCheck(_ jws: CompactJWS, key: PublicKey) -> Check {
        // A 256-bit key on another curve (secp256k1, brainpoolP256r1) is not ES256 (RFC 7518, 3.4).
        guard key.curveName == "prime256v1" else {
            let curve = key.curveName.map { " on \($0)" } ?? ""
            return .fail(
                .signature, .unsupportedAlgorithm, "ES256 needs a P-256 key; the leaf holds \(key.summary)\(curve)")
        }
        guard let der = ES256Signature.der(fromJOSE: jws.signature) else {
            return .fail(
                .signature, .invalidJWS,
                "an ES256 signature is \(ES256Signature.size) bytes (r and s); this one is \(jws.signature.count)")
        }
        do {
            guard try key.verify(signature: der[...], over: jws.signingInput[...], digest: .sha256) else {
                return .fail(
                    .signature, .signatureMismatch, "the ES256 signature does not match the header and payload")
            }
        } catch {
            return .fail(.signature, .internalError, "the signature could not be checked: \(error)")
        }
        return .pass(.signature, "ES256 signature over the header and payload is valid")
    }

    /// The payload's signing date; a payload without any date (a TEST notification) is checked now.
    private func claimedTime(_ payload: JWSPayload, nested: [ValidationReport]) -> ValidationTimeStep.Claimed {
        guard let (signed, member) = signingDate(payload, nested: nested) else {
            return .none(detail: "now: the payload has no signedDate")
        }
        guard let date = signed.date else {
            return .unusable(
                detail:
                    "the payload's \(member) is Xcode's placeholder, not a time; \(options.wording.words(for: .change(.time)))"
            )
        }
        return .at(date, source: member == "receipt_creation_date" ? member : "signed_date", detail: member)
    }

    /// The payload's signing date, or for a notification without one (early V2) the date of the payload it
    /// carries, which its signature covers too.
    private func signingDate(_ payload: JWSPayload, nested: [ValidationReport]) -> (JWSDate, String)? {
        if let own = payload.signingDate {
            return own
        }
        for inner in nested {
            guard let date = inner.jws?.payload?.signingDate else { continue }
            return (date.date, "\(inner.input).signedDate")
        }
        return nil
    }

    // MARK: - The caller's requirements

    private func checkRequirements(
        _ payload: JWSPayload, nested: Bool, bindsDevice: Bool, into report: inout ValidationReport
    ) {
        if let expected = options.bundleID {
            if let bundleID = payload.bundleID {
                report.record(RequirementCheck.bundleID(bundleID, expected: expected))
            } else if !nested {
                // Renewal info names no app; inside a notification the notification's bundle id is checked instead.
                report.record(
                    .fail(
                        .bundleID, .bundleIDMismatch,
                        "the \(payload.kind.rawValue) payload carries no bundle id to compare with \(expected)"))
            }
        }
        // Transactions and renewal infos never name the app's Apple id; their bundle id does.
        if let expected = options.appAppleID, payload.namesAppAppleID, !nested || payload.appAppleID != nil {
            report.record(
                AppAppleIDCheck.check(
                    expected: expected, carried: payload.appAppleID,
                    isProduction: ReceiptEnvironment(storeKit: payload.environment) == .production,
                    what: payload.kind.rawValue.split(separator: "_").joined(separator: " ")))
        }
        // A payload nested in a notification or a Server API response comes from Apple's server, to no device.
        if let device = options.deviceVerificationID, !nested, bindsDevice {
            report.record(DeviceVerification.check(payload, device: device))
        }
        if let expected = options.environment {
            report.record(
                RequirementCheck.environment(
                    ReceiptEnvironment(storeKit: payload.environment), named: payload.environment?.rawValue ?? "absent",
                    expected: expected))
        }
    }

    // MARK: - Nested JWS

    private func verifyNested(_ notification: NotificationPayload) -> [(
        member: String, kind: JWSPayload.Kind, report: ValidationReport
    )] {
        let data = notification.data
        let members: [(String, String?, JWSPayload.Kind)] = [
            ("data.signedTransactionInfo", data?.signedTransactionInfo, .transaction),
            ("data.signedRenewalInfo", data?.signedRenewalInfo, .renewalInfo),
            ("data.signedAppTransactionInfo", data?.signedAppTransactionInfo, .appTransaction),
            ("appData.signedAppTransactionInfo", notification.appData?.signedAppTransactionInfo, .appTransaction),
        ]
        return members.compactMap { member, text, kind in
            guard let text else { return nil }
            var inner = ValidationReport(input: member)
            inner.format = .jws
            validate(Array(text.utf8), into: &inner, expecting: kind, nested: true)
            return (member, kind, inner)
        }
    }
}
