import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SignCommand {
    /// The Retention Messaging realtime response body of `kind`, one JSON line; offer kinds sign with `keyPath`.
    static func realtimeResponse(
        _ kind: SignOptionTable.Kind, _ values: SignOptionTable.Values, keyPath: String?
    ) throws -> String {
        typealias Table = SignOptionTable
        let messageID = values[Table.messageID] ?? ""
        let productID = values[Table.productID] ?? ""
        let offerID = values[Table.offerID] ?? ""
        let choice: RealtimeResponseBody.Choice
        switch kind {
        case .realtimeMessage:
            choice = .message(messageIdentifier: messageID)
        case .realtimeAlternateProduct:
            choice = .alternateProduct(
                messageIdentifier: messageID, productID: productID,
                billingPlanType: try values.value(Table.billingPlanType))
        case .realtimePromotionalOffer:
            // The message identifier is checked before the key is read: a mistyped one is a usage error first.
            _ = try RealtimeResponseBody(.message(messageIdentifier: messageID))
            let creator = try PromotionalOfferSignatureCreator(
                key: try signingKey(keyPath), keyID: values[Table.keyID] ?? "", bundleID: values[Table.bundleID] ?? "")
            let timestamp = try values.value(Table.timestamp)
            let signature = try RetentionOfferSignature.signedV1(
                by: creator, productID: productID, offerID: offerID, appAccountToken: values[Table.appAccountToken],
                nonce: values[Table.nonce],
                timestamp: try timestamp.map { try OfferTimestamp.checked($0, flag: Table.timestamp.flag) }
                    ?? Int64(Date().timeIntervalSince1970 * 1000))
            choice = .promotionalOffer(messageIdentifier: messageID, signature: signature)
        case .realtimePromotionalOfferV2:
            _ = try RealtimeResponseBody(.message(messageIdentifier: messageID))
            let creator = try PromotionalOfferV2SignatureCreator(
                key: try signingKey(keyPath), keyID: values[Table.keyID] ?? "", issuerID: values[Table.issuerID] ?? "",
                bundleID: values[Table.bundleID] ?? "")
            let signature = try RetentionOfferSignature.signedV2(
                by: creator, productID: productID, offerID: offerID, transactionID: values[Table.transactionID])
            choice = .promotionalOffer(messageIdentifier: messageID, signature: signature)
        case .promotionalOffer, .promotionalOfferV2, .introductoryOfferEligibility, .advancedCommerceInApp:
            throw UsageError("sign \(kind.rawValue) makes no realtime response")
        }
        return try RealtimeResponseBody(choice).json()
    }
}
