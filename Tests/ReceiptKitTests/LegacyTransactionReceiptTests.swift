import Foundation
import Testing

@testable import ReceiptKit

/// iOS 6 style transaction receipts: what one claims is decoded for `inspect` (its transaction id
/// first, as Apple's ReceiptUtility extracts it), and it is never valid, whatever it claims.
@Suite struct LegacyTransactionReceiptTests {
    static let purchaseInfo = """
        {
        \t"original-transaction-id" = "1000000000000001";
        \t"transaction-id" = "1000000000000002";
        \t"product-id" = "com.example.coins";
        \t"bid" = "com.example.app";
        }
        """

    static func receipt(purchaseInfo: String = purchaseInfo) -> String {
        let encoded = Data(purchaseInfo.utf8).base64EncodedString()
        return """
            {
            \t"signature" = "AnTJSzQAjehWYmnqlofOYVqrXJ51UNZr9";
            \t"purchase-info" = "\(encoded)";
            \t"environment" = "Sandbox";
            \t"pod" = "100";
            \t"signing-status" = "0";
            }
            """
    }

    @Test func itsTransactionIDAndFieldsAreShownAndItIsNeverValid() throws {
        let decoded = try #require(LegacyTransactionReceipt(Array(Self.receipt().utf8)[...]))
        #expect(decoded.transactionID == "1000000000000002")
        #expect(decoded.purchaseInfo["product-id"] == "com.example.coins")
        #expect(decoded.purchaseInfo.count == 4)
        for input in [Array(Self.receipt().utf8), Array(Data(Self.receipt().utf8).base64EncodedString().utf8)] {
            do {
                _ = try ReceiptInput.classify(input)
                Issue.record("a transaction receipt was taken for an input to verify")
            } catch {
                #expect(error.reason == .notAppReceipt)
                #expect(error.message.contains("unverified, it claims transaction-id 1000000000000002 ("))
                #expect(error.message.contains(#"product-id "com.example.coins""#))
            }
        }
    }

    @Test func whatIsNotOneFlatListOfQuotedMembersIsNotDecoded() {
        let dictionary = { (text: String) in LegacyTransactionReceipt.dictionary(Array(text.utf8)[...]) }
        #expect(dictionary(#"{ "a" = "1"; "b" = "2"; }"#) == ["a": "1", "b": "2"])
        // A repeated key would make the transaction id shown one of two.
        #expect(dictionary(#"{ "transaction-id" = "1"; "transaction-id" = "2"; }"#) == nil)
        // Escapes are not read, so a quote inside a value never ends it early.
        #expect(dictionary(#"{ "a" = "1\"; "transaction-id" = "2"; }"#) == nil)
        #expect(dictionary(#"{ "a" = "1"; } trailing"#) == nil)
        #expect(dictionary(#"{ "a" = "1" }"#) == nil)
        let noPurchaseInfo = Self.receipt().replacingOccurrences(of: "purchase-info", with: "purchase-data")
        #expect(LegacyTransactionReceipt(Array(noPurchaseInfo.utf8)[...]) == nil)
    }
}
