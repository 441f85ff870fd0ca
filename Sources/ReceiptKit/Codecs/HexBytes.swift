/// Lowercase hexadecimal, the way receipt-check prints and reads bytes.
enum HexBytes {
    /// Bytes from an even number of hex digits (either case); nil for anything else.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = digits.startIndex
        while index < digits.endIndex {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// `bytes` as a string, by the one hex writer (`ByteAppend.appendHex`).
    static func encode(_ bytes: some Collection<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        ByteAppend.appendHex(bytes, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x41...0x46: digit - 0x41 + 10
        case 0x61...0x66: digit - 0x61 + 10
        default: nil
        }
    }
}

extension Collection<UInt8> {
    /// Lowercase hex, as every report writes bytes: public, so that a program shows them as the reports do.
    public var hexString: String { HexBytes.encode(self) }
}
