#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes a verifyReceipt body's JSON as its layouts declare (`VerifyReceiptLayout`), in Apple's order and
/// forms: purchases' numbers as strings, flags as `"true"` or `"false"`, a date as three members.
struct VerifyReceiptBody {
    private(set) var writer = CompactJSONWriter()

    /// The text written so far.
    var text: String { String(decoding: writer.out, as: UTF8.self) }

    /// `{`, to open the body or an object in it.
    mutating func open() {
        writer.out.append(UInt8(ascii: "{"))
    }

    mutating func close() {
        writer.out.append(UInt8(ascii: "}"))
    }

    mutating func member(_ key: StaticString, _ value: Int64) {
        writer.key(key)
        writer.integer(value)
    }

    mutating func member(_ key: StaticString, _ value: String) {
        writer.key(key)
        writer.string(value)
    }

    /// `"receipt":{...}` with the receipt's members in Apple's order; `requestDate` is the time of the answer.
    mutating func receipt(_ receipt: ParsedReceipt, requestDate: Date) {
        writer.key("receipt")
        open()
        for entry in Self.receiptLayout.entries {
            switch entry {
            case .field(let index, let member):
                field(
                    ParsedReceipt.fields[index].value(receipt), member, of: receipt, numbersAsText: false,
                    inLatestInfo: false)
            case .extra(let extra):
                date(extra.key, requestDate)
            }
        }
        close()
    }

    /// `"key":[...]` of the purchases; in `latest_receipt_info` Apple writes some members the receipt lacks.
    mutating func purchases(_ key: StaticString, _ purchases: some Collection<InAppPurchase>, inLatestInfo: Bool) {
        writer.key(key)
        writer.out.append(UInt8(ascii: "["))
        for purchase in purchases {
            writer.separator()
            open()
            for entry in Self.purchaseLayout.entries {
                guard case .field(let index, let member) = entry else { continue }
                field(
                    InAppPurchase.fields[index].value(purchase), member, of: purchase, numbersAsText: true,
                    inLatestInfo: inLatestInfo)
            }
            close()
        }
        writer.out.append(UInt8(ascii: "]"))
    }

    /// The field's member (and the one it repeats first), as `declared` says, or nothing.
    private mutating func field<Model>(
        _ value: FieldValue, _ declared: VerifyReceiptMember<Model>, of model: Model, numbersAsText: Bool,
        inLatestInfo: Bool
    ) {
        for key in declared.keys {
            switch value {
            case .string(let value?):
                if case .nonZero = declared.presence, value.isEmpty { return }
                member(key, value)
            case .integer(let value?):
                if case .nonZero = declared.presence, value == 0 { return }
                writer.key(key)
                numbersAsText ? integerText(value) : writer.integer(value)
            case .bool(let value):
                var shown = value
                switch declared.presence {
                case .always: shown = value ?? false
                case .presentOrFalseInLatestInfo(let holds) where inLatestInfo && holds(model): shown = value ?? false
                default: break
                }
                guard let shown else { return }
                writer.key(key)
                writer.raw(shown ? "\"true\"" : "\"false\"")
            case .receiptDate(let value?):
                date(key, value)
            case .purchases(let purchases):
                self.purchases(key, purchases, inLatestInfo: false)
            default:
                return
            }
        }
    }

    /// `key`, `key_ms` and `key_pst`, or nothing for a date outside the years 0000 to 9999.
    private mutating func date(_ key: StaticString, _ date: Date) {
        guard let date = VerifyReceiptDate(date) else { return }
        writer.key(key)
        date.appendGMT(to: &writer.out)
        suffixedKey(key, "_ms")
        integerText(date.utc)
        suffixedKey(key, "_pst")
        date.appendPacific(to: &writer.out)
    }

    /// An integer as a string, as purchases and `_ms` members write numbers.
    private mutating func integerText(_ value: Int64) {
        writer.out.append(UInt8(ascii: "\""))
        writer.integer(value)
        writer.out.append(UInt8(ascii: "\""))
    }

    private mutating func suffixedKey(_ key: StaticString, _ suffix: StaticString) {
        writer.separator()
        writer.out.append(UInt8(ascii: "\""))
        writer.raw(key)
        writer.raw(suffix)
        writer.raw("\":")
    }
}
