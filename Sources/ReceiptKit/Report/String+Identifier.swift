extension String {
    /// Whether two identifiers are the same bytes, as the App Store compares them: `==` uses Unicode
    /// equivalence, where `com.\u{212A}ing` (Kelvin sign) equals `com.King`.
    public func isIdentical(to other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }

    /// The identifier for a mismatch message, scalars beyond ASCII as `\u{212A}` so lookalikes do not hide.
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
