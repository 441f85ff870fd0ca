/// A compact JWS split into its three segments and decoded, before anything is trusted.
package struct CompactJWS: Sendable {
    /// The largest segment accepted, checked before decoding: Apple's are a few KB, so a hostile
    /// multi-megabyte input is never decoded.
    package static let maximumSegmentSize = 64 << 10

    package let header: [UInt8]
    package let payload: [UInt8]
    package let signature: [UInt8]
    /// `ASCII(BASE64URL(header) "." BASE64URL(payload))`: what the signature covers.
    package let signingInput: [UInt8]

    /// Splits and decodes `text`; every malformation is an `invalid_jws` error saying where.
    package init(_ text: ArraySlice<UInt8>) throws(ReceiptError) {
        // The dots' indices (the text is a few KB); a third dot is one too many.
        var dots: [Int] = []
        var from = text.startIndex
        while dots.count < 3, let dot = Self.firstDot(in: text, from: from) {
            dots.append(dot)
            from = dot + 1
        }
        guard dots.count < 3 else {
            throw ReceiptError(.invalidJWS, "a compact JWS has exactly three dot-separated segments; this has more")
        }
        var segments: [ArraySlice<UInt8>] = []
        var start = text.startIndex
        for dot in dots {
            segments.append(text[start..<dot])
            start = dot + 1
        }
        segments.append(text[start...])
        guard segments.count == 3 else {
            throw ReceiptError(
                .invalidJWS, "a compact JWS has three dot-separated segments; this has \(segments.count)")
        }
        let names = ["header", "payload", "signature"]
        var decoded: [[UInt8]] = []
        for (name, segment) in zip(names, segments) {
            guard segment.count <= Self.maximumSegmentSize else {
                throw ReceiptError(
                    .invalidJWS,
                    "the JWS \(name) segment is \(segment.count) bytes, over the \(Self.maximumSegmentSize)-byte limit")
            }
            guard !segment.isEmpty else {
                throw ReceiptError(.invalidJWS, "the JWS \(name) segment is empty")
            }
            guard let bytes = Base64.decodeURL(segment) else {
                throw ReceiptError(
                    .invalidJWS, "the JWS \(name) segment is not canonical base64url (URL alphabet, no padding)")
            }
            decoded.append(bytes)
        }
        header = decoded[0]
        payload = decoded[1]
        signature = decoded[2]
        signingInput = Array(text[text.startIndex..<segments[1].endIndex])
    }

    /// The index of the first `.` at or after `start`, eight bytes a word, then byte by byte.
    static func firstDot(in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = ByteWords.noDot(in: bytes, from: start)
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: ".") { return index }
            index &+= 1
        }
        return nil
    }
}
