internal import CReceipt

/// Converts between a JOSE ES256 signature (r and s as two 32-byte big-endian halves, RFC 7518 §3.4)
/// and the DER `ECDSA-Sig-Value` OpenSSL's signer makes and its verifier takes.
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

    /// r and s, each left-padded to 32 bytes, from the DER `ECDSA-Sig-Value` OpenSSL signed.
    package static func jose(fromDER der: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            return d2i_ECDSA_SIG(nil, &cursor, bytes.count)
        }
        guard let parsed else {
            throw OpenSSLError.drain("reading the DER ECDSA signature")
        }
        defer { ECDSA_SIG_free(parsed) }
        var jose = [UInt8](repeating: 0, count: size)
        let half = Int32(size / 2)
        let written = jose.withUnsafeMutableBufferPointer { output -> Bool in
            guard let base = output.baseAddress,
                let r = ECDSA_SIG_get0_r(parsed), let s = ECDSA_SIG_get0_s(parsed)
            else { return false }
            return BN_bn2binpad(r, base, half) == half && BN_bn2binpad(s, base + Int(half), half) == half
        }
        guard written else {
            throw OpenSSLError.drain("converting the ECDSA signature to r || s")
        }
        return jose
    }
}
