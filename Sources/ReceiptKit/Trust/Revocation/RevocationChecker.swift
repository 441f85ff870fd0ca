import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Proves each certificate of a verified chain but its root not revoked (``OnlineChecks``), remembered
/// until nextUpdate; one lookup at a time, so that two inputs of one chain do not both ask.
final class RevocationChecker: Sendable {
    let settings: OnlineChecks
    private let proven = Mutex<[ChainKey: Proof]>([:])

    /// A conclusive status and how long it holds (nil: for good, as a revocation does).
    private struct Proof {
        let status: RevocationStatus
        let until: Date?
    }

    init(_ settings: OnlineChecks) {
        self.settings = settings
    }

    /// The revocation check of `chain` (leaf first, root last), at the settings' moment.
    func check(_ chain: [Certificate]) -> Check {
        guard chain.count > 1 else {
            return .pass(.revocation, "a lone self-signed certificate has no issuer to revoke it")
        }
        let now = settings.now
        var revoked: [String] = []
        var unproven: [String] = []
        var good: [String] = []
        for index in 0..<(chain.count - 1) {
            let certificate = chain[index]
            let name = "\"\(certificate.commonName ?? certificate.subject)\""
            switch status(of: certificate, issuer: chain[index + 1], chain: chain, at: now) {
            case .good(_, let source):
                good.append("\(name) (\(source))")
            case .revoked(let at, let reason, let source):
                let when = at.map { " at \(OCSPVerification.format($0))" } ?? ""
                let why = reason.map { " (\($0))" } ?? ""
                revoked.append("\(name) was revoked\(when)\(why), says \(source)")
            case .unproven(let why):
                unproven.append("\(name): \(why)")
            }
        }
        if !revoked.isEmpty {
            return .fail(.revocation, .certificateRevoked, revoked.joined(separator: "; "))
        }
        if !unproven.isEmpty {
            return .fail(
                .revocation, .revocationUnavailable,
                "revocation status not proven for " + unproven.joined(separator: "; "))
        }
        return .pass(.revocation, "not revoked: " + good.joined(separator: ", "))
    }

    private func status(of certificate: Certificate, issuer: Certificate, chain: [Certificate], at now: Date)
        -> RevocationStatus
    {
        let key = ChainKey(bytes: certificate.der + issuer.der)
        return proven.withLock { proven in
            if let proof = proven[key], proof.until.map({ now <= $0 }) ?? true {
                return proof.status
            }
            let status = lookUp(certificate, issuer: issuer, chain: chain, at: now)
            switch status {
            case .good(let until, _) where until != nil:
                proven[key] = Proof(status: status, until: until)
            case .revoked:
                proven[key] = Proof(status: status, until: nil)
            case .good, .unproven:
                break
            }
            return status
        }
    }

    /// The given data first (an air-gapped server's), then the responders the certificate names.
    private func lookUp(_ certificate: Certificate, issuer: Certificate, chain: [Certificate], at now: Date)
        -> RevocationStatus
    {
        var found: [RevocationStatus] = []
        for response in settings.ocspResponses {
            if let status = OCSPVerification.status(
                of: response, for: certificate, issuer: issuer, chain: chain, at: now)
            {
                found.append(status)
            }
        }
        for crl in settings.crls {
            if let status = CRLVerification.status(of: crl, for: certificate, issuer: issuer, at: now) {
                found.append(status)
            }
        }
        if let conclusive = Self.conclusive(found) {
            return conclusive
        }
        var reasons = found.compactMap { status -> String? in
            if case .unproven(let why) = status { return why }
            return nil
        }
        if settings.fetchesFromResponders {
            let fetched = ask(certificate, issuer: issuer, chain: chain, at: now)
            if case .unproven(let why) = fetched {
                reasons.append(why)
            } else {
                return fetched
            }
        } else if reasons.isEmpty {
            reasons.append("no OCSP response or CRL given speaks of it")
        }
        return .unproven(reasons.joined(separator: "; "))
    }

    /// A revocation outweighs any number of good answers; nil when nothing is conclusive.
    private static func conclusive(_ found: [RevocationStatus]) -> RevocationStatus? {
        var good: RevocationStatus?
        for status in found {
            switch status {
            case .revoked: return status
            case .good: good = good ?? status
            case .unproven: continue
            }
        }
        return good
    }

    /// Asks the OCSP responders the certificate's Authority Information Access names, in order.
    private func ask(_ certificate: Certificate, issuer: Certificate, chain: [Certificate], at now: Date)
        -> RevocationStatus
    {
        let urls = certificate.ocspResponderURLs
        guard !urls.isEmpty else {
            return .unproven("it names no OCSP responder (no Authority Information Access)")
        }
        var reasons: [String] = []
        for url in urls {
            let request: OCSPRequest
            let der: [UInt8]
            do throws(OpenSSLError) {
                let id = try OCSPCertificateID(certificate, issuer: issuer, hash: .sha1)
                request = try OCSPRequest(id)
                der = try request.der()
            } catch {
                return .unproven("cannot make the OCSP request: \(error)")
            }
            let response: OCSPResponse
            switch OCSPTransport.post(
                der, to: url, connectTimeout: settings.connectTimeout, exchangeTimeout: settings.exchangeTimeout)
            {
            case .failure(let error):
                reasons.append("the responder \(url) did not answer: \(error)")
                continue
            case .success(let body):
                do throws(OpenSSLError) {
                    response = try OCSPResponse(der: body, source: "the responder \(url)")
                } catch {
                    reasons.append("the responder \(url) sent what is not an OCSP response: \(error)")
                    continue
                }
            }
            let status =
                OCSPVerification.status(
                    of: response, for: certificate, issuer: issuer, chain: chain, request: request, at: now)
                ?? .unproven("the responder \(url) does not answer for this certificate")
            if case .unproven(let why) = status {
                reasons.append(why)
                continue
            }
            return status
        }
        return .unproven(reasons.joined(separator: "; "))
    }
}
