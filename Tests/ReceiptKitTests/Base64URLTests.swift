import Foundation
import Testing

@testable import ReceiptKit

/// The table decoder of `Base64.decodeURL` against a plain bit-by-bit reference: same bytes for every canonical
/// text, and nil for every way a text can fail to be one.
@Suite(.timeLimit(.minutes(10))) struct Base64URLTests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// A character at a time: the URL alphabet only, never a length of 4n+1, the unused low bits zero.
    static func reference(_ text: [UInt8]) -> [UInt8]? {
        guard text.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in text {
            guard let value = alphabet.firstIndex(of: byte) else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        return buffer == 0 ? out : nil
    }

    static func decode(_ text: String) -> [UInt8]? {
        Base64.decodeURL(Array(text.utf8)[...])
    }

    @Test func roundTripsEveryLength() {
        let seed = SeededGenerator.runSeed()
        var generator = SeededGenerator(seed: seed)
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Base64.encodeURL(bytes)
            #expect(Self.decode(text) == bytes, "length \(length); replay with RECEIPT_CHECK_SEED=\(seed)")
            // From inside a larger buffer, as CompactJWS hands it over.
            let framed = Array(("x." + text + ".y").utf8)
            #expect(Base64.decodeURL(framed[2..<(framed.count - 2)]) == bytes, "framed, length \(length)")
        }
        #expect(Self.decode("") == [])
        #expect(Self.decode("-_-_") == [0xFB, 0xFF, 0xBF])
    }

    @Test func agreesWithTheReferenceOnAnyText() {
        let seed = SeededGenerator.runSeed()
        var generator = SeededGenerator(seed: seed)
        let letters = Array("AQgw-_9+/= \n.\u{0}".utf8) + [0x80, 0xFF, 0x7F]
        for _ in 0..<40_000 {
            let length = Int.random(in: 0...13, using: &generator)
            let text = (0..<length).map { _ in letters[Int.random(in: 0..<letters.count, using: &generator)] }
            #expect(
                Base64.decodeURL(text[...]) == Self.reference(text),
                "\(text); replay with RECEIPT_CHECK_SEED=\(seed)")
        }
    }

    /// Every byte outside the URL alphabet, in every position of a whole quad and of both short tails.
    @Test func rejectsEveryByteOutsideTheAlphabetAnywhere() {
        for byte in UInt8(0)...UInt8(255) where !Self.alphabet.contains(byte) {
            for template in ["AAAA", "AAAAAA", "AAAAAAA", "AAAAAAAA"] {
                for position in 0..<template.utf8.count {
                    var text = Array(template.utf8)
                    text[position] = byte
                    #expect(Base64.decodeURL(text[...]) == nil, "byte \(byte) at \(position) of \(template.count)")
                }
            }
        }
    }

    @Test(arguments: [
        "QQ==", "QUI=", "QQ=", "QUJD QUJD", "QUJD\n", " QUJD", "QUJD\r\nQUJD", "QUJD\tQUJD",
        "+/+/", "ab+c", "ab/c", "QUJDQUJ+", "QUJDQU/", "QUJD.QUJD",
    ])
    func rejectsPaddingWhiteSpaceAndTheStandardAlphabet(text: String) {
        #expect(Self.decode(text) == nil)
    }

    @Test(arguments: ["Q", "QUJDQ", "QUJDQUJDQ", "A", "_"])
    func rejectsALengthNoEncodingHas(text: String) {
        #expect(Self.decode(text) == nil)
    }

    /// The last character's unused bits: four after two characters, two after three; any of them set is
    /// a second spelling of the same bytes.
    @Test func rejectsNonZeroTrailingBits() {
        for value in 0..<64 {
            let last = String(UnicodeScalar(Self.alphabet[value]))
            #expect((Self.decode("QUJDQ" + last) != nil) == (value & 0x0F == 0), "two-character tail, \(value)")
            #expect((Self.decode("QUJDQU" + last) != nil) == (value & 0x03 == 0), "three-character tail, \(value)")
            #expect(Self.decode("QUJD" + last + "AAA") != nil, "a whole quad keeps every bit, \(value)")
        }
        #expect(Self.decode("QR") == nil)
        #expect(Self.decode("QUI") == [0x41, 0x42])
        #expect(Self.decode("QUJ") == nil)
        #expect(Self.decode("QUK") == nil)
    }
}
