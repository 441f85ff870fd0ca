import ReceiptKit

/// What `sign` prints: the signature, and with `--json` every value the app passes to StoreKit
/// (schema/sign.schema.json).
struct SignOutput {
    let kind: SignOptionTable.Kind
    let signature: String
    /// The original offer's `SKPaymentDiscount` values besides the offer and the signature; the JWS
    /// kinds carry theirs inside the JWS.
    var keyIdentifier: String?
    var nonce: String?
    var timestamp: Int64?

    /// One line of JSON, keys sorted.
    func json() -> String {
        var members: [String: JSONValue] = ["kind": .string(kind.rawValue), "signature": .string(signature)]
        members["keyIdentifier"] = keyIdentifier.map(JSONValue.string)
        members["nonce"] = nonce.map(JSONValue.string)
        members["timestamp"] = timestamp.map(JSONValue.integer)
        // Strings and integers only, which JSON always holds.
        return JSONValue.object(members).json(pretty: false) ?? ""
    }
}
