#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What rules read: the app's purchase and its in-app purchases, from an app receipt or from
/// verified StoreKit 2 payloads, so one evaluator serves both.
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
    package internal(set) var environment: ReceiptEnvironment
    /// Apple's receipt type as written (field 0, or an AppTransaction's `receiptType`).
    package internal(set) var receiptType: String?
    /// An AppTransaction's `preorderDate`.
    package internal(set) var preorderDate: Date?
    /// Renewal infos the input carries (alone, or nested in a notification).
    package internal(set) var renewals: [RenewalState] = []
    /// The newest date the input was signed or created at: what it shows is the world as of then, and
    /// renewals, refunds and upgrades after it are invisible in it.
    package internal(set) var snapshotDate: Date?
    /// The date of the copy each purchase comes from, by position in `purchases`; empty while every
    /// purchase is of one input dated `snapshotDate`. Several inputs keep each one's own, so that an
    /// old copy beside a fresh input is still judged by its own age.
    package internal(set) var purchaseSnapshots: [Date?] = []
    /// The date of the copy the app facts come from (a receipt's creation, an AppTransaction's signing).
    package internal(set) var appSnapshotDate: Date?
    /// Why these facts cannot be decided together (signed wholes that nothing ties to one customer, as
    /// in a response body assembled from two customers' elements): then nothing is granted.
    package internal(set) var customerMismatch: String?
    /// An AppTransaction's `originalPlatform`: where the app was first bought, which says what the
    /// original application version is.
    package internal(set) var originalPlatform: AppStoreValue<PurchasePlatform>?
    /// In-app purchases: a receipt's records, or StoreKit 2 transactions mapped onto the same record with
    /// what only they say beside it.
    package internal(set) var purchases: PurchaseFactList
    /// When the app purchase itself was refunded (an AppTransaction's `revocationDate`): from then on
    /// nothing is granted from what it says about the purchase (grandfathering).
    package internal(set) var appRevocationDate: Date?
    /// A receipt's expiration date (field 21, volume purchase (VPP) receipts): from then on it grants nothing.
    package internal(set) var receiptExpirationDate: Date?

    init(
        source: Source, bundleID: String? = nil, applicationVersion: String? = nil,
        originalApplicationVersion: String? = nil, originalPurchaseDate: Date? = nil, receiptCreationDate: Date? = nil,
        environment: ReceiptEnvironment = .unknown, purchases: PurchaseFactList = []
    ) {
        self.source = source
        self.bundleID = bundleID
        self.applicationVersion = applicationVersion
        self.originalApplicationVersion = originalApplicationVersion
        self.originalPurchaseDate = originalPurchaseDate
        self.receiptCreationDate = receiptCreationDate
        self.environment = environment
        self.purchases = purchases
    }

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

    /// The date of the copy the purchase at `index` comes from; nil (no date, so too old for any age
    /// limit) for an index it does not hold.
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
