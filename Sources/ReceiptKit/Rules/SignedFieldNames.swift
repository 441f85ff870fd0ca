/// The names of the fields Apple signs in receipts and StoreKit 2 payloads, which an app's facts may not
/// take: a fact named `bundle_id` or `expiresDate` would read, to a person, as the signed value.
///
/// Names are compared without case and underscores, so `bundle_id`, `bundleId` and `bundleid` are one
/// name. They are the models' field keys, Apple's verifyReceipt keys that are no field of the receipt
/// models, and the JWS header's members. A test checks that every key the tool prints for the corpus
/// is here.
enum SignedFieldNames {
    /// Keys of Apple's verifyReceipt answer that the receipt models do not have as fields: those the
    /// body this tool writes has too (declared in `VerifyReceiptLayout.swift`), and what only Apple's
    /// server knows.
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

    static func normalize(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "_" })
    }
}
