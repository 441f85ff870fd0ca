#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension EntitlementFacts {
    /// The facts of a verified report (a notification's nested payloads too); nil for a report that is not
    /// valid, so nothing is granted from an input that failed verification.
    init?(report: ValidationReport) {
        guard report.status == .valid else { return nil }
        if let receipt = report.receipt {
            self.init(receipt: receipt)
            return
        }
        if let response = report.response {
            self.init(response: response)
            return
        }
        guard let jws = report.jws, let payload = jws.payload else { return nil }
        defer { snapshotDate = [snapshotDate, payload.signingDate?.date.date].compactMap { $0 }.max() }
        switch payload {
        case .appTransaction(let app):
            self.init(
                source: .appTransaction, bundleID: app.bundleId, applicationVersion: app.applicationVersion,
                originalApplicationVersion: app.originalApplicationVersion,
                originalPurchaseDate: app.originalPurchaseDate?.date,
                receiptCreationDate: app.receiptCreationDate?.date,
                environment: ReceiptEnvironment(storeKit: app.environment ?? app.receiptType))
            appRevocationDate = app.revocationDate?.date
            appSnapshotDate = payload.signingDate?.date.date
            receiptType = app.receiptType?.rawValue
            preorderDate = app.preorderDate?.date
            originalPlatform = app.originalPlatform
        case .transaction(let transaction):
            self.init(
                source: .transaction, bundleID: transaction.bundleId,
                environment: ReceiptEnvironment(storeKit: transaction.environment),
                purchases: [Self.purchase(transaction)])
        case .renewalInfo(let renewal):
            self.init(source: .renewalInfo, environment: ReceiptEnvironment(storeKit: renewal.environment))
            renewals = [
                RenewalState(
                    productID: renewal.productId, gracePeriodExpires: renewal.gracePeriodExpiresDate?.date,
                    isInBillingRetry: renewal.isInBillingRetryPeriod,
                    autoRenews: renewal.autoRenewStatus.map { $0 == .known(.on) },
                    originalTransactionID: renewal.originalTransactionId, snapshotDate: payload.signingDate?.date.date)
            ]
        case .notification(let notification):
            self.init(
                source: .notification, bundleID: notification.app?.bundleId,
                environment: ReceiptEnvironment(storeKit: notification.app?.environment))
            for (_, inner) in jws.nested.sorted(by: { $0.key < $1.key }) {
                guard let nested = EntitlementFacts(report: inner) else { continue }
                absorb(nested)
            }
            // What the notification carries is as of the notification's own signing, which vouches for it.
            let signed = [snapshotDate, payload.signingDate?.date.date].compactMap { $0 }.max()
            purchaseSnapshots = []
            renewals = renewals.map { renewal in
                var renewal = renewal
                renewal.snapshotDate = signed
                return renewal
            }
        case .realtimeRequest(let request):
            // Asks which message to show; it proves no purchase, so it carries no facts to grant from.
            self.init(source: .payload, environment: ReceiptEnvironment(storeKit: request.environment))
        case .unidentified:
            self.init(
                source: .payload, bundleID: payload.bundleID,
                environment: ReceiptEnvironment(storeKit: payload.environment))
        }
    }

    /// A signed transaction as the purchase rules read: the record it maps onto, and what only it says.
    static func purchase(_ transaction: JWSTransaction) -> PurchaseFacts {
        let record = InAppPurchase(
            quantity: transaction.quantity, productID: transaction.productId,
            transactionID: transaction.transactionId, purchaseDate: transaction.purchaseDate?.date,
            originalTransactionID: transaction.originalTransactionId,
            originalPurchaseDate: transaction.originalPurchaseDate?.date, expiresDate: transaction.expiresDate?.date,
            cancellationDate: transaction.revocationDate?.date,
            isTrialPeriod: transaction.offerDiscountType?.known == .freeTrial,
            // 1 introductory, 2 promotional (Apple's OfferType); a free trial is kept apart, as receipts keep it.
            isInIntroOfferPeriod: transaction.offerType?.known == .introductory
                && transaction.offerDiscountType?.known != .freeTrial,
            promotionalOfferID: transaction.offerType?.known == .promotional ? transaction.offerIdentifier : nil)
        // An item without a SKU leaves the SKUs unknown: `sku != "X"` must not hold when the missing one could be X.
        let items = transaction.advancedCommerceInfo?.items
        let skus = items?.compactMap(\.sku)
        return PurchaseFacts(
            record,
            TransactionFacts(
                isUpgraded: transaction.isUpgraded, storeKitType: transaction.type,
                subscriptionGroupID: transaction.subscriptionGroupIdentifier,
                revocationType: transaction.revocationType, revocationPercentage: transaction.revocationPercentage,
                ownershipType: transaction.inAppOwnershipType, appAccountToken: transaction.appAccountToken,
                skus: skus?.count == items?.count ? skus : nil,
                commitmentBillingPeriod: transaction.commitmentInfo?.billingPeriodNumber))
    }
}
