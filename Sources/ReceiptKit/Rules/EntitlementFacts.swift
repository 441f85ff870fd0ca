#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What rules read, from an app receipt or from verified StoreKit 2 payloads, so one evaluator serves both.
package struct EntitlementFacts: Sendable, Equatable {
    /// Where the facts came from, for reasons and warnings that name it.
    package enum Source: String, Sendable, Equatable {
        case receipt
        case appTransaction = "AppTransaction"
        case transaction
        case renewalInfo = "renewal info"
        case notification
        case payload = "JWS payload"
        case response = "App Store Server API response"
        /// Several verified inputs of one customer together (a combined verdict).
        case combined = "combined inputs"
    }

    package internal(set) var source: Source
    package internal(set) var bundleID: String?
    package internal(set) var applicationVersion: String?
    package internal(set) var originalApplicationVersion: String?
    package internal(set) var originalPurchaseDate: Date?
    package internal(set) var receiptCreationDate: Date?
    package internal(set) var environment: ReceiptEnvironment = .unknown
    /// Apple's receipt type as written (field 0, or an AppTransaction's `receiptType`).
    package internal(set) var receiptType: String?
    /// An AppTransaction's `preorderDate`.
    package internal(set) var preorderDate: Date?
    /// Renewal infos the input carries (alone, or nested in a notification).
    package internal(set) var renewals: [RenewalState] = []
    /// The newest date the input was signed or created at: it shows nothing after it.
    package internal(set) var snapshotDate: Date?
    /// The date of the copy each purchase comes from, by position; empty while all are of one input dated
    /// `snapshotDate`, so that an old copy beside a fresh input is still judged by its own age.
    package internal(set) var purchaseSnapshots: [Date?] = []
    /// The date of the copy the app facts come from (a receipt's creation, an AppTransaction's signing).
    package internal(set) var appSnapshotDate: Date?
    /// Why these facts cannot be decided together (nothing ties them to one customer): then nothing is granted.
    package internal(set) var customerMismatch: String?
    /// An AppTransaction's `originalPlatform`, which says what the original application version is.
    package internal(set) var originalPlatform: AppStoreValue<PurchasePlatform>?
    /// A receipt's records, or StoreKit 2 transactions mapped onto the same record.
    package internal(set) var purchases: PurchaseFactList = []
    /// When the app purchase itself was refunded: from then on nothing is granted from it (grandfathering).
    package internal(set) var appRevocationDate: Date?
    /// A receipt's expiration date (field 21, volume purchase (VPP) receipts): from then on it grants nothing.
    package internal(set) var receiptExpirationDate: Date?
}

extension EntitlementFacts {
    init(receipt: ParsedReceipt) {
        self.init(
            source: .receipt, bundleID: receipt.bundleID, applicationVersion: receipt.applicationVersion,
            originalApplicationVersion: receipt.originalApplicationVersion,
            originalPurchaseDate: receipt.originalPurchaseDate, receiptCreationDate: receipt.receiptCreationDate,
            environment: receipt.environment, purchases: PurchaseFactList(records: receipt.purchases))
        receiptExpirationDate = receipt.expirationDate
        receiptType = receipt.receiptType
        snapshotDate = receipt.receiptCreationDate
        appSnapshotDate = receipt.receiptCreationDate
    }

    /// The date of the copy the purchase at `index` comes from; nil (too old for any limit) past the end.
    func snapshot(ofPurchaseAt index: Int) -> Date? {
        guard purchaseSnapshots.isEmpty else {
            return purchaseSnapshots.indices.contains(index) ? purchaseSnapshots[index] : nil
        }
        return purchases.indices.contains(index) ? snapshotDate : nil
    }

    /// These facts with only the purchases `keep` accepts, each still with its own copy's date.
    func keepingPurchases(where keep: (PurchaseFacts) -> Bool) -> EntitlementFacts {
        var kept = self
        let positions = purchases.indices.filter { keep(purchases[$0]) }
        kept.purchases = purchases.selecting(positions)
        kept.purchaseSnapshots = positions.map(snapshot(ofPurchaseAt:))
        return kept
    }

    /// How reasons name the source: "the receipt", "the AppTransaction", ...
    var noun: String { "the \(source.rawValue)" }
}
