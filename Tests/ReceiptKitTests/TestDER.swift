/// A tiny DER writer for building receipt payloads inside tests.
enum TestDER {
    static func tlv(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
        [tag] + length(contents.count) + contents
    }

    static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var octets: [UInt8] = []
        var rest = count
        while rest > 0 {
            octets.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(octets.count)] + octets
    }

    /// A minimal two's-complement INTEGER; negative values are allowed so tests can feed them.
    static func integer(_ value: Int64) -> [UInt8] {
        var octets: [UInt8] = []
        var rest = value
        repeat {
            octets.insert(UInt8(truncatingIfNeeded: rest), at: 0)
            rest >>= 8
        } while !(rest == 0 && octets[0] & 0x80 == 0) && !(rest == -1 && octets[0] & 0x80 != 0)
        return tlv(0x02, octets)
    }

    static func utf8(_ text: String) -> [UInt8] { tlv(0x0C, Array(text.utf8)) }
    static func ia5(_ text: String) -> [UInt8] { tlv(0x16, Array(text.utf8)) }
    static func octets(_ bytes: [UInt8]) -> [UInt8] { tlv(0x04, bytes) }
    static func sequence(_ parts: [[UInt8]]) -> [UInt8] { tlv(0x30, parts.flatMap { $0 }) }
    static func set(_ parts: [[UInt8]]) -> [UInt8] { tlv(0x31, parts.flatMap { $0 }) }

    /// `SEQUENCE { type, version, OCTET STRING value }`, the shape of every receipt attribute.
    static func attribute(_ type: Int64, _ value: [UInt8], version: Int64 = 1) -> [UInt8] {
        sequence([integer(type), integer(version), octets(value)])
    }
}
