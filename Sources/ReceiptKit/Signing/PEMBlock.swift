/// The first whole PEM block of a text, its body decoded; a body with RFC 1421 headers is no block.
struct PEMBlock {
    let label: String
    let der: [UInt8]

    private static let begin = Array("-----BEGIN ".utf8)
    private static let end = Array("-----END ".utf8)
    private static let dashes = Array("-----".utf8)

    init?(_ text: [UInt8]) {
        let lines = text.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }).map(Self.trimmed)
        guard let first = lines.firstIndex(where: { $0.starts(with: Self.begin) }),
            let label = Self.label(lines[first], after: Self.begin),
            let last = lines[(first + 1)...].firstIndex(where: { $0.starts(with: Self.end) }),
            Self.label(lines[last], after: Self.end) == label
        else { return nil }
        guard let der = Base64.decode(Array(lines[(first + 1)..<last].joined())[...]), !der.isEmpty else {
            return nil
        }
        self.label = label
        self.der = der
    }

    /// The label of `-----BEGIN LABEL-----`, nil when the line is not shaped so.
    private static func label(_ line: ArraySlice<UInt8>, after prefix: [UInt8]) -> String? {
        let rest = line.dropFirst(prefix.count)
        guard rest.count >= dashes.count, rest.suffix(dashes.count).elementsEqual(dashes) else { return nil }
        return String(decoding: rest.dropLast(dashes.count), as: UTF8.self)
    }

    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var line = line
        while let last = line.last, last == 0x20 || last == 0x09 { line = line.dropLast() }
        while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
        return line
    }
}
