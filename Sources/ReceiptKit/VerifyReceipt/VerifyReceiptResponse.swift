#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The body Apple's deprecated verifyReceipt endpoint returns for an input, built from what the
/// receipt itself proves: keys, order and types as Apple writes them.
///
/// Only a valid report of an App Store receipt yields a receipt; every other outcome is exactly
/// `{"status":N}`, as Apple writes it. What only Apple's database knows (renewals and refunds after
/// the receipt was made, `pending_renewal_info`, a re-issued receipt) is not invented.
public struct VerifyReceiptResponse: Sendable {
    /// The body's `status`.
    public let status: VerifyReceiptStatus
    /// The compact JSON body, without a newline.
    public let json: String
    /// Why a request body could not be read (status 21000), for a log line.
    public let problem: String?
    /// Why the input, whatever its report says, is no receipt data (status 21002), for a log line.
    public let notReceiptData: String?

    /// The answer for `bytes` (a request body, or a receipt in any form the validator reads), given
    /// the report the validator made of them; `requestDate` is the time of the answer.
    public init(for bytes: [UInt8], report: ValidationReport, requestDate: Date) {
        var request = VerifyReceiptRequest()
        if VerifyReceiptRequest.isBody(bytes) {
            do {
                request = try VerifyReceiptRequest(body: bytes)
            } catch {
                self.init(status: .unreadableRequest, problem: error.description, report: report)
                return
            }
        }
        // The status alone decides whether a receipt is shown: 0 already means production or sandbox.
        let status = VerifyReceiptStatus(report)
        guard status == .valid, let receipt = report.receipt else {
            self.init(status: status == .valid ? .internalError : status, problem: nil, report: report)
            return
        }
        let environment = receipt.environment == .production ? "Production" : "Sandbox"
        var members: [(String, OrderedJSON)] = [
            ("status", .integer(status.rawValue)), ("environment", .string(environment)),
            ("receipt", Self.receipt(receipt, requestDate: requestDate)),
        ]
        // Apple's replies hold these two when the request carried the shared secret, whatever the purchases
        // (a non-consumable alone too), and not without it, though its documentation names only
        // subscriptions; a receipt without purchases gets neither, as no recorded reply shows otherwise.
        if request.sendsSharedSecret, !receipt.inApp.isEmpty {
            let latest = LatestReceiptInfo.entries(receipt.inApp, excludeOld: request.excludeOldTransactions)
            members.append(("latest_receipt_info", .array(latest.map { Self.purchase($0, inLatestInfo: true) })))
            // The validator unwrapped these bytes into the receipt it judged valid, so this cannot fail.
            if let pkcs7 = try? ReceiptInput.unwrap(bytes).pkcs7 {
                members.append(("latest_receipt", .string(Data(pkcs7).base64EncodedString())))
            }
        }
        self.init(status: status, json: OrderedJSON.object(members).text, problem: nil, report: report)
    }

    /// An error body: exactly `{"status":N}`.
    private init(status: VerifyReceiptStatus, problem: String?, report: ValidationReport) {
        self.init(
            status: status, json: OrderedJSON.object([("status", .integer(status.rawValue))]).text, problem: problem,
            report: report)
    }

    private init(status: VerifyReceiptStatus, json: String, problem: String?, report: ValidationReport) {
        self.status = status
        self.json = json
        self.problem = problem
        notReceiptData = status == .malformedReceiptData ? VerifyReceiptStatus.notReceiptData(report) : nil
    }

    /// `receipt`, in Apple's order; a field the receipt lacks is left out rather than made up.
    static func receipt(_ receipt: ParsedReceipt, requestDate: Date) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = []
        if let type = receipt.receiptType { members.append(("receipt_type", .string(type))) }
        if let id = receipt.appItemID {
            members.append(("adam_id", .integer(id)))
            members.append(("app_item_id", .integer(id)))
        }
        if let bundle = receipt.bundleID { members.append(("bundle_id", .string(bundle))) }
        if let version = receipt.applicationVersion { members.append(("application_version", .string(version))) }
        if let id = integer(receipt.undocumented.values(of: downloadIDField)) {
            members.append(("download_id", .integer(id)))
        }
        if let id = integer(receipt.undocumented.values(of: versionExternalIdentifierField)) {
            members.append(("version_external_identifier", .integer(id)))
        }
        if let date = receipt.receiptCreationDate {
            VerifyReceiptDate.append("receipt_creation_date", date, to: &members)
        }
        VerifyReceiptDate.append("request_date", requestDate, to: &members)
        if let date = receipt.originalPurchaseDate {
            VerifyReceiptDate.append("original_purchase_date", date, to: &members)
        }
        if let version = receipt.originalApplicationVersion {
            members.append(("original_application_version", .string(version)))
        }
        if let date = receipt.expirationDate { VerifyReceiptDate.append("expiration_date", date, to: &members) }
        members.append(("in_app", .array(receipt.inApp.map { purchase($0, inLatestInfo: false) })))
        return .object(members)
    }

    /// Undocumented fields 15 and 16, which Apple writes as numbers.
    static let downloadIDField: Int64 = 15
    static let versionExternalIdentifierField: Int64 = 16

    /// One purchase in Apple's order, every value a string. In `latest_receipt_info` Apple writes
    /// `is_in_intro_offer_period` for every subscription, in `in_app` only where the receipt has field 1719.
    static func purchase(_ purchase: InAppPurchase, inLatestInfo: Bool) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = []
        if let quantity = purchase.quantity { members.append(("quantity", .string(String(quantity)))) }
        if let id = purchase.productID { members.append(("product_id", .string(id))) }
        if let id = purchase.transactionID { members.append(("transaction_id", .string(id))) }
        if let id = purchase.originalTransactionID { members.append(("original_transaction_id", .string(id))) }
        if let date = purchase.purchaseDate { VerifyReceiptDate.append("purchase_date", date, to: &members) }
        if let date = purchase.originalPurchaseDate {
            VerifyReceiptDate.append("original_purchase_date", date, to: &members)
        }
        if let date = purchase.expiresDate { VerifyReceiptDate.append("expires_date", date, to: &members) }
        if let date = purchase.cancellationDate { VerifyReceiptDate.append("cancellation_date", date, to: &members) }
        if let id = purchase.webOrderLineItemID, id != 0 {
            members.append(("web_order_line_item_id", .string(String(id))))
        }
        members.append(("is_trial_period", .string(purchase.isTrialPeriod == true ? "true" : "false")))
        if let intro = purchase.isInIntroOfferPeriod ?? (inLatestInfo && purchase.expiresDate != nil ? false : nil) {
            members.append(("is_in_intro_offer_period", .string(intro ? "true" : "false")))
        }
        if let offer = purchase.promotionalOfferID, !offer.isEmpty {
            members.append(("promotional_offer_id", .string(offer)))
        }
        return .object(members)
    }

    /// The value of a DER INTEGER kept as raw attribute octets; nil when absent or not one integer.
    static func integer(_ values: [ArraySlice<UInt8>]) -> Int64? {
        guard values.count == 1, let octets = values.first else { return nil }
        var reader = ASN1Reader(octets)
        do {
            let value = try reader.read(ASN1Tag.integer, "an integer field").nonNegativeInteger()
            try reader.expectEnd("an integer field")
            return value
        } catch {
            return nil
        }
    }
}
