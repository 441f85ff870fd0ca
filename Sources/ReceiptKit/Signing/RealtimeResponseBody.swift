/// The answer to the App Store's realtime Retention Messaging request: one retention message, checked when
/// made so that it can be sent as it is.
public struct RealtimeResponseBody: Sendable, Equatable {
    /// The retention message the customer sees; Apple's members are mutually exclusive.
    public enum Choice: Sendable, Equatable {
        /// `message`: a text message, with or without an image, set up in advance.
        case message(messageIdentifier: String)
        /// `alternateProduct`: another subscription of the group, with a billing plan for a commitment (1.5).
        case alternateProduct(messageIdentifier: String, productID: String, billingPlanType: BillingPlanType? = nil)
        /// `promotionalOffer`: a message with a promotional offer and its signature.
        case promotionalOffer(messageIdentifier: String, signature: RetentionOfferSignature)
    }

    /// Longest product id taken, in UTF-8 bytes, so that a mistaken value (a file's contents) stays out.
    public static let productIDLimit = 255

    /// The message chosen, its identifiers lowercase as Apple's libraries write UUIDs.
    public let choice: Choice

    /// Throws when the message identifier is no UUID or a product id is empty or over ``productIDLimit``.
    public init(_ choice: Choice) throws(SigningError) {
        switch choice {
        case .message(let messageIdentifier):
            self.choice = .message(messageIdentifier: try Self.messageIdentifier(messageIdentifier))
        case .alternateProduct(let messageIdentifier, let productID, let plan):
            self.choice = .alternateProduct(
                messageIdentifier: try Self.messageIdentifier(messageIdentifier),
                productID: try Self.productID(productID), billingPlanType: plan)
        case .promotionalOffer(let messageIdentifier, let signature):
            self.choice = .promotionalOffer(
                messageIdentifier: try Self.messageIdentifier(messageIdentifier), signature: signature)
        }
    }

    /// The body as Apple's `RealtimeResponseBody` JSON.
    public var jsonValue: JSONValue {
        switch choice {
        case .message(let messageIdentifier):
            return .object(["message": .object(["messageIdentifier": .string(messageIdentifier)])])
        case .alternateProduct(let messageIdentifier, let productID, let plan):
            var product: [String: JSONValue] = [
                "messageIdentifier": .string(messageIdentifier), "productId": .string(productID),
            ]
            product["billingPlanType"] = plan.map { .string($0.rawValue) }
            return .object(["alternateProduct": .object(product)])
        case .promotionalOffer(let messageIdentifier, let signature):
            var offer = signature.members
            offer["messageIdentifier"] = .string(messageIdentifier)
            return .object(["promotionalOffer": .object(offer)])
        }
    }

    /// The body as one line of JSON, keys sorted.
    public func json() -> String {
        // Strings and integers only, nested two levels: always JSON.
        jsonValue.json(pretty: false) ?? ""
    }

    /// `value` lowercase, refused unless it is a UUID: Apple identifies each retention message by one.
    static func messageIdentifier(_ value: String) throws(SigningError) -> String {
        try SigningValues.uuid(value, "message identifier").lowercased()
    }

    /// `value`, refused when empty or longer than ``productIDLimit`` bytes.
    static func productID(_ value: String) throws(SigningError) -> String {
        let value = try SigningValues.required(value, "product id")
        guard value.utf8.count <= productIDLimit else {
            let count = value.utf8.count
            throw SigningError(
                .invalidValue, "the product id is \(count) bytes, longer than the \(productIDLimit) a response takes")
        }
        return value
    }
}
