/// The names of the fields Apple signs, which an app's facts may not take: `bundle_id` would read as the
/// signed value. Compared without case and underscores; a test checks every key the tool prints is here.
enum SignedFieldNames {
    /// Keys of Apple's verifyReceipt answer that are no field of the receipt models.
    static let verifyReceiptOnly: [String] =
        VerifyReceiptBody.receiptKeysOfNoField + [
            "cancellation_reason", "is_upgraded", "subscription_group_identifier",
        ]

    /// Snake-case keys of the receipt report (and of Apple's verifyReceipt answer).
    static var receipt: [String] {
        ParsedReceipt.fields.map(\.name) + InAppPurchase.fields.map(\.name) + verifyReceiptOnly
    }

    /// Apple's member names in JWS headers and payloads.
    static var storeKit: [String] {
        JWSTransaction.fields.map(\.name) + AppTransaction.fields.map(\.name) + JWSRenewalInfo.fields.map(\.name)
            + RealtimeRequest.fields.map(\.name) + NotificationPayload.fields.map(\.name)
            + NotificationPayload.NotificationData.fields.map(\.name) + NotificationPayload.AppData.fields.map(\.name)
            + JWSHeader.fields.map(\.name)
    }

    private static let normalized: Set<String> = Set((receipt + storeKit).map(normalize))

    static func contains(_ name: String) -> Bool {
        normalized.contains(normalize(name))
    }

    static func normalize(_ name: String) -> String { String(name.lowercased().unicodeScalars.filter { $0 != "_" }) }
}
