/// Every object identifier receipt-check acts on, as DER contents octets so that comparing is a byte compare.
package enum OID {
    /// Whether `contents` are the bytes of `oid`, without `elementsEqual`'s generic walk.
    package static func matches(_ contents: ArraySlice<UInt8>, _ oid: [UInt8]) -> Bool {
        guard contents.count == oid.count else { return false }
        // Both hold `oid.count` bytes: `offset` walks the slice beside the array.
        var offset = contents.startIndex
        for byte in oid {
            guard contents[offset] == byte else { return false }
            offset &+= 1
        }
        return true
    }

    package static let signedData: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
    package static let data: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
    package static let sha1: [UInt8] = [0x2B, 0x0E, 0x03, 0x02, 0x1A]
    package static let sha256: [UInt8] = [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]
    package static let rsaEncryption: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
    package static let sha1WithRSAEncryption: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x05]
    package static let sha256WithRSAEncryption: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B]
    package static let ecdsaWithSHA256: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]
    package static let messageDigestAttribute: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x04]

    /// Apple's "Mac App Store and iTunes Store Receipt Signing" certificate extension.
    package static let receiptSigningMarker = "1.2.840.113635.100.6.11.1"
    /// Apple's "Worldwide Developer Relations" intermediate CA extension.
    package static let wwdrIntermediateMarker = "1.2.840.113635.100.6.2.1"

    /// A readable name for the algorithms receipts use, else the dotted OID.
    package static func name(_ contents: ArraySlice<UInt8>) -> String {
        if matches(contents, rsaEncryption) { return "rsaEncryption" }
        if matches(contents, sha256) { return "sha256" }
        if matches(contents, sha1) { return "sha1" }
        if matches(contents, sha256WithRSAEncryption) { return "sha256WithRSAEncryption" }
        if matches(contents, sha1WithRSAEncryption) { return "sha1WithRSAEncryption" }
        if matches(contents, ecdsaWithSHA256) { return "ecdsa-with-SHA256" }
        return dotted(contents)
    }

    /// Dotted text of DER contents octets, for messages about identifiers not in this list.
    package static func dotted(_ contents: ArraySlice<UInt8>) -> String {
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        for byte in contents {
            guard value >> 56 == 0 else { return "(invalid OID)" }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 {
                if arcs.isEmpty {
                    let first = min(value / 40, 2)
                    arcs.append(first)
                    arcs.append(value - first * 40)
                } else {
                    arcs.append(value)
                }
                value = 0
            }
        }
        return arcs.map(String.init).joined(separator: ".")
    }
}
