#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a check compared, kept as the values themselves until someone reads the check in words: a server
/// that only asks whether an input is valid never pays for the sentences of the checks every receipt passes.
///
/// The values fit one string, one 64-bit word and a byte, so that a check fits four words: the compiler
/// copies a value that small in place, and a larger one through its type's value witnesses, which reports
/// would pay on each of the many times they copy their checks.
package struct CheckWording: Sendable {
    /// The words themselves for `.text`; otherwise the one string the words take from what was compared.
    private let string: String
    /// The numbers the words take, packed as `form` says.
    private let value: UInt64
    private let form: Form

    private enum Form: UInt8 {
        case text
        /// `value`: certificates in the bits above `payloadBits`, the payload's size below them.
        case derContainer, berContainer
        /// `value`: undocumented attributes in the high 32 bits, purchases in the low 32.
        case payload
        /// `string`: the signature algorithm.
        case sha1DigestAlgorithm, sha256DigestAlgorithm
        /// `string`: the key's summary; `value`: 1 when over the signed attributes.
        case sha1Signature, sha256Signature
        /// `string`: where the moment came from; `value`: its `timeIntervalSinceReferenceDate` bits.
        case validity
    }

    /// Bits of a container's `value` that hold its payload's size: a terabyte.
    private static let payloadBits: UInt64 = 40

    /// Words already written.
    static func text(_ words: String) -> CheckWording {
        CheckWording(string: words, value: 0, form: .text)
    }

    /// A receipt's PKCS#7 container: its encoding, how many certificates it carries, its payload's size.
    static func container(
        _ encoding: ValidationReport.Encoding, certificates: Int, payloadBytes: Int
    ) -> CheckWording {
        // Counts too large to pack are worded at once, so the words stay exact for any input.
        guard let packedCertificates = UInt64(exactly: certificates), packedCertificates < 1 << (64 - payloadBits),
            let packedBytes = UInt64(exactly: payloadBytes), packedBytes < 1 << payloadBits
        else {
            return .text(containerWords(encoding, certificates, payloadBytes))
        }
        return CheckWording(
            string: "", value: packedCertificates << payloadBits | packedBytes,
            form: encoding == .der ? .derContainer : .berContainer)
    }

    /// A receipt's payload decoded: its in-app purchases and the attributes kept undocumented.
    static func payload(purchases: Int, undocumented: Int) -> CheckWording {
        guard let packedPurchases = UInt32(exactly: purchases), let packedUndocumented = UInt32(exactly: undocumented)
        else {
            return .text(payloadWords(purchases, undocumented))
        }
        return CheckWording(
            string: "", value: UInt64(packedUndocumented) << 32 | UInt64(packedPurchases), form: .payload)
    }

    /// The signer's digest and signature algorithms, by name.
    static func digestAlgorithm(digest: Digest, signatureAlgorithm: String) -> CheckWording {
        guard let form = form(of: digest, sha1: .sha1DigestAlgorithm, sha256: .sha256DigestAlgorithm) else {
            return .text(digestAlgorithmWords(digest, signatureAlgorithm))
        }
        return CheckWording(string: signatureAlgorithm, value: 0, form: form)
    }

    /// A receipt's signature verified with the signer's key, over the payload or its signed attributes.
    static func signature(key: String, digest: Digest, overSignedAttributes: Bool) -> CheckWording {
        guard let form = form(of: digest, sha1: .sha1Signature, sha256: .sha256Signature) else {
            return .text(signatureWords(key, digest, overSignedAttributes))
        }
        return CheckWording(string: key, value: overSignedAttributes ? 1 : 0, form: form)
    }

    /// The form naming `digest`, for the two digests receipts are signed with.
    private static func form(of digest: Digest, sha1: Form, sha256: Form) -> Form? {
        if digest === Digest.sha1 { return sha1 }
        if digest === Digest.sha256 { return sha256 }
        return nil
    }

    /// Every certificate of the chain valid at `time`, chosen as `source` says.
    static func validity(_ time: Date, source: String) -> CheckWording {
        CheckWording(string: source, value: time.timeIntervalSinceReferenceDate.bitPattern, form: .validity)
    }

    /// The words the report shows. Inlined, so reading words already written costs what reading a stored
    /// string does: reports read every check's words as they write them.
    @inline(__always)
    var text: String {
        form == .text ? string : worded()
    }

    /// The words of values, written now.
    @inline(never)
    private func worded() -> String {
        switch form {
        case .text:
            return string
        case .derContainer, .berContainer:
            return Self.containerWords(
                form == .derContainer ? .der : .ber, Int(truncatingIfNeeded: value >> Self.payloadBits),
                Int(truncatingIfNeeded: value & (1 << Self.payloadBits - 1)))
        case .payload:
            return Self.payloadWords(Int(truncatingIfNeeded: value & 0xFFFF_FFFF), Int(truncatingIfNeeded: value >> 32))
        case .sha1DigestAlgorithm:
            return Self.digestAlgorithmWords(.sha1, string)
        case .sha256DigestAlgorithm:
            return Self.digestAlgorithmWords(.sha256, string)
        case .sha1Signature:
            return Self.signatureWords(string, .sha1, value == 1)
        case .sha256Signature:
            return Self.signatureWords(string, .sha256, value == 1)
        case .validity:
            return Self.validityWords(Date(timeIntervalSinceReferenceDate: Double(bitPattern: value)), string)
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
