import ReceiptKit

/// Writes the few DER types receipt payloads and their tests need: shortest lengths, minimal integers,
/// nested builders, elements in the order written.
package struct DERWriter: Sendable {
    /// Why a value cannot be written.
    package enum EncodingError: Error, Sendable, Equatable, CustomStringConvertible {
        /// IA5String holds 7-bit ASCII only.
        case notIA5(String)

        package var description: String {
            switch self {
            case .notIA5(let text): "'\(text)' is not 7-bit ASCII, so it cannot be an IA5String"
            }
        }
    }

    package private(set) var bytes: [UInt8] = []

    package init() {}

    /// Appends one element: `tag`, the length of `contents`, then `contents`.
    package mutating func writeElement(tag: UInt8, contents: some Collection<UInt8>) {
        bytes.append(tag)
        bytes.append(contentsOf: Self.length(contents.count))
        bytes.append(contentsOf: contents)
    }

    package mutating func writeInteger(_ value: Int64) {
        writeElement(tag: ASN1Tag.integer, contents: Self.integerContents(value))
    }

    package mutating func writeBoolean(_ value: Bool) {
        writeElement(tag: ASN1Tag.boolean, contents: [value ? 0xFF : 0x00])
    }

    package mutating func writeNull() {
        writeElement(tag: ASN1Tag.null, contents: EmptyCollection())
    }

    package mutating func writeUTF8String(_ text: String) {
        writeElement(tag: ASN1Tag.utf8String, contents: Array(text.utf8))
    }

    package mutating func writeIA5String(_ text: String) throws(EncodingError) {
        let octets = Array(text.utf8)
        guard octets.allSatisfy({ $0 < 0x80 }) else {
            throw .notIA5(text)
        }
        writeElement(tag: ASN1Tag.ia5String, contents: octets)
    }

    package mutating func writeOctetString(_ octets: some Collection<UInt8>) {
        writeElement(tag: ASN1Tag.octetString, contents: octets)
    }

    package mutating func writeSequence<E: Swift.Error>(_ body: (inout DERWriter) throws(E) -> Void) throws(E) {
        try writeConstructed(tag: ASN1Tag.sequence, body)
    }

    /// A SET in written order, unless `sortingElements` asks for DER SET OF order.
    package mutating func writeSet<E: Swift.Error>(
        sortingElements: Bool = false, _ body: (inout DERWriter) throws(E) -> Void
    ) throws(E) {
        var inner = DERWriter()
        try body(&inner)
        let contents = sortingElements ? Self.sortedElements(inner.bytes) : inner.bytes
        writeElement(tag: ASN1Tag.set, contents: contents)
    }

    /// Any constructed element: the body writes its contents.
    package mutating func writeConstructed<E: Swift.Error>(
        tag: UInt8, _ body: (inout DERWriter) throws(E) -> Void
    ) throws(E) {
        var inner = DERWriter()
        try body(&inner)
        writeElement(tag: tag, contents: inner.bytes)
    }

    /// The length octets for `count` contents octets: short form below 128, else minimal long form.
    package static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 {
            return [UInt8(count)]
        }
        var octets: [UInt8] = []
        var remaining = UInt(count)
        while remaining > 0 {
            octets.insert(UInt8(remaining & 0xFF), at: 0)
            remaining >>= 8
        }
        return [0x80 | UInt8(octets.count)] + octets
    }

    /// Two's complement, big-endian, minimal: 127 is `7F`, 128 is `00 80`, -1 is `FF`.
    package static func integerContents(_ value: Int64) -> [UInt8] {
        var octets = (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
        while octets.count > 1 {
            let first = octets[0]
            let nextHighBit = octets[1] & 0x80
            if (first == 0x00 && nextHighBit == 0) || (first == 0xFF && nextHighBit != 0) {
                octets.removeFirst()
            } else {
                break
            }
        }
        return octets
    }

    /// Splits DER written by this writer into its top-level elements and sorts them.
    private static func sortedElements(_ encoded: [UInt8]) -> [UInt8] {
        var reader = ASN1Reader(encoded)
        var elements: [ArraySlice<UInt8>] = []
        while !reader.isAtEnd {
            // Our own output always parses; if not, the written order is still a valid SET.
            guard let element = try? reader.next() else { return encoded }
            elements.append(encoded[element.encoded])
        }
        return elements.sorted { $0.lexicographicallyPrecedes($1) }.flatMap { $0 }
    }
}
