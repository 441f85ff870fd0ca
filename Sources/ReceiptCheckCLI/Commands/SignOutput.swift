import ReceiptKit

/// What `sign` prints: the signature, or with `--json` every value the app passes (schema/sign.schema.json).
struct SignOutput {
    let kind: SignOptionTable.Kind
    let signature: String
    /// The product the app buys (`SKMutablePayment.productIdentifier`, StoreKit 2's `Product.id`).
    var productIdentifier: String?
    /// The offer StoreKit applies (`SKPaymentDiscount.identifier`, StoreKit 2's `offerID`): the JWS carries
    /// it too, but the app passes it beside the JWS.
    var offerIdentifier: String?
    /// The `applicationUsername` the app sets on the payment (signed, so it must be this one) and the rest of
    /// `SKPaymentDiscount`'s values; the JWS kinds carry theirs inside the JWS.
    var applicationUsername: String?
    var keyIdentifier: String?
    var nonce: String?
    var timestamp: Int64?

    /// One line of JSON, keys sorted.
    func json() -> String {
        var members: [String: JSONValue] = ["kind": .string(kind.rawValue), "signature": .string(signature)]
        members["productIdentifier"] = productIdentifier.map(JSONValue.string)
        members["offerIdentifier"] = offerIdentifier.map(JSONValue.string)
        members["applicationUsername"] = applicationUsername.map(JSONValue.string)
        members["keyIdentifier"] = keyIdentifier.map(JSONValue.string)
        members["nonce"] = nonce.map(JSONValue.string)
        members["timestamp"] = timestamp.map(JSONValue.integer)
        // Strings and integers only, which JSON always holds.
        return JSONValue.object(members).json(pretty: false) ?? ""
    }
}
