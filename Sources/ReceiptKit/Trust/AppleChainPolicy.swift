/// Apple's rules for the chain that signs a receipt or JWS: three certificates, the marker extensions, and
/// Xcode's StoreKit Testing certificate when the caller gave it. Without them any Apple-issued certificate
/// could sign a "receipt".
struct AppleChainPolicy: Sendable {
    /// The StoreKit Testing certificate the caller trusts, if any.
    let storeKitTestCertificate: Certificate?
    /// How the failures name the setting that accepts a StoreKit Testing certificate.
    let wording: any SettingWording

    /// The certificates a JWS header must carry, checked before any is decoded.
    func checkEmbedded(_ certificates: [[UInt8]]) -> Check? {
        let isStoreKitTesting = certificates.count == 1 && storeKitTestCertificate?.der == certificates.first
        guard certificates.count == 3 || isStoreKitTesting else {
            var detail =
                "the header's x5c holds \(certificates.count) certificates; Apple's JWS carry leaf, intermediate and root"
            if certificates.count == 1 {
                detail +=
                    " (one certificate: Xcode StoreKit Testing; \(wording.words(for: .change(.storeKitTestCertificate))))"
            }
            return .fail(.chain, .unexpectedChainLength, detail)
        }
        return nil
    }

    /// Whether `signer` is the StoreKit Testing certificate the caller trusts, which stands alone.
    func isStoreKitTestSigner(_ signer: Certificate) -> Bool {
        storeKitTestCertificate.map { signer.der == $0.der } ?? false
    }

    /// The failure of a built chain (leaf first) against the shape and markers, nil when it holds.
    func judge(_ chain: [Certificate]) -> VerifiedChain.ChainError? {
        guard chain.count == 3 else {
            return VerifiedChain.ChainError(
                check: .markerOIDs, reason: .unexpectedChainLength,
                detail: "expected leaf, intermediate and root; the chain has \(chain.count) certificates")
        }
        guard chain[0].hasExtension(OID.receiptSigningMarker) else {
            return VerifiedChain.ChainError(
                check: .markerOIDs, reason: .missingMarkerOID,
                detail: "the signing certificate lacks the receipt-signing extension \(OID.receiptSigningMarker)")
        }
        guard chain[1].hasExtension(OID.wwdrIntermediateMarker) else {
            return VerifiedChain.ChainError(
                check: .markerOIDs, reason: .missingMarkerOID,
                detail: "the intermediate certificate lacks the extension \(OID.wwdrIntermediateMarker)")
        }
        return nil
    }

    /// What an untrusted self-signed signer probably is, for the chain failure's detail.
    func selfSignedHint(_ signer: Certificate) -> String {
        let name = signer.commonName ?? signer.subject
        if name == "StoreKit" || name == "StoreKit Testing in Xcode" {
            return
                " (self-signed \"StoreKit\": an Xcode StoreKit Testing receipt; \(wording.words(for: .change(.storeKitTestCertificate))))"
        }
        return " (self-signed \"\(name)\")"
    }
}
