import Testing

@testable import ReceiptKit

/// The word-at-a-time scan of a string's plain bytes against a byte loop: every stop byte (quote,
/// backslash, control) and every byte beyond ASCII at every offset of a word and its neighbours.
@Suite struct JSONStringScanTests {
    static func reference(_ bytes: [UInt8], from start: Int) -> (Int, Bool) {
        var offset = start
        var high = false
        while offset < bytes.count, bytes[offset] != 0x22, bytes[offset] != 0x5C, bytes[offset] >= 0x20 {
            high = high || bytes[offset] >= 0x80
            offset += 1
        }
        return (offset, high)
    }

    /// Lengths around one word and around the scan's turns of four words (32 bytes).
    static let lengths = Array(0..<20) + Array(30..<42) + [63, 64, 65, 71]

    @Test func findsEveryStopAndEveryNonASCIIByteAtEveryOffset() {
        let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x01, 0x1F, 0x20, 0x21, 0x5B, 0x5D, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
        for length in Self.lengths {
            for position in 0..<max(length, 1) {
                for special in specials {
                    for filler: UInt8 in [0x41, 0xE9, 0x21, 0x23] {
                        var bytes = [UInt8](repeating: filler, count: length)
                        if position < length { bytes[position] = special }
                        for start in 0...min(length, 3) {
                            let (end, bits) = JSONStringScan.plainRun(in: bytes[...], from: start)
                            let (expectedEnd, expectedHigh) = Self.reference(bytes, from: start)
                            #expect(end == expectedEnd && (bits >= 0x80) == expectedHigh, "\(bytes) from \(start)")
                            // The same bytes as a slice of a larger buffer: indices are the buffer's.
                            let whole = [0x22, 0x5C] + bytes + [0x5C]
                            let (sliceEnd, sliceBits) = JSONStringScan.plainRun(
                                in: whole[2..<(2 + length)], from: 2 + start)
                            #expect(
                                sliceEnd == 2 + expectedEnd && (sliceBits >= 0x80) == expectedHigh,
                                "\(bytes) from \(start) in a slice")
                        }
                    }
                }
            }
        }
    }

    @Test func parsesStringsAroundWordBoundaries() throws {
        for length in 0..<24 {
            for tail in ["", "\\n", "é", "\\u00e9", "\\\"", "😀"] {
                let body = String(repeating: "x", count: length) + tail + String(repeating: "y", count: length % 9)
                let parsed = try JSONParser.parse(Array("[\"\(body)\"]".utf8))
                let expected = body.replacingOccurrences(of: "\\n", with: "\n")
                    .replacingOccurrences(of: "\\u00e9", with: "é").replacingOccurrences(of: "\\\"", with: "\"")
                #expect(parsed == .array([.string(expected)]), "\(body)")
            }
            #expect(throws: JSONParser.ParseError.self) {
                try JSONParser.parse(Array("[\"\(String(repeating: "x", count: length))\u{1}\"]".utf8))
            }
            #expect(throws: JSONParser.ParseError.self) {
                try JSONParser.parse([0x5B, 0x22] + Array(repeating: 0x78, count: length) + [0xFF, 0x22, 0x5D])
            }
        }
    }
}

/// The search for a compact JWS's dots against `firstIndex(of:)`, at every start and length.
@Suite struct CompactJWSDotTests {
    @Test func findsTheFirstDotAtEveryOffset() {
        // One expectation for all cases: a wrong search fails thousands, and recording each takes long.
        var wrong: [String] = []
        for length in JSONStringScanTests.lengths {
            for position in 0..<max(length, 1) {
                for filler: UInt8 in [0x41, 0x2F, 0x2D, 0xAE, 0x6E] {
                    var bytes = [UInt8](repeating: filler, count: length)
                    if position < length { bytes[position] = 0x2E }
                    if position + 3 < length { bytes[position + 3] = 0x2E }
                    for start in 0...min(length, 4) {
                        let found = CompactJWS.firstDot(in: bytes[...], from: start)
                        if found != bytes[start...].firstIndex(of: 0x2E), wrong.count < 5 {
                            wrong.append("\(bytes) from \(start)")
                        }
                        let whole = [0x2E] + bytes + [0x2E]
                        let inSlice = CompactJWS.firstDot(in: whole[1..<(1 + length)], from: 1 + start)
                        if inSlice != found.map({ $0 + 1 }), wrong.count < 5 {
                            wrong.append("\(bytes) from \(start) in a slice")
                        }
                    }
                }
            }
        }
        #expect(wrong.isEmpty)
    }
}
