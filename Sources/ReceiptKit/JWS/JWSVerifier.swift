#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Verifies and decodes one StoreKit 2 JWS into a report, with the validator's trust policy,
/// chain cache and options: algorithm, x5c shape, chain and marker OIDs, validity at the
/// signed date, the ES256 signature, the caller's checks, then a notification's nested JWS.
struct JWSVerifier {
    let validator: ReceiptValidator

    private var options: ValidationOptions { validator.options }

    /// Fills `report` for the compact JWS `text`; `expected` is set for nested JWS, whose
    /// kind their member names, and nested JWS are not searched for further nesting.
    func validate(
        _ text: [UInt8], into report: inout ValidationReport, expecting expected: JWSPayload.Kind? = nil,
        nested: Bool = false
    ) {
        let jws: CompactJWS
        let header: JWSHeader
        let payload: JWSPayload
        do {
            jws = try CompactJWS(text[...])
            header = try JWSHeader.decode(jws.header)
            payload = try JWSPayload.decode(jws.payload, expecting: expected)
        } catch {
            report.reject(error)
            return
        }
        report.jws = JWSReport(kind: payload.kind, algorithm: header.alg, keyID: header.kid, payload: payload)
        report.record(
            .pass(.container, "compact JWS: \(jws.header.count)-byte header, \(jws.payload.count)-byte payload"))
        report.record(.pass(.payload, "\(payload.kind.rawValue) payload"))

        verifySignatureAndChain(jws, header, payload, into: &report)
        checkRequirements(payload, nested: nested, into: &report)
        if !nested, case .notification(let notification) = payload {
            verifyNested(notification, into: &report)
        }
        report.status = report.checks.allSatisfy(\.passed) ? .valid : .invalid
    }

    // MARK: - Signature and chain

    private func verifySignatureAndChain(
        _ jws: CompactJWS, _ header: JWSHeader, _ payload: JWSPayload, into report: inout ValidationReport
    ) {
        report.trust = TrustReport(
            kind: nil, anchors: validator.anchorNames, chain: [], digest: nil, validationTime: nil,
            timeSource: options.time.source)
        guard header.alg == "ES256" else {
            report.record(
                .fail(
                    .algorithm, .unsupportedAlgorithm,
                    "the header's alg is \(header.alg.map { "\"\($0)\"" } ?? "absent"); StoreKit JWS are signed with ES256 only"
                ))
            return
        }
        report.trust?.digest = Digest.sha256.name
        report.record(.pass(.algorithm, "ES256 (ECDSA P-256 with SHA-256)"))

        let certificates: [[UInt8]]
        do {
            certificates = try header.certificates()
        } catch {
            report.record(.fail(.chain, error.reason, error.message))
            return
        }
        let testCertificate = validator.verifier.policy.storeKitTestCertificate
        let isStoreKitTesting = certificates.count == 1 && testCertificate?.der == certificates.first
        guard certificates.count == 3 || isStoreKitTesting else {
            var detail =
                "the header's x5c holds \(certificates.count) certificates; Apple's JWS carry leaf, intermediate and root"
            if certificates.count == 1 {
                detail += " (one certificate: Xcode StoreKit Testing; pass --storekit-test-cert FILE to accept it)"
            }
            report.record(.fail(.chain, .unexpectedChainLength, detail))
            return
        }

        let chain = validator.verifier.verify(certificates: certificates.map { $0[...] }, leafIndex: 0)
        report.record(chain) { key in signatureCheck(jws, key: key) }
        if chain.failure == nil {
            checkValidity(chain.chain, jws, payload, into: &report)
        }
    }

    private func signatureCheck(_ jws: CompactJWS, key: PublicKey) -> Check {
        guard key.summary == "EC-256" else {
            return .fail(.signature, .unsupportedAlgorithm, "ES256 needs a P-256 key; the leaf holds \(key.summary)")
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

    private func checkValidity(
        _ chain: [Certificate], _ jws: CompactJWS, _ payload: JWSPayload, into report: inout ValidationReport
    ) {
        let time: Date
        let source: String
        switch options.time {
        case .receiptCreationDate:
            if let (signed, member) = signingDate(payload) {
                guard let date = signed.date else {
                    report.record(
                        .fail(
                            .validity, .missingValidationTime,
                            "the payload's \(member) is Xcode's placeholder, not a time; pass --at now or --at TIME"))
                    return
                }
                time = date
                source = member
            } else {
                // Apple's own verifier does the same: a payload without any date (a TEST
                // notification) is checked now, and the report says so.
                time = Date()
                source = "now (the payload has no signedDate)"
            }
        case .now:
            time = Date()
            source = options.time.source
        case .fixed(let date):
            time = date
            source = options.time.source
        }
        report.trust?.validationTime = time
        report.trust?.timeSource = source
        report.record(ValidityCheck.check(chain, at: time, source: source))
    }

    /// The payload's own signing date, or for a notification without one (Apple's early V2
    /// notifications) the signed date of the transaction or renewal info it carries.
    private func signingDate(_ payload: JWSPayload) -> (JWSDate, String)? {
        if let own = payload.signingDate {
            return own
        }
        guard case .notification(let notification) = payload, let data = notification.data else { return nil }
        for (member, text) in [
            ("signedTransactionInfo", data.signedTransactionInfo), ("signedRenewalInfo", data.signedRenewalInfo),
            ("signedAppTransactionInfo", data.signedAppTransactionInfo),
        ] {
            guard let text,
                let inner = try? CompactJWS(Array(text.utf8)[...]),
                let decoded = try? JWSPayload.decode(inner.payload, expecting: nil),
                let date = decoded.signingDate
            else { continue }
            return (date.date, "data.\(member).signedDate")
        }
        return nil
    }

    // MARK: - The caller's requirements

    private func checkRequirements(_ payload: JWSPayload, nested: Bool, into report: inout ValidationReport) {
        if let expected = options.bundleID {
            if let bundleID = payload.bundleID {
                report.record(
                    bundleID == expected
                        ? .pass(.bundleID, "bundle id is \(expected)")
                        : .fail(.bundleID, .bundleIDMismatch, "bundle id is \(bundleID), expected \(expected)"))
            } else if !nested {
                // Renewal info names no app; inside a notification the notification's own
                // bundle id is checked instead.
                report.record(
                    .fail(
                        .bundleID, .bundleIDMismatch,
                        "the \(payload.kind.rawValue) payload carries no bundle id to compare with \(expected)"))
            }
        }
        if let expected = options.environment {
            let named = payload.environment ?? "absent"
            let environment = ReceiptEnvironment(argument: named) ?? .unknown
            report.record(
                environment == expected
                    ? .pass(.environment, "environment is \(expected.rawValue)")
                    : .fail(
                        .environment, .environmentMismatch, "environment is \(named), expected \(expected.rawValue)"))
        }
    }

    // MARK: - Nested JWS

    private func verifyNested(_ notification: NotificationPayload, into report: inout ValidationReport) {
        guard let data = notification.data else { return }
        let members: [(String, String?, JWSPayload.Kind)] = [
            ("data.signedTransactionInfo", data.signedTransactionInfo, .transaction),
            ("data.signedRenewalInfo", data.signedRenewalInfo, .renewalInfo),
            ("data.signedAppTransactionInfo", data.signedAppTransactionInfo, .appTransaction),
        ]
        for (member, text, kind) in members {
            guard let text else { continue }
            var inner = ValidationReport(input: member)
            inner.format = .jws
            validate(Array(text.utf8), into: &inner, expecting: kind, nested: true)
            report.jws?.nested[member] = inner
            if inner.status == .valid {
                report.record(.pass(.nested, "\(member) (\(kind.rawValue)) verified"))
            } else {
                let why = [inner.reason?.rawValue, inner.message].compactMap { $0 }.joined(separator: ": ")
                report.record(.fail(.nested, .nestedJWSInvalid, "\(member) is not valid (\(why))"))
            }
        }
    }
}
