#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a check compared, kept as the values themselves until someone reads the check in words: a server
/// that only asks whether an input is valid never pays for the sentences of the checks every receipt passes.
package enum CheckWording: Sendable {
    /// Words already written.
    case text(String)
    /// A receipt's PKCS#7 container: its encoding, how many certificates it carries, its payload's size.
    case container(ValidationReport.Encoding, certificates: Int, payloadBytes: Int)
    /// A receipt's payload decoded: its in-app purchases and the attributes kept undocumented.
    case payload(purchases: Int, undocumented: Int)
    /// The signer's digest and signature algorithms, by name.
    case digestAlgorithm(digest: String, signatureAlgorithm: String)
    /// A receipt's signature verified with the signer's key, over the payload or its signed attributes.
    case signature(key: String, digest: String, overSignedAttributes: Bool)
    /// Every certificate of the chain valid at `time`, chosen as `source` says.
    case validity(Date, source: String)

    /// The words the report shows.
    var text: String {
        switch self {
        case .text(let text):
            return text
        case .container(let encoding, let certificates, let payloadBytes):
            return String(
                joining: "PKCS#7 signedData (", encoding.label, "), ", String(certificates),
                " certificates, ", String(payloadBytes), "-byte payload")
        case .payload(let purchases, let undocumented):
            return String(
                joining: String(purchases), purchases == 1 ? " in-app purchase, " : " in-app purchases, ",
                String(undocumented), " undocumented attributes kept")
        case .digestAlgorithm(let digest, let signatureAlgorithm):
            return String(joining: digest, " with ", signatureAlgorithm)
        case .signature(let key, let digest, let overSignedAttributes):
            let over = overSignedAttributes ? "the signed attributes (messageDigest matches)" : "the payload"
            return String(joining: key, " ", digest, " signature over ", over, " is valid")
        case .validity(let time, let source):
            return String(
                joining: "every certificate is valid at ", RFC3339.format(time) ?? "\(time)", " (", source, ")")
        }
    }
}

extension ValidationReport.Encoding {
    /// The name in capitals.
    fileprivate var label: String {
        switch self {
        case .der: "DER"
        case .ber: "BER"
        }
    }
}
