/// Converts a JOSE ES256 signature (r and s as two 32-byte big-endian halves, RFC 7518 §3.4)
/// into the DER `ECDSA-Sig-Value` OpenSSL's verifier takes.
enum ES256Signature {
    static let size = 64

    /// The DER form, or nil when `raw` is not exactly 64 bytes.
    static func der(fromJOSE raw: [UInt8]) -> [UInt8]? {
        guard raw.count == size else { return nil }
        var writer = DERWriter()
        writer.writeSequence { (sequence: inout DERWriter) in
            sequence.writeElement(tag: 0x02, contents: integer(raw[0..<32]))
            sequence.writeElement(tag: 0x02, contents: integer(raw[32..<64]))
        }
        return writer.bytes
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
