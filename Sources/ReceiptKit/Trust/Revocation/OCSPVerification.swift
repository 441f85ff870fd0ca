#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one OCSP response proves about one certificate: nothing unless it is `successful`, signed to the
/// chain's root, names the certificate, returns the nonce sent and frames the moment checked.
enum OCSPVerification {
    /// The status `response` proves for `certificate` at `now`; nil when it does not speak of it.
    static func status(
        of response: OCSPResponse, for certificate: Certificate, issuer: Certificate, chain: [Certificate],
        request: OCSPRequest? = nil, at now: Date
    ) -> RevocationStatus? {
        let source = response.source
        let responder = response.responderStatus
        guard responder.successful else {
            return .unproven("\(source) answered \"\(responder.name)\", not a status")
        }
        guard response.hasBasicResponse else {
            return .unproven("\(source) holds no basic OCSP response")
        }
        if let request, request.nonceDiffers(in: response) {
            return .unproven("\(source) does not echo the nonce sent (a replayed or forged answer)")
        }
        guard let answer = response.answer(for: certificate, issuer: issuer) else {
            return request == nil ? nil : .unproven("\(source) does not answer for this certificate")
        }
        if let failure = response.signatureFailure(chain: chain, at: now) {
            return .unproven("\(source) is not signed by the issuer or its responder: \(failure)")
        }
        guard let thisUpdate = answer.thisUpdate else {
            return .unproven("\(source) has an unreadable thisUpdate")
        }
        guard thisUpdate <= now.addingTimeInterval(OnlineChecks.clockSkew) else {
            return .unproven("\(source) is from the future (thisUpdate \(format(thisUpdate)))")
        }
        // Without nextUpdate a response proves the status only at the time it was made.
        let expiry = answer.nextUpdate ?? thisUpdate.addingTimeInterval(OnlineChecks.clockSkew)
        guard now <= expiry.addingTimeInterval(answer.nextUpdate == nil ? 0 : OnlineChecks.clockSkew) else {
            return .unproven("\(source) is stale (valid until \(format(expiry)))")
        }
        switch answer.status {
        case .good:
            return .good(until: answer.nextUpdate, source: source)
        case .revoked:
            return .revoked(at: answer.revocationTime, reason: answer.reason, source: source)
        case .unknown:
            return .unproven("\(source) does not know the certificate (status unknown)")
        }
    }

    static func format(_ date: Date) -> String {
        RFC3339.format(date) ?? "\(date)"
    }
}
