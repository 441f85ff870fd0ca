import Foundation
import Testing

@testable import ReceiptKit

/// An integer field reads only a number written as an integer: a fraction a double cannot hold must not
/// become an integer that is in neither the text nor its value (the json fuzz target's finding,
/// `9007199254740993.5`, kept as Tools/Fuzz/Corpus/json/finding-fraction-beyond-2-53).
@Suite struct JSONIntegerFieldTests {
    static func parsed(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test(arguments: [
        "9007199254740993.5", "9007199254740993.0", "4503599627370496.5", "1.0000000000000000001", "1.0", "1e2",
        "100e-2", "-0.0", "1e-400", "9223372036854775808",
    ])
    func aNumberWithAFractionOrExponentIsNoInteger(_ text: String) throws {
        #expect(throws: JSONTypeError.self) { try Int64(json: try Self.parsed(text)) }
    }

    @Test(arguments: [
        ("9007199254740993", Int64(9_007_199_254_740_993)), ("-9223372036854775808", .min), ("0", 0), ("-0", 0),
    ])
    func aNumberWrittenAsAnIntegerIsRead(_ text: String, _ value: Int64) throws {
        #expect(try Int64(json: try Self.parsed(text)) == value)
    }

    /// The finding: the parser's number and `JSONValue` decoded by `JSONDecoder`, which hands out the Int64
    /// 9007199254740993 for `9007199254740993.5`, are one value, and neither is an integer.
    @Test func theDecoderKeepsAFractionItsIntegerDrops() throws {
        let text = "9007199254740993.5"
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(decoded == .number(9_007_199_254_740_994))
        #expect(try Self.parsed(text) == decoded)
        let integer = try JSONDecoder().decode(JSONValue.self, from: Data("9007199254740993".utf8))
        #expect(integer == .integer(9_007_199_254_740_993))
    }

    /// A transaction's integer member given with a fraction is refused, not rounded into the report.
    @Test func aPayloadIntegerWithAFractionIsRefused() throws {
        let payload = Array(#"{"transactionId":"1","quantity":9007199254740993.5}"#.utf8)
        #expect(throws: (any Error).self) { try JWSPayload.decode(payload, expecting: .transaction) }
        _ = try JWSPayload.decode(Array(#"{"transactionId":"1","quantity":2}"#.utf8), expecting: .transaction)
    }
}
