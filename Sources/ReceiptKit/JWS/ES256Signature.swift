/// Converts a JOSE ES256 signature (r and s as two 32-byte big-endian halves, RFC 7518 §3.4)
/// into the DER `ECDSA-Sig-Value` OpenSSL's verifier takes.
package enum ES256Signature {
    /// Bytes of a JOSE ES256 signature: r and s, 32 each.
    package static let size = 64

    /// The DER form, or nil when `raw` is not exactly 64 bytes.
    static func der(fromJOSE raw: [UInt8]) -> [UInt8]? {
        guard raw.count == size else { return nil }
        let r = integerElement(raw[0..<32])
        let s = integerElement(raw[32..<64])
        // Two INTEGERs of at most 33 contents octets: every length fits DER's one-octet short form.
        return [ASN1Tag.sequence, UInt8(r.count + s.count)] + r + s
    }

    /// A whole INTEGER element (tag, length, contents) for one 32-byte half.
    private static func integerElement(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        let contents = integer(bytes)
        return [ASN1Tag.integer, UInt8(contents.count)] + contents
    }

    /// A positive INTEGER's contents: leading zeros dropped, one zero added when the high bit is set.
    private static func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var trimmed = bytes.drop { $0 == 0 }
        if trimmed.isEmpty {
            trimmed = [0][...]
        }
        guard let first = trimmed.first else { return [0] }
        return first & 0x80 != 0 ? [0] + Array(trimmed) : Array(trimmed)
    }
}
