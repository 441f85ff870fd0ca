import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a StoreKit 2 JWS says, as rows like a receipt's: its kind and main fields, and for a
/// notification each nested JWS with its verdict.
enum JWSReportText {
    typealias Row = (label: String, value: String?)

    /// `detailed` (inspect) adds identifiers, storefront and price rows.
    static func render(_ jws: JWSReport, detailed: Bool, indent: String = "  ") -> String {
        var out = ""
        for row in rows(jws, detailed: detailed) {
            guard let value = row.value, !value.isEmpty else { continue }
            out += indent + pad(row.label) + TerminalText.escaped(value) + "\n"
        }
        for member in jws.nested.keys.sorted() {
            guard let inner = jws.nested[member] else { continue }
            let verdict = VerdictText.render(inner.status, reason: inner.reason)
            out += "\(indent)\(TerminalText.escaped(member)): \(verdict)\n"
            if let nested = inner.jws {
                out += render(nested, detailed: detailed, indent: indent + "  ")
            }
        }
        return out
    }

    /// The JWS's own fields (not its nested JWS) as label and value, nil or empty not shown, for text and HTML.
    static func rows(_ jws: JWSReport, detailed: Bool) -> [Row] {
        var rows: [Row] = [("kind", jws.kind.map { words($0.rawValue) })]
        if detailed {
            rows.append(("algorithm", jws.algorithm))
            rows.append(("key id", jws.keyID))
        }
        switch jws.payload {
        case .appTransaction(let app): rows += appTransaction(app, detailed: detailed)
        case .transaction(let transaction): rows += self.transaction(transaction, detailed: detailed)
        case .renewalInfo(let renewal): rows += renewalInfo(renewal, detailed: detailed)
        case .notification(let notification): rows += self.notification(notification, detailed: detailed)
        case .realtimeRequest(let request): rows += realtimeRequest(request, detailed: detailed)
        case .unidentified(let members):
            rows += [
                ("bundle id", jws.payload?.bundleID), ("environment", jws.payload?.environment?.rawValue),
                ("members", members.keys.sorted().joined(separator: ", ")),
            ]
        case nil: break
        }
        return rows
    }

    private static func appTransaction(_ app: AppTransaction, detailed: Bool) -> [Row] {
        var rows: [Row] = [
            ("bundle id", app.bundleId),
            ("app version", app.applicationVersion),
            ("original version", app.originalApplicationVersion ?? "(absent)"),
            ("original purchase", show(app.originalPurchaseDate)),
            ("environment", (app.environment ?? app.receiptType)?.rawValue),
            ("created", show(app.receiptCreationDate)),
            ("preordered", show(app.preorderDate)),
            ("signed", show(app.signedDate)),
        ]
        if detailed {
            rows += [
                ("app apple id", app.appAppleId.map(String.init)),
                ("app transaction id", app.appTransactionId),
                ("original platform", app.originalPlatform?.rawValue),
                ("version external id", app.versionExternalIdentifier.map(String.init)),
            ]
        }
        return rows
    }

    private static func transaction(_ transaction: JWSTransaction, detailed: Bool) -> [Row] {
        var revoked = show(transaction.revocationDate)
        if let reason = transaction.revocationReason {
            revoked = (revoked ?? "?") + " (reason \(reason.rawValue))"
        }
        var rows: [Row] = [
            ("product", transaction.productId),
            ("type", transaction.type?.rawValue),
            ("transaction id", transaction.transactionId),
            (
                "original id",
                transaction.originalTransactionId == transaction.transactionId ? nil : transaction.originalTransactionId
            ),
            ("purchased", show(transaction.purchaseDate)),
            ("expires", show(transaction.expiresDate)),
            ("REVOKED", revoked),
            ("revocation", revocation(transaction)),
            ("billing plan", transaction.billingPlanType?.rawValue),
            ("commitment", commitment(transaction.commitmentInfo?.value)),
            ("items", transaction.advancedCommerceInfo?.items.map { items(of: $0, detailed: detailed) }),
            ("offer", offer(transaction.offerType, transaction.offerIdentifier, transaction.offerDiscountType)),
            ("bundle id", transaction.bundleId),
            ("environment", transaction.environment?.rawValue),
            ("signed", show(transaction.signedDate)),
        ]
        if detailed {
            rows += [
                ("quantity", transaction.quantity.map(String.init)),
                ("original purchase", show(transaction.originalPurchaseDate)),
                ("reason", transaction.transactionReason?.rawValue),
                ("ownership", transaction.inAppOwnershipType?.rawValue),
                ("storefront", transaction.storefront),
                ("price", transaction.price.map { "\($0) \(transaction.currency ?? "")" }),
                ("account token", transaction.appAccountToken),
                ("web order line item", transaction.webOrderLineItemId),
            ]
        }
        return rows
    }

    /// `REFUND_PRORATED, 40% refunded`: `revocationPercentage` is in thousandths of a percent.
    private static func revocation(_ transaction: JWSTransaction) -> String? {
        guard let type = transaction.revocationType?.rawValue else { return nil }
        guard let share = transaction.revocationPercentage else { return type }
        guard share >= 0 else { return "\(type), revocationPercentage \(share)" }
        return "\(type), \(share / 1000).\(String(share % 1000 + 1000).dropFirst())% refunded"
    }

    private static func renewalInfo(_ renewal: JWSRenewalInfo, detailed: Bool) -> [Row] {
        var rows: [Row] = [
            ("product", renewal.productId),
            ("renews to", renewal.autoRenewProductId),
            ("auto-renew", renewal.autoRenewStatus.map { $0 == .known(.on) ? "on" : "off" }),
            ("original id", renewal.originalTransactionId),
            ("renewal date", show(renewal.renewalDate)),
            ("expiration intent", renewal.expirationIntent.map { String($0.rawValue) }),
            ("billing retry", renewal.isInBillingRetryPeriod.map { $0 ? "yes" : "no" }),
            ("grace period ends", show(renewal.gracePeriodExpiresDate)),
            ("renews on plan", renewal.renewalBillingPlanType?.rawValue),
            ("renews commitment", commitment(renewal.commitmentInfo?.value)),
            ("renews items", renewal.advancedCommerceInfo?.items.map { items(of: $0, detailed: detailed) }),
            ("offer", offer(renewal.offerType, renewal.offerIdentifier, renewal.offerDiscountType)),
            ("environment", renewal.environment?.rawValue),
            ("signed", show(renewal.signedDate)),
        ]
        if detailed {
            rows += [
                ("subscribed since", show(renewal.recentSubscriptionStartDate)),
                ("renewal price", renewal.renewalPrice.map { "\($0) \(renewal.currency ?? "")" }),
                ("price increase", renewal.priceIncreaseStatus.map { String($0.rawValue) }),
            ]
        }
        return rows
    }

    private static func notification(_ notification: NotificationPayload, detailed: Bool) -> [Row] {
        var rows: [Row] = [
            (
                "notification",
                NotificationPayload.NotificationType.describe(
                    type: notification.notificationType, subtype: notification.subtype)
            ),
            ("bundle id", notification.app?.bundleId),
            ("app version", notification.data?.bundleVersion),
            ("environment", notification.app?.environment?.rawValue),
            ("signed", show(notification.signedDate)),
        ]
        if let app = notification.app, app.member != "data" {
            rows.append(("app from", app.member))
        }
        if let summary = notification.summary {
            let parts = [
                summary.succeededCount.map { "\($0) extended" }, summary.failedCount.map { "\($0) failed" },
                summary.productId,
            ]
            rows.append(("extension", parts.compactMap { $0 }.joined(separator: ", ")))
        }
        if let token = notification.externalPurchaseToken {
            rows.append(("external purchase", token.externalPurchaseId))
            rows.append(("token created", show(token.tokenCreationDate)))
            rows.append(("token type", token.tokenType))
            rows.append(("token expires", show(token.tokenExpirationDate)))
        }
        if detailed {
            rows += [
                ("uuid", notification.notificationUUID),
                ("version", notification.version),
                ("status", notification.data?.status.map { String($0.rawValue) }),
            ]
        }
        return rows
    }

    private static func realtimeRequest(_ request: RealtimeRequest, detailed: Bool) -> [Row] {
        var rows: [Row] = [
            ("product", request.productId),
            ("original id", request.originalTransactionId),
            ("locale", request.userLocale),
            ("request id", request.requestIdentifier),
            ("environment", request.environment?.rawValue),
            ("signed", show(request.signedDate)),
        ]
        if detailed {
            rows.append(("app apple id", request.appAppleId.map(String.init)))
        }
        return rows
    }

    /// `period 2 of 12, ends 2027-01-01T00:00:00Z`: a transaction's commitment.
    private static func commitment(_ info: TransactionCommitmentInfo?) -> String? {
        guard let info else { return nil }
        var parts: [String] = []
        if let number = info.billingPeriodNumber {
            parts.append("period \(number)" + (info.totalBillingPeriods.map { " of \($0)" } ?? ""))
        }
        if let price = info.commitmentPrice { parts.append("price \(price)") }
        if let ends = show(info.commitmentExpiresDate) { parts.append("ends \(ends)") }
        return parts.isEmpty ? "(no fields)" : parts.joined(separator: ", ")
    }

    /// `to P, auto-renew on, MONTHLY, 2027-01-01T00:00:00Z`: the commitment a renewal info renews into.
    private static func commitment(_ info: RenewalCommitmentInfo?) -> String? {
        guard let info else { return nil }
        let parts = [
            info.commitmentAutoRenewProductId.map { "to \($0)" },
            info.commitmentAutoRenewStatus.map { $0 == .known(.on) ? "auto-renew on" : "auto-renew off" },
            info.commitmentRenewalBillingPlanType?.rawValue, show(info.commitmentRenewalDate),
            info.commitmentRenewalPrice.map { "price \($0)" },
        ].compactMap { $0 }
        return parts.isEmpty ? "(no fields)" : parts.joined(separator: ", ")
    }

    /// The SKUs of Advanced Commerce items, `detailed` with their prices, revocations and refunds.
    private static func items(of items: [AdvancedCommerceTransactionItem], detailed: Bool) -> String {
        items.map { item in
            var text = item.sku ?? "(no SKU)"
            if detailed, let price = item.price { text += " price \(price)" }
            if let revoked = show(item.revocationDate) { text += " revoked \(revoked)" }
            if let refunds = item.refunds, !refunds.isEmpty { text += " refunded \(refunds.count)x" }
            return text
        }.joined(separator: ", ")
    }

    /// The SKUs of the items a renewal renews, `detailed` with their prices and price increases.
    private static func items(of items: [AdvancedCommerceRenewalItem], detailed: Bool) -> String {
        items.map { item in
            var text = item.sku ?? "(no SKU)"
            if detailed, let price = item.price { text += " price \(price)" }
            if let increase = item.priceIncreaseInfo {
                text += " price increase" + (increase.status.map { " \($0.rawValue)" } ?? "")
            }
            return text
        }.joined(separator: ", ")
    }

    /// Apple's OfferType: 1 introductory, 2 promotional, 3 offer code, 4 win-back.
    private static func offer(
        _ type: AppStoreValue<OfferType>?, _ identifier: String?, _ discount: AppStoreValue<OfferDiscountType>?
    ) -> String? {
        guard let type else { return identifier }
        var parts = [offerName(type)]
        if let identifier { parts.append(identifier) }
        if let discount { parts.append(discount.rawValue) }
        return parts.joined(separator: ", ")
    }

    private static func offerName(_ type: AppStoreValue<OfferType>) -> String {
        switch type {
        case .known(.introductory): "introductory"
        case .known(.promotional): "promotional"
        case .known(.offerCode): "offer code"
        case .known(.winBack): "win-back"
        case .other(let value): "type \(value)"
        }
    }

    private static func show(_ date: JWSDate?) -> String? {
        guard let date else { return nil }
        return date.date.flatMap(RFC3339.format) ?? "(Xcode placeholder)"
    }

    /// `app_transaction` as `app transaction`.
    private static func words(_ text: String) -> String {
        text.split(separator: "_").joined(separator: " ")
    }

    private static func pad(_ label: String) -> String {
        label.count >= 19 ? label + " " : label + String(repeating: " ", count: 19 - label.count)
    }
}
