/// What an iOS 6 transaction receipt claims, decoded and never verified (nothing can verify its retired
/// format): like Apple's `ReceiptUtility`, it yields only a transaction id to ask the Server API about.
public struct LegacyTransactionReceipt: Sendable, Equatable {
    /// The `purchase-info` fields (`transaction-id`, `product-id`, `bid`, `purchase-date`...), as written.
    public let purchaseInfo: [String: String]

    /// `transaction-id` of `purchase-info`, as Apple's `ReceiptUtility` extracts it.
    public var transactionID: String? { purchaseInfo["transaction-id"] }

    /// Decodes the property list text of a transaction receipt; nil when it is not one.
    public init?(_ text: ArraySlice<UInt8>) {
        guard let outer = Self.dictionary(text), let encoded = outer["purchase-info"], outer["signature"] != nil,
            let decoded = Base64.decode(Array(encoded.utf8)[...]),
            let inner = Self.dictionary(ReceiptInput.trimmed(decoded[...]))
        else { return nil }
        purchaseInfo = inner
    }

    /// The one-line summary an error message carries: the transaction id, then every field by name.
    var summary: String {
        let fields = purchaseInfo.keys.sorted().compactMap { key in purchaseInfo[key].map { "\(key) \"\($0)\"" } }
        return "transaction-id \(transactionID ?? "(none)") (" + fields.joined(separator: ", ") + ")"
    }

    /// `{ "key" = "value"; ... }` with quoted keys and values only; nil for an escape or a repeated key.
    static func dictionary(_ text: ArraySlice<UInt8>) -> [String: String]? {
        var index = text.startIndex
        func skipSpace() {
            while index < text.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 }
        }
        func expect(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < text.endIndex, text[index] == byte else { return false }
            index += 1
            return true
        }
        func quoted() -> String? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < text.endIndex, text[index] != UInt8(ascii: "\"") {
                guard text[index] != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            guard index < text.endIndex else { return nil }
            defer { index += 1 }
            return String(validating: text[start..<index], as: UTF8.self)
        }
        guard expect(UInt8(ascii: "{")) else { return nil }
        var members: [String: String] = [:]
        while !expect(UInt8(ascii: "}")) {
            guard let key = quoted(), expect(UInt8(ascii: "=")), let value = quoted(), expect(UInt8(ascii: ";")),
                members.updateValue(value, forKey: key) == nil
            else { return nil }
        }
        skipSpace()
        return index == text.endIndex ? members : nil
    }
}
