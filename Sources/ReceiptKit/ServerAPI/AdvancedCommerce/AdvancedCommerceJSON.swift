/// A request body's JSON in the order Apple's models declare their members, so the same values make the
/// same bytes whatever order the caller's file had.
public indirect enum AdvancedCommerceJSON: Sendable, Equatable {
    /// A string.
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number (a price in milliunits).
    case integer(Int64)
    /// An array, in order.
    case array([AdvancedCommerceJSON])
    /// An object, its members in order; a member without a value is left out.
    case object([(String, AdvancedCommerceJSON?)])

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.bytes == rhs.bytes }

    /// The compact UTF-8 JSON.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .string(let text): JSONString.append(text, to: &out)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .integer(let number): out += Array(String(number).utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            var first = true
            for (name, value) in members {
                guard let value else { continue }
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                JSONString.append(name, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
