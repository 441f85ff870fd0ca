/// A URL an option names, with one of the schemes the option allows and a host: what the command sends to
/// it or writes into a certificate is this text, as given.
struct WebAddress: Sendable, Equatable {
    let text: String

    /// `text` when it is `SCHEME://HOST…` with one of `schemes` (any case) and no space or control character.
    init?(_ text: String, schemes: [String]) {
        // The scheme is compared over as many bytes as it has, so that no other character lowered to a
        // letter of it (the Kelvin sign to k) can stand in for one.
        guard
            let scheme = schemes.first(where: { scheme in
                String(decoding: text.utf8.prefix(scheme.utf8.count + 3), as: UTF8.self).lowercased() == scheme + "://"
            }),
            !text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F })
        else { return nil }
        let rest = text.utf8.dropFirst(scheme.utf8.count + 3)
        let host = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard !host.isEmpty, host.first != UInt8(ascii: ":") else { return nil }
        self.text = text
    }
}

extension OptionKey where Value == WebAddress {
    /// A URL with one of `schemes`: `--base-url takes a URL starting https:// and a host, not 'http://x'`.
    /// An option that sends secrets to the URL allows https alone.
    static func url(_ name: String, schemes: [String], help: String) -> Self {
        let named = schemes.map { $0 + "://" }.joined(separator: " or ")
        return parsed(name, "URL", takes: "a URL starting \(named) and a host", help: help) {
            WebAddress($0, schemes: schemes)
        }
    }
}
