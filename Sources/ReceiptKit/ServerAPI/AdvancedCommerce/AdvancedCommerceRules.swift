/// Apple's rules for Advanced Commerce values, from its models (`HelperValidationUtils`) and documentation;
/// lengths count Unicode scalars, as Python's `len` does.
enum AdvancedCommerceRules {
    static let maximumSKULength = 128
    static let maximumDescriptionLength = 45
    static let maximumDisplayNameLength = 30

    /// The reasons Apple documents for a refund request (`refundReason`).
    static let refundReasons = [
        "UNINTENDED_PURCHASE", "FULFILLMENT_ISSUE", "UNSATISFIED_WITH_PURCHASE", "LEGAL", "OTHER",
        "MODIFY_ITEMS_REFUND", "SIMULATE_REFUND_DECLINE",
    ]
    /// The kinds of refund Apple documents (`refundType`).
    static let refundTypes = ["FULL", "PRORATED", "CUSTOM"]
    /// When a change takes effect (`effective`).
    static let effectives = ["IMMEDIATELY", "NEXT_BILL_CYCLE"]

    static func sku(_ value: String, _ name: String) throws(AppStoreServerAPIError) -> String {
        try text(value, name, maximum: maximumSKULength)
    }

    static func description(_ value: String, _ name: String) throws(AppStoreServerAPIError) -> String {
        try text(value, name, maximum: maximumDescriptionLength)
    }

    static func displayName(_ value: String, _ name: String) throws(AppStoreServerAPIError) -> String {
        try text(value, name, maximum: maximumDisplayNameLength)
    }

    /// A value with no bound but that it says something.
    static func required(_ value: String, _ name: String) throws(AppStoreServerAPIError) -> String {
        try text(value, name)
    }

    /// A value Apple requires to say something: not empty, at most `maximum` characters when it has a bound.
    static func text(_ value: String, _ name: String, maximum: Int = .max) throws(AppStoreServerAPIError) -> String {
        guard !value.isEmpty else { throw AdvancedCommerceFields.refused("\(name) is empty") }
        let count = value.unicodeScalars.count
        guard count <= maximum else {
            throw AdvancedCommerceFields.refused("\(name) has \(count) characters; Apple takes at most \(maximum)")
        }
        return value
    }

    /// An ISO 3166-1 alpha-3 storefront (`USA`).
    static func storefront(_ value: String, _ name: String) throws(AppStoreServerAPIError) -> String {
        try alpha3(value, name, "an ISO 3166-1 alpha-3 storefront code (USA)")
    }

    /// An ISO 4217 alpha-3 currency (`USD`).
    static func currency(_ value: String, _ name: String) throws(AppStoreServerAPIError) -> String {
        try alpha3(value, name, "an ISO 4217 currency code (USD)")
    }

    private static func alpha3(_ value: String, _ name: String, _ what: String) throws(AppStoreServerAPIError) -> String
    {
        let letters = Array(value.utf8)
        guard letters.count == 3, letters.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            throw AdvancedCommerceFields.refused("\(name) \(value.shownAsIdentifier) is not \(what)")
        }
        return value
    }

    /// A UUID as Apple's libraries send one: lowercase, hyphenated.
    static func uuid(_ value: String, _ name: String) throws(AppStoreServerAPIError) -> String {
        let bytes = Array(value.utf8)
        let hyphens: Set<Int> = [8, 13, 18, 23]
        let isUUID =
            bytes.count == 36
            && bytes.enumerated().allSatisfy { index, byte in
                hyphens.contains(index)
                    ? byte == UInt8(ascii: "-")
                    : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            }
        guard isUUID else {
            throw AdvancedCommerceFields.refused("\(name) \(value.shownAsIdentifier) is not a lowercase UUID")
        }
        return value
    }

    /// An amount in milliunits of the currency: never below zero.
    static func amount(_ value: Int64, _ name: String) throws(AppStoreServerAPIError) -> Int64 {
        guard value >= 0 else { throw AdvancedCommerceFields.refused("\(name) is \(value), below zero") }
        return value
    }

    /// One of the values Apple documents for `name`.
    static func oneOf(_ value: String, _ values: [String], _ name: String) throws(AppStoreServerAPIError) -> String {
        guard values.contains(value) else {
            throw AdvancedCommerceFields.refused(
                "\(name) \(value.shownAsIdentifier) is not one of " + values.joined(separator: ", "))
        }
        return value
    }

    /// `items` written in order, refusals named by place (`name[index].`); refused when empty.
    static func itemList(_ items: [some AdvancedCommerceItem], _ name: String) throws(AppStoreServerAPIError)
        -> AdvancedCommerceJSON
    {
        guard !items.isEmpty else {
            throw AdvancedCommerceFields.refused("\(name) is empty; Apple needs one item at least")
        }
        var written: [AdvancedCommerceJSON] = []
        for (index, item) in items.enumerated() {
            written.append(try item.json(at: "\(name)[\(index)]."))
        }
        return .array(written)
    }
}
