extension String {
    /// Whether two identifiers (bundle ids, product ids, environment names) are the same bytes.
    ///
    /// Swift's `==` compares under Unicode canonical equivalence, where `com.\u{212A}ing` (Kelvin sign)
    /// equals `com.King` and NFC equals NFD: an app of another bundle id would pass a bundle id check. The
    /// App Store compares identifiers as bytes, and so does every check here.
    public func isIdentical(to other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }

    /// The identifier for a message about a mismatch: each scalar beyond ASCII as `\u{212A}`, so that
    /// `com.\u{212A}ing` (Kelvin sign) does not read as the `com.King` it failed to be.
    var shownAsIdentifier: String {
        var shown = ""
        for scalar in unicodeScalars {
            if scalar.isASCII {
                shown.unicodeScalars.append(scalar)
            } else {
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return shown
    }

    /// `isIdentical(to:)` for an optional value: absent is never identical.
    static func identical(_ value: String?, _ other: String) -> Bool {
        value.map { $0.isIdentical(to: other) } ?? false
    }
}
