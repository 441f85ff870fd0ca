import ReceiptStore

/// What names a customer in the store: an original transaction id (digits) or an app account token (a
/// UUID), so 1 to 128 bytes of letters, digits, `-`, `_` and `.`; anything else is refused before a lookup.
enum CustomerID {
    static func isValid(_ id: String) -> Bool { StoreIdentifier.isValid(id, maximumBytes: 128) }
}
