/// The text of an id the store is keyed or asked by: 1 to `maximumBytes` bytes of letters, digits, `-`, `_`
/// and `.` (a transaction id is digits, an app account token a UUID); anything else reaches no key or query.
public enum StoreIdentifier {
    public static func isValid(_ id: String, maximumBytes: Int) -> Bool {
        (1...max(1, maximumBytes)).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }
}
