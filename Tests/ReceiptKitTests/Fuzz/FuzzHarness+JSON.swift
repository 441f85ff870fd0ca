import Foundation

@testable import ReceiptKit

/// `JSONParser` against Foundation's `JSONDecoder` (through `JSONValue`'s `Decodable`).
extension FuzzHarness {
    func json(_ bytes: [UInt8]) throws(FuzzFinding) {
        guard let ours = try? JSONParser.parse(bytes) else { return }
        // Foundation's decoder has no depth limit of its own: only texts within ours reach it.
        guard let theirs = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
            throw FuzzFinding("JSONParser accepts what JSONDecoder refuses: \(String(decoding: bytes, as: UTF8.self))")
        }
        guard Self.sameValue(ours, theirs) else {
            throw FuzzFinding("JSONParser and JSONDecoder read different values: \(ours) / \(theirs)")
        }
    }

    /// Whether `theirs` (read through a `Decoder`) is `ours` (read from the text). The one difference
    /// allowed (docs/security.md): a number whose fraction a `Double` cannot hold
    /// (`1.0000000000000000001`) is ours a number and theirs the integer of that same double, because
    /// a `Decoder` hands out the double and an integer, never the text. An integer of ours is always
    /// theirs too, exactly.
    static func sameValue(_ ours: JSONValue, _ theirs: JSONValue) -> Bool {
        var pending = [(ours, theirs)]
        while let (left, right) = pending.popLast() {
            switch (left, right) {
            case (.array(let x), .array(let y)):
                guard x.count == y.count else { return false }
                pending += zip(x, y).map { ($0, $1) }
            case (.object(let x), .object(let y)):
                guard x.count == y.count else { return false }
                for (key, value) in x {
                    guard let other = y[key] else { return false }
                    pending.append((value, other))
                }
            case (.number(let number), .integer(let integer)):
                guard Double(integer) == number else { return false }
            default:
                guard left == right else { return false }
            }
        }
        return true
    }
}
