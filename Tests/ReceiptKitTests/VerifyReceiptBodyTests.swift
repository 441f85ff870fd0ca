import Foundation
import Testing

@testable import ReceiptKit

/// The verifyReceipt body as the field declarations lay it out: Apple's order, and each member's rule for
/// when it is written.
@Suite struct VerifyReceiptBodyTests {
    /// Every member a layout declares is in it: each declared key is a field of its model, each field once.
    @Test func everyDeclaredMemberIsAFieldOnce() {
        func fields<Model>(_ layout: VerifyReceiptLayout<Model>) -> [Int] {
            layout.entries.compactMap { entry in
                guard case .field(let index, _) = entry else { return nil }
                return index
            }
        }
        #expect(VerifyReceiptBody.receiptLayout.entries.count == 12)
        #expect(fields(VerifyReceiptBody.receiptLayout).count == 11)
        #expect(Set(fields(VerifyReceiptBody.receiptLayout)).count == 11)
        #expect(fields(VerifyReceiptBody.purchaseLayout).count == 12)
        #expect(Set(fields(VerifyReceiptBody.purchaseLayout)).count == 12)
    }

    /// A declared key that is no field of the model is no member: nothing is written under it.
    @Test func aKeyNoFieldHasIsNoMember() {
        let layout = VerifyReceiptLayout(ParsedReceipt.fields, [.field("bundleID"), .field("bundle_id")])
        #expect(layout.entries.count == 1)
        guard case .field(let index, _)? = layout.entries.first else {
            Issue.record("no member for bundle_id")
            return
        }
        #expect(ParsedReceipt.fields[index].name == "bundle_id")
    }

    static let day: Int64 = 86_400
    static let date = Date(timeIntervalSince1970: 1_572_837_641)

    /// Every member of `receipt` in Apple's order: `adam_id` repeats the app item id, attributes 15 and 16
    /// are written by name, the answer's time sits between the creation and the original purchase.
    @Test func theReceiptIsInApplesOrder() {
        let receipt = ParsedReceipt(
            receiptType: "Production", appItemID: 7, bundleID: "b", applicationVersion: "2", ageRating: "4+",
            receiptCreationDate: Self.date, originalPurchaseDate: Self.date, originalApplicationVersion: "1",
            expirationDate: Self.date, downloadID: 5, versionExternalIdentifier: 6, unknownAttributes: [9: [[1]]])
        var body = VerifyReceiptBody()
        body.open()
        body.receipt(receipt, requestDate: Date(timeIntervalSince1970: 0))
        body.close()
        let keys = Self.keys(of: body.text)
        let dates = { (name: String) in [name, name + "_ms", name + "_pst"] }
        #expect(
            keys
                == [
                    "receipt", "receipt_type", "adam_id", "app_item_id", "bundle_id", "application_version",
                    "download_id",
                    "version_external_identifier",
                ] + dates("receipt_creation_date") + dates("request_date")
                + dates("original_purchase_date") + ["original_application_version"] + dates("expiration_date")
                + ["in_app"])
        #expect(body.text.contains(#""adam_id":7,"app_item_id":7,"#))
        #expect(body.text.contains(#""download_id":5,"version_external_identifier":6,"#))
        #expect(body.text.contains(#""request_date_ms":"0","#))
    }

    /// Purchases write every value as a string. A zero web order line item id and an empty offer id are
    /// left out; `is_trial_period` is always there; `is_in_intro_offer_period` only where the receipt has
    /// it, but for every subscription in `latest_receipt_info`.
    @Test(arguments: [false, true]) func aPurchaseIsInApplesOrder(inLatestInfo: Bool) {
        let subscription = InAppPurchase(
            quantity: 1, productID: "p", transactionID: "2", purchaseDate: Self.date, originalTransactionID: "1",
            originalPurchaseDate: Self.date, productType: 6, expiresDate: Self.date, webOrderLineItemID: 0,
            cancellationDate: Self.date, promotionalOfferID: "")
        let other = InAppPurchase(productID: "q", webOrderLineItemID: 9, isTrialPeriod: true, promotionalOfferID: "o")
        var body = VerifyReceiptBody()
        body.open()
        body.purchases("in_app", [subscription, other], inLatestInfo: inLatestInfo)
        body.close()
        let dates = { (name: String) in [name, name + "_ms", name + "_pst"] }
        let intro = inLatestInfo ? ["is_in_intro_offer_period"] : []
        #expect(
            Self.keys(of: body.text)
                == ["in_app", "quantity", "product_id", "transaction_id", "original_transaction_id"]
                + dates("purchase_date") + dates("original_purchase_date") + dates("expires_date")
                + dates("cancellation_date") + ["is_trial_period"] + intro
                + ["product_id", "web_order_line_item_id", "is_trial_period", "promotional_offer_id"])
        #expect(body.text.contains(#"{"quantity":"1","product_id":"p","#))
        #expect(body.text.contains(#""is_trial_period":"false""#))
        #expect(
            body.text.hasSuffix(
                #"{"product_id":"q","web_order_line_item_id":"9","is_trial_period":"true","promotional_offer_id":"o"}]}"#
            ))
        if inLatestInfo { #expect(body.text.contains(#""is_in_intro_offer_period":"false"}"#)) }
    }

    /// The member names of a compact text in order, found by the `":` that ends each.
    static func keys(of text: String) -> [String] {
        var keys: [String] = []
        var rest = text[...]
        while let end = rest.range(of: "\":") {
            let name = rest[..<end.lowerBound]
            keys.append(String(name[name.index(after: name.lastIndex(of: "\"") ?? name.startIndex)...]))
            rest = rest[end.upperBound...]
        }
        return keys
    }
}
