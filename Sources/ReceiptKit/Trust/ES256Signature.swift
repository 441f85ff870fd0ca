/// Converts between a JOSE ES256 signature (r and s, 32 bytes each, RFC 7518 §3.4) and DER `ECDSA-Sig-Value`.
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

    /// r and s, each left-padded to 32 bytes, from the DER OpenSSL signed; throws for anything but a SEQUENCE
    /// of two positive INTEGERs of at most 32 bytes.
    package static func jose(fromDER der: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        let operation = "reading the DER ECDSA signature"
        let halves: (r: [UInt8]?, s: [UInt8]?)
        do throws(ASN1Error) {
            var reader = ASN1Reader(der)
            let sequence = try reader.read(ASN1Tag.sequence, "the ECDSA-Sig-Value")
            try reader.expectEnd("the ECDSA-Sig-Value")
            var fields = try reader.children(of: sequence)
            let r = try fields.read(ASN1Tag.integer, "r")
            let s = try fields.read(ASN1Tag.integer, "s")
            try fields.expectEnd("s")
            halves = (half(der[r.contents]), half(der[s.contents]))
        } catch {
            throw OpenSSLError(operation: operation, reasons: [error.message])
        }
        guard let r = halves.r, let s = halves.s else {
            throw OpenSSLError(operation: operation, reasons: ["r or s is not a positive integer of 32 bytes"])
        }
        return r + s
    }

    /// A positive INTEGER's contents as 32 big-endian bytes; nil for a negative, empty or larger one.
    private static func half(_ contents: ArraySlice<UInt8>) -> [UInt8]? {
        guard let first = contents.first, first & 0x80 == 0 else { return nil }
        let value = contents.drop { $0 == 0 }
        guard value.count <= size / 2 else { return nil }
        return [UInt8](repeating: 0, count: size / 2 - value.count) + value
    }
}
