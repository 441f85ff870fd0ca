import Foundation
import Testing

@testable import ReceiptKit

@Suite(.timeLimit(.minutes(10))) struct Base64DecodeTests {
    @Test func agreesWithFoundationOnWellFormedText() {
        let seed = SeededGenerator.runSeed()
        var generator = SeededGenerator(seed: seed)
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Data(bytes).base64EncodedString(options: .lineLength64Characters)
            #expect(
                Base64.decode(Array(text.utf8)[...]) == (length == 0 ? nil : bytes),
                "length \(length); replay with RECEIPT_CHECK_SEED=\(seed)")
            let unpadded = text.replacingOccurrences(of: "=", with: "")
            if length > 0 {
                #expect(
                    Base64.decode(Array(unpadded.utf8)[...]) == bytes,
                    "unpadded, length \(length); replay with RECEIPT_CHECK_SEED=\(seed)")
            }
        }
    }

    @Test(arguments: ["QQ=A", "Q===", "====", "QQ==QQ==", "=QQQ", "QQ?=", "Q", "QUJD\u{0}"])
    func rejectsMisplacedPaddingAndStrayCharacters(text: String) {
        #expect(Base64.decode(Array(text.utf8)[...]) == nil)
    }

    /// The decoder against a plain reference (strip white space, pad to whole quads, decode quad by
    /// quad, `=` only as one or two final padding characters) over random short texts of letters,
    /// padding, white space and stray bytes: same bytes, same refusals.
    @Test func agreesWithAPlainReferenceOnAnyText() {
        let seed = SeededGenerator.runSeed()
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("AQg/+9= \n?".utf8)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...11, using: &generator)
            let text = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
            #expect(
                Base64.decode(text[...]) == Self.reference(text),
                "\(String(decoding: text, as: UTF8.self).debugDescription); replay with RECEIPT_CHECK_SEED=\(seed)")
        }
    }

    /// Every byte at each place of a quad amid whole quads (the fast loop's shape, one table per place):
    /// each letter decodes to its bits, anything else stops the fast loop and is judged as the reference does.
    @Test func everyByteAtEveryPlaceOfAQuad() {
        for place in 0..<4 {
            for byte in UInt8.min...UInt8.max {
                var quad = Array("AAAA".utf8)
                quad[place] = byte
                let text = Array("QUJD".utf8) + quad + Array("QUJD".utf8)
                #expect(Base64.decode(text[...]) == Self.reference(text), "byte \(byte) at place \(place)")
            }
        }
    }

    static func reference(_ text: [UInt8]) -> [UInt8]? {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var quads = text.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard !quads.isEmpty, quads.allSatisfy({ letters.contains($0) || $0 == UInt8(ascii: "=") }) else { return nil }
        while quads.count % 4 != 0 { quads.append(UInt8(ascii: "=")) }
        var out: [UInt8] = []
        for start in stride(from: 0, to: quads.count, by: 4) {
            let quad = quads[start..<start + 4].map { letters.firstIndex(of: $0).map(UInt8.init) }
            let isLast = start + 4 == quads.count
            guard let a = quad[0], let b = quad[1] else { return nil }
            out.append(a << 2 | b >> 4)
            switch (quad[2], quad[3]) {
            case (let c?, let d?):
                out += [b << 4 | c >> 2, c << 6 | d]
            case (let c?, nil) where isLast:
                out.append(b << 4 | c >> 2)
            case (nil, nil) where isLast:
                break
            default:
                return nil
            }
        }
        return out
    }
}
