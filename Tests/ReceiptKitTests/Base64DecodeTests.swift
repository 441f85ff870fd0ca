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
                ReceiptInput.base64(Array(text.utf8)[...]) == (length == 0 ? nil : bytes),
                "length \(length); replay with RECEIPT_CHECK_SEED=\(seed)")
            let unpadded = text.replacingOccurrences(of: "=", with: "")
            if length > 0 {
                #expect(
                    ReceiptInput.base64(Array(unpadded.utf8)[...]) == bytes,
                    "unpadded, length \(length); replay with RECEIPT_CHECK_SEED=\(seed)")
            }
        }
    }

    @Test(arguments: ["QQ=A", "Q===", "====", "QQ==QQ==", "=QQQ", "QQ?=", "Q", "QUJD\u{0}"])
    func rejectsMisplacedPaddingAndStrayCharacters(text: String) {
        #expect(ReceiptInput.base64(Array(text.utf8)[...]) == nil)
    }
}
