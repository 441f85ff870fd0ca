import ReceiptKit

/// An API answer Apple does not sign, as each format shows it: operation, HTTP status, members as they came.
struct UnsignedAnswer {
    let operation: AppStoreServerAPIOperation
    let status: Int
    /// Nil for an answer with no body.
    let members: [String: JSONValue]?

    /// Each member by name, its value as compact JSON.
    var rows: [(name: String, value: String)] {
        (members ?? [:]).sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value.json(pretty: false) ?? "?") }
    }
}
