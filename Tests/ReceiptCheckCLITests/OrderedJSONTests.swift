import Foundation
import Testing

@testable import ReceiptKit

/// The writer of verifyreceipt bodies: member order kept, strings escaped so any JSON parser reads them back.
@Suite struct OrderedJSONTests {
    @Test func keepsOrderAndEscapesWhatJSONRequires() throws {
        let tricky = "quote \" backslash \\ newline \n tab \t cr \r bell \u{07} slash / accent é"
        let value = OrderedJSON.object([
            ("z", .integer(-1)), ("a", .string(tricky)),
            ("m", .array([.object([OrderedJSON.Member]()), .array([]), .integer(0)])),
        ])
        let text = value.text
        #expect(
            text
                == #"{"z":-1,"a":"quote \" backslash \\ newline \n tab \t cr \r bell \u0007 slash / accent é","m":[{},[],0]}"#
        )
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(parsed["a"] as? String == tricky)
    }
}
