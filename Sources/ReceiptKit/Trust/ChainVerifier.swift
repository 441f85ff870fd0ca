import Synchronization

/// Checks embedded certificate chains against a trust policy, cached by the chain's exact bytes since a
/// batch shares a handful; validity depends on each input's time, so it is checked per input.
package final class ChainVerifier: Sendable {
    package let policy: TrustPolicy
    let anchors: TrustAnchors
    /// Apple's shape, markers and StoreKit Testing exception, judged once a chain is built.
    let applePolicy: AppleChainPolicy
    private let cache = Mutex(ChainCache())
    /// `ValidationOptions.injectedFault`, for the chain's own refusal by a SHA-1 policy.
    private let injectedFault: InjectedFault?

    package init(
        policy: TrustPolicy, wording: any SettingWording = APISettingWording(), injectedFault: InjectedFault? = nil
    ) throws(OpenSSLError) {
        self.policy = policy
        self.injectedFault = injectedFault
        anchors = TrustAnchors(policy: policy)
        applePolicy = AppleChainPolicy(storeKitTestCertificate: policy.storeKitTestCertificate, wording: wording)
    }

    /// The verdict on `certificates` for the signer `identifier` names, from the cache when seen before.
    package func verify(certificates: [ArraySlice<UInt8>], signer identifier: SignerInfo.Identifier) -> VerifiedChain {
        verify(certificates, .identifier(identifier))
    }

    /// The verdict on `certificates` whose signer is at `leafIndex`, from the cache when seen before.
    package func verify(certificates: [ArraySlice<UInt8>], leafIndex: Int) -> VerifiedChain {
        verify(certificates, .index(leafIndex))
    }

    /// How the signer is found among the embedded certificates.
    private enum Selector {
        case identifier(SignerInfo.Identifier)
        case index(Int)
    }

    private func verify(_ certificates: [ArraySlice<UInt8>], _ selector: Selector) -> VerifiedChain {
        let key = Self.key(certificates, selector)
        if let cached = cache.withLock({ $0.lookUp(key) }) {
            return cached
        }
        let result = evaluate(certificates, selector)
        cache.withLock { $0.insert(key, result) }
        return result
    }

    /// Chains and the key bytes they hold, as remembered now (for tests of the bounds).
    var cacheFootprint: (entries: Int, bytes: Int) {
        cache.withLock { ($0.count, $0.bytes) }
    }

    private static func key(_ certificates: [ArraySlice<UInt8>], _ selector: Selector) -> ChainKey {
        var key: [UInt8] = []
        key.reserveCapacity(certificates.reduce(64) { $0 + $1.count + 4 })
        for index in certificates.indices {
            appendRun(certificates[index], to: &key)
        }
        switch selector {
        case .identifier(.issuerAndSerialNumber(let issuer, let serial)):
            key.append(1)
            appendRun(issuer, to: &key)
            appendRun(serial, to: &key)
        case .identifier(.subjectKeyIdentifier(let keyIdentifier)):
            key.append(2)
            appendRun(keyIdentifier, to: &key)
        case .index(let index):
            key.append(3)
            appendRun(Array(String(index).utf8)[...], to: &key)
        }
        return ChainKey(bytes: key)
    }

    /// Appends `bytes` after their count, so that no two lists of runs make the same key.
    private static func appendRun(_ bytes: ArraySlice<UInt8>, to key: inout [UInt8]) {
        let count = UInt32(truncatingIfNeeded: bytes.count)
        key.append(UInt8(count >> 24))
        key.append(UInt8(count >> 16 & 0xFF))
        key.append(UInt8(count >> 8 & 0xFF))
        key.append(UInt8(count & 0xFF))
        key.append(contentsOf: bytes)
    }

    // MARK: - Evaluation (uncached)

    private func evaluate(_ encoded: [ArraySlice<UInt8>], _ selector: Selector) -> VerifiedChain {
        var certificates: [Certificate] = []
        for (index, der) in encoded.enumerated() {
            do {
                certificates.append(try Certificate(der: Array(der)))
            } catch {
                return failed(.signer, .malformed, "embedded certificate \(index + 1) cannot be decoded: \(error)")
            }
        }
        let found: Certificate?
        switch selector {
        case .identifier(let identifier):
            found = certificates.first { Self.matches($0, identifier) }
        case .index(let index):
            found = certificates.indices.contains(index) ? certificates[index] : nil
        }
        guard let signer = found else {
            return failed(.signer, .signerNotFound, "no embedded certificate matches the signer identifier")
        }
        let key: PublicKey
        do {
            key = try signer.publicKey()
        } catch {
            return failed(.signer, .malformed, "the signer certificate's key cannot be read: \(error)")
        }
        var passed: [(Check.Name, String)] = [(.signer, "signed by \"\(signer.commonName ?? signer.subject)\"")]

        if applePolicy.isStoreKitTestSigner(signer) {
            passed.append(
                (
                    .chain,
                    "signed by the StoreKit Testing certificate \(applePolicy.wording.words(for: .source(.storeKitTestCertificate)))"
                ))
            return VerifiedChain(
                signer: signer, signerKey: key, kind: .storeKitTesting, chain: [signer], passed: passed, failure: nil)
        }

        let chain: [Certificate]
        do {
            chain = try buildChain(leaf: signer, untrusted: certificates)
        } catch {
            if error.sha1Refused {
                return failed(
                    .chain, .sha1RefusedByPolicy, SHA1Policy.detail("the certificate chain", error.error),
                    signer: signer, key: key, passed: passed)
            }
            var detail = "the signer does not chain to a trusted root: " + error.error.reasons.joined(separator: "; ")
            if signer.isSelfIssued {
                detail += applePolicy.selfSignedHint(signer)
            }
            return failed(.chain, .untrustedChain, detail, signer: signer, key: key, passed: passed)
        }
        let kind: TrustReport.Kind = policy.anchors == .apple ? .apple : .customRoots
        let rootName = chain.last.map { $0.commonName ?? $0.subject } ?? "?"
        passed.append((.chain, "chains to trusted root \"\(rootName)\" (\(chain.count) certificates)"))

        if let failure = applePolicy.judge(chain) {
            return failed(
                failure.check, failure.reason, failure.detail, signer: signer, key: key, passed: passed, kind: kind,
                chain: chain)
        }
        passed.append((.markerOIDs, "leaf and intermediate carry Apple's receipt-signing marker extensions"))
        return VerifiedChain(signer: signer, signerKey: key, kind: kind, chain: chain, passed: passed, failure: nil)
    }

    /// Builds the chain against the anchors the input embeds, then against every anchor, so that a refusal's
    /// reasons are those of the whole trust policy.
    private func buildChain(leaf: Certificate, untrusted: [Certificate]) throws(CertificateStore.BuildError)
        -> [Certificate]
    {
        if injectedFault == .sha1ChainPolicy {
            throw CertificateStore.BuildError(SHA1Policy.injectedRefusal, sha1Refused: true)
        }
        let embedded = anchors.embedded(in: untrusted)
        if !embedded.isEmpty, let chain = try? CertificateStore.build(leaf: leaf, untrusted: untrusted, roots: embedded)
        {
            return chain
        }
        let roots: [Certificate]
        do {
            roots = try anchors.all()
        } catch {
            throw CertificateStore.BuildError(error)
        }
        return try CertificateStore.build(leaf: leaf, untrusted: untrusted, roots: roots)
    }

    private static func matches(_ certificate: Certificate, _ identifier: SignerInfo.Identifier) -> Bool {
        switch identifier {
        case .issuerAndSerialNumber(let issuer, let serial):
            return certificate.issuerDER == issuer && certificate.serialContents == serial
        case .subjectKeyIdentifier(let keyIdentifier):
            return certificate.subjectKeyIdentifier == keyIdentifier
        }
    }

    private func failed(
        _ check: Check.Name, _ reason: ReasonCode, _ detail: String, signer: Certificate? = nil, key: PublicKey? = nil,
        passed: [(Check.Name, String)] = [], kind: TrustReport.Kind? = nil, chain: [Certificate] = []
    ) -> VerifiedChain {
        VerifiedChain(
            signer: signer, signerKey: key, kind: kind, chain: chain, passed: passed,
            failure: VerifiedChain.ChainError(check: check, reason: reason, detail: detail))
    }
}
