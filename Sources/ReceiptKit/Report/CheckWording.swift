#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a check compared, kept as values until someone reads the check in words: a server asking only
/// "valid?" never pays for the sentences. At most three words a case, so a check fits four.
package enum CheckWording: Sendable {
    /// Words already written.
    case text(String)
    /// A receipt's PKCS#7 container: its encoding, how many certificates it carries, its payload's size.
    case container(ValidationReport.Encoding, certificates: Int, payloadBytes: Int)
    /// A receipt's payload decoded: its in-app purchases and the attributes kept undocumented.
    case payload(purchases: Int, undocumented: Int)
    /// The signer's digest, one receipts are signed with, and its signature algorithm by name.
    case receiptDigestAlgorithm(ReceiptDigest, signatureAlgorithm: String)
    /// A receipt's signature verified with the key summarised, over the payload or its signed attributes.
    case receiptSignature(key: String, ReceiptDigest, overSignedAttributes: Bool)
    /// Every certificate of the chain valid at a moment, chosen as the source says.
    case validity(Date, source: String)

    /// The digests receipts are signed with, named without holding the `Digest` (a reference to retain).
    package enum ReceiptDigest: Sendable {
        case sha1, sha256

        var digest: Digest {
            switch self {
            case .sha1: Digest.sha1
            case .sha256: Digest.sha256
            }
        }
    }

    /// The signer's digest and signature algorithms, by name.
    static func digestAlgorithm(digest: Digest, signatureAlgorithm: String) -> CheckWording {
        guard let kept = receiptDigest(digest) else {
            return .text(digestAlgorithmWords(digest, signatureAlgorithm))
        }
        return .receiptDigestAlgorithm(kept, signatureAlgorithm: signatureAlgorithm)
    }

    /// A receipt's signature verified with the signer's key, over the payload or its signed attributes.
    static func signature(key: String, digest: Digest, overSignedAttributes: Bool) -> CheckWording {
        guard let kept = receiptDigest(digest) else {
            return .text(signatureWords(key, digest, overSignedAttributes))
        }
        return .receiptSignature(key: key, kept, overSignedAttributes: overSignedAttributes)
    }

    /// The case naming `digest`, for the two digests receipts are signed with; others are worded at once.
    private static func receiptDigest(_ digest: Digest) -> ReceiptDigest? {
        if digest === Digest.sha1 { return .sha1 }
        if digest === Digest.sha256 { return .sha256 }
        return nil
    }

    /// The words the report shows; inlined, since reports read every check's words as they write them.
    @inline(__always)
    var text: String {
        if case .text(let words) = self { return words }
        return worded()
    }

    /// The words of values, written now.
    @inline(never)
    private func worded() -> String {
        switch self {
        case .text(let words):
            return words
        case .container(let encoding, let certificates, let payloadBytes):
            return Self.containerWords(encoding, certificates, payloadBytes)
        case .payload(let purchases, let undocumented):
            return Self.payloadWords(purchases, undocumented)
        case .receiptDigestAlgorithm(let digest, let signatureAlgorithm):
            return Self.digestAlgorithmWords(digest.digest, signatureAlgorithm)
        case .receiptSignature(let key, let digest, let overSignedAttributes):
            return Self.signatureWords(key, digest.digest, overSignedAttributes)
        case .validity(let time, let source):
            return Self.validityWords(time, source)
        }
    }

    private static func containerWords(
        _ encoding: ValidationReport.Encoding, _ certificates: Int, _ payloadBytes: Int
    ) -> String {
        String(
            joining: "PKCS#7 signedData (", encoding == .der ? "DER" : "BER", "), ", String(certificates),
            " certificates, ", String(payloadBytes), "-byte payload")
    }

    private static func digestAlgorithmWords(_ digest: Digest, _ signatureAlgorithm: String) -> String {
        String(joining: digest.name, " with ", signatureAlgorithm)
    }

    private static func signatureWords(_ key: String, _ digest: Digest, _ overSignedAttributes: Bool) -> String {
        let over = overSignedAttributes ? "the signed attributes (messageDigest matches)" : "the payload"
        return String(joining: key, " ", digest.name, " signature over ", over, " is valid")
    }

    /// Written as bytes, the moment appended in place: the one sentence a JWS report words for every input.
    private static func validityWords(_ time: Date, _ source: String) -> String {
        var words: [UInt8] = []
        words.reserveCapacity(64 + source.utf8.count)
        words += "every certificate is valid at ".utf8
        if !RFC3339.append(time, to: &words) {
            words += "\(time)".utf8
        }
        words += " (".utf8
        words += source.utf8
        words.append(UInt8(ascii: ")"))
        return String(decoding: words, as: UTF8.self)
    }

    private static func payloadWords(_ purchases: Int, _ undocumented: Int) -> String {
        String(
            joining: String(purchases), purchases == 1 ? " in-app purchase, " : " in-app purchases, ",
            String(undocumented), " undocumented attributes kept")
    }
}
