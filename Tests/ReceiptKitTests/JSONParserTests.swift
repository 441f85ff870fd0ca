import Foundation
import Testing

@testable import ReceiptKit

/// The one JSON parser every body, JWS header and payload goes through: exact values, duplicate members
/// refused wherever they are, and limits that keep a hostile text from costing more than its size.
@Suite struct JSONParserTests {
    static func parse(_ text: String, limits: JSONParser.Limits = .standard) throws(JSONParser.ParseError) -> JSONValue
    {
        try JSONParser.parse(Array(text.utf8), limits: limits)
    }

    @Test func valuesAreReadExactly() throws {
        let value = try Self.parse(
            #" {"a":[1,-2,3.5,1e2,true,false,null],"b":"x\u00e9\ud83d\ude00\n\"","c":{},"d":[],"big":12345678901234567890} "#
        )
        let expected: JSONValue = .object([
            "a": .array([.integer(1), .integer(-2), .number(3.5), .number(100), .bool(true), .bool(false), .null]),
            "b": .string("x\u{e9}\u{1F600}\n\""), "c": .object([:]), "d": .array([]),
            "big": .number(12_345_678_901_234_567_168),  // the nearest Double to the text's 12345678901234567890
        ])
        #expect(value == expected)
    }

    /// Every one of these is refused, with the offset where it went wrong.
    @Test(arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "[1 2]", "01", "1.", "-", ".5", "1e", "\"abc", "\"\u{01}\"",
        "\"\\x\"", "\"\\ud800\"", "\"\\udc00x\"", "tru", "nul", "[1]]", "{} {}", "1e999", "{\"a\":1}x", "[\"\\u12\"]",
    ])
    func malformedTextIsRefused(_ text: String) {
        #expect(throws: JSONParser.ParseError.self) { try Self.parse(text) }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: JSONParser.ParseError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    /// Two spellings of one name are one name, as the receiving program would read it: escapes are resolved
    /// before names are compared, and names Swift merges under canonical equivalence are refused too.
    @Test(arguments: [
        (#"{"signedPayload":"A","signedPayload":"B"}"#, "signedPayload", 21),
        (#"{"a":1,"\u0061":2}"#, "a", 7),
        (#"{"x":{"k":[{"n":1,"n":2}]}}"#, "n", 18),
        ("{\"e\u{301}\":1,\"\u{e9}\":2}", "\u{e9}", 9),
    ])
    func duplicateMembersAreRefused(_ text: String, _ name: String, _ offset: Int) {
        do {
            _ = try Self.parse(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.kind == .duplicateMember(name) || error.kind == .duplicateMember("e\u{301}"))
            #expect(error.offset == offset, "\(error)")
        }
    }

    @Test func nestingIsCapped() throws {
        let limits = JSONParser.Limits(maximumDepth: 4, maximumValues: 100)
        #expect(try Self.parse("[[[[1]]]]", limits: limits) == .array([.array([.array([.array([.integer(1)])])])]))
        do {
            _ = try Self.parse("[[[[[1]]]]]", limits: limits)
            Issue.record("five levels were accepted")
        } catch {
            #expect(error.kind == .tooDeep && error.offset == 4)
        }
    }

    /// The payload that cost over a second in Foundation's decoder (21,000 zeros nested 30 deep) is refused
    /// at the value cap, having looked at a fraction of its bytes.
    @Test func valueCountIsCapped() throws {
        let hostile =
            String(repeating: "[", count: 30) + Array(repeating: "0", count: 21_000).joined(separator: ",")
            + String(repeating: "]", count: 30)
        do {
            _ = try Self.parse(hostile)
            Issue.record("21,000 values were accepted")
        } catch {
            #expect(error.kind == .tooManyValues)
            #expect(error.offset < 10_000, "\(error)")
        }
        let limits = JSONParser.Limits(maximumDepth: 32, maximumValues: 3)
        #expect(try Self.parse("[1,2]", limits: limits) == .array([.integer(1), .integer(2)]))
        #expect(throws: JSONParser.ParseError.self) { try Self.parse("[1,2,3]", limits: limits) }
    }

    /// Deep input is read by a loop: a million open brackets fail at the depth cap, not by exhausting the stack.
    @Test func deepInputDoesNotRecurse() {
        let text = Array(repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(throws: JSONParser.ParseError.self) { try JSONParser.parse(text) }
    }

    /// Every proper prefix of a valid text is refused cleanly.
    @Test func everyPrefixFails() throws {
        let text = Array(#"{"a":[1,{"b":"c\u00e9"},true],"d":-1.5e3}"#.utf8)
        _ = try JSONParser.parse(text)
        for end in 0..<text.count {
            #expect(throws: JSONParser.ParseError.self) { try JSONParser.parse(text[..<end]) }
        }
    }
}
