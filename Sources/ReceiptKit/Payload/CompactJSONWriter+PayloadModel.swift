#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A payload model written field by field from its list, as `JSONEncoder` (sorted keys, slashes
/// unescaped) writes the model's `Encodable` form.
extension CompactJSONWriter {
    mutating func object<Model: PayloadModel>(_ model: Model) throws(DeclinedError) {
        out.append(UInt8(ascii: "{"))
        for field in Model.fields {
            try write(field.key, field.value(model))
        }
        out.append(UInt8(ascii: "}"))
    }

    private mutating func write(_ name: StaticString, _ value: PayloadValue) throws(DeclinedError) {
        switch value {
        case .string(let text?):
            key(name)
            string(text)
        case .integer(let number?):
            key(name)
            integer(number)
        case .bool(let flag?):
            key(name)
            bool(flag)
        case .date(let date?):
            key(name)
            self.date(date)
        case .json(let json?):
            key(name)
            try self.json(json)
        case .strings(let texts?):
            key(name)
            out.append(UInt8(ascii: "["))
            for (index, text) in texts.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(text)
            }
            out.append(UInt8(ascii: "]"))
        case .members(let members?):
            key(name)
            try Self.append(members, to: &out, depth: 0)
        case .notificationData(let data?):
            key(name)
            try object(data)
        case .appData(let data?):
            key(name)
            try object(data)
        case .receiptDate(let date?):
            key(name)
            out.append(UInt8(ascii: "\""))
            guard RFC3339.append(date, to: &out) else { throw DeclinedError() }
            out.append(UInt8(ascii: "\""))
        case .hex(let bytes?):
            key(name)
            hex(bytes[...])
        case .purchases(let purchases):
            key(name)
            out.append(UInt8(ascii: "["))
            for (index, purchase) in purchases.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                try object(purchase)
                sealIfFull()
            }
            out.append(UInt8(ascii: "]"))
        case .undocumented(let attributes):
            key(name)
            undocumented(attributes)
        case .string(nil), .integer(nil), .bool(nil), .date(nil), .json(nil), .strings(nil), .members(nil),
            .notificationData(nil), .appData(nil), .receiptDate(nil), .hex(nil):
            break
        }
    }

    /// As `JWSDate.encode(to:)`: RFC 3339, or `"xcode_placeholder"` where no date can be written.
    private mutating func date(_ value: JWSDate) {
        out.append(UInt8(ascii: "\""))
        if let date = value.date, RFC3339.append(date, to: &out) {
        } else {
            raw("xcode_placeholder")
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `{"17":["hex",...],...}` with the types as strings, sorted as strings (as `JSONEncoder` sorts them).
    private mutating func undocumented(_ attributes: UndocumentedAttributes) {
        guard !attributes.isEmpty else {
            raw("{}")
            return
        }
        raw("{")
        var current: Int64?
        for entry in attributes.sorted(by: Self.decimalPrecedes) {
            if entry.type != current {
                if current != nil { raw("],") }
                current = entry.type
                out.append(UInt8(ascii: "\""))
                integer(entry.type)
                raw("\":[")
            } else {
                raw(",")
            }
            hex(attributes[entry])
        }
        raw("]}")
    }

    /// Whether `a` sorts before `b` as decimal strings (`"17" < "1709" < "2"`), as `JSONEncoder` sorts the
    /// type keys, without making the strings: the first digits both have decide, then the shorter goes
    /// first. `-` sorts before every digit.
    static func decimalPrecedes(_ a: Int64, _ b: Int64) -> Bool {
        if (a < 0) != (b < 0) { return a < 0 }
        let x = a.magnitude
        let y = b.magnitude
        let xDigits = digitCount(x)
        let yDigits = digitCount(y)
        if xDigits > yDigits {
            let prefix = x / power(of: xDigits - yDigits)
            return prefix < y
        }
        if yDigits > xDigits {
            let prefix = y / power(of: yDigits - xDigits)
            return x <= prefix
        }
        return x < y
    }

    private static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// 10 to the `exponent` (at most 19, which a UInt64 holds).
    private static func power(of exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// Bytes as a quoted lowercase hex string, written straight into the output.
    mutating func hex(_ bytes: ArraySlice<UInt8>) {
        out.append(UInt8(ascii: "\""))
        // Digits written into scratch space and appended at once: an append per digit checks the
        // buffer's uniqueness and capacity each time.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count * 2, 1)) { digits in
            var index = 0
            for byte in bytes {
                digits[index] = JSONString.hexDigit(byte >> 4)
                digits[index + 1] = JSONString.hexDigit(byte & 0x0F)
                index += 2
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[0..<index]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
