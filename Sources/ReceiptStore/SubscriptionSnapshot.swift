import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One original transaction's latest signed word, as the store holds it or as Apple answers it now: the
/// transaction and the renewal info signed latest, each verified. What a reconcile compares.
public struct SubscriptionSnapshot: Sendable, Equatable {
    public var transaction: JWSTransaction?
    public var renewal: JWSRenewalInfo?

    public init(transaction: JWSTransaction? = nil, renewal: JWSRenewalInfo? = nil) {
        self.transaction = transaction
        self.renewal = renewal
    }

    /// Takes the payloads of a valid `report` that belong to `original`: the transaction bought latest (of
    /// one transaction, its copy signed latest) and the renewal info signed latest. Rows come oldest signed
    /// first, so of two signed at once the later row stands, as in the store's latest word.
    mutating func take(_ report: ValidationReport, original: String) {
        guard report.status == .valid else { return }
        var payloads = [report.jws?.payload]
        payloads += ["data.signedTransactionInfo", "data.signedRenewalInfo"].map {
            report.jws?.nested[$0]?.jws?.payload
        }
        payloads += (report.response?.elements ?? []).map { $0.jws?.payload }
        for payload in payloads {
            switch payload {
            case .transaction(let signed)? where signed.originalTransactionId == original:
                if Self.replaces(signed, transaction) { transaction = signed }
            case .renewalInfo(let signed)? where signed.originalTransactionId == original:
                if Self.isLater(signed.signedDate, than: renewal?.signedDate) { renewal = signed }
            default: break
            }
        }
    }

    private static func replaces(_ signed: JWSTransaction, _ held: JWSTransaction?) -> Bool {
        guard let held else { return true }
        let (bought, heldBought) = (
            signed.purchaseDate?.milliseconds ?? -.infinity, held.purchaseDate?.milliseconds ?? -.infinity
        )
        guard bought == heldBought else { return bought > heldBought }
        return isLater(signed.signedDate, than: held.signedDate)
    }

    /// Signed at or after `held` (a tie goes to the later row).
    private static func isLater(_ date: JWSDate?, than held: JWSDate?) -> Bool {
        guard let held else { return true }
        return (date?.milliseconds ?? -.infinity) >= held.milliseconds
    }

    /// One field on which the two differ: its name and each side's value (nil: that side has none).
    public struct Difference: Sendable, Equatable {
        public let field: String
        public let stored: String?
        public let apple: String?
    }

    /// The fields a decision reads on which `self` (the store's) and `apple` differ; the signed dates are not
    /// among them (a newer signing of the same facts agrees).
    public func differences(from apple: SubscriptionSnapshot) -> [Difference] {
        let fields: [(String, (SubscriptionSnapshot) -> String?)] = [
            ("transactionId", { $0.transaction?.transactionId }),
            ("productId", { $0.transaction?.productId }),
            ("expiresDate", { Self.text($0.transaction?.expiresDate) }),
            ("revocationDate", { Self.text($0.transaction?.revocationDate) }),
            ("revocationReason", { $0.transaction?.revocationReason.map { "\($0.rawValue)" } }),
            ("autoRenewStatus", { $0.renewal?.autoRenewStatus.map { "\($0.rawValue)" } }),
            ("autoRenewProductId", { $0.renewal?.autoRenewProductId }),
            ("expirationIntent", { $0.renewal?.expirationIntent.map { "\($0.rawValue)" } }),
            ("isInBillingRetryPeriod", { $0.renewal?.isInBillingRetryPeriod.map { "\($0)" } }),
            ("gracePeriodExpiresDate", { Self.text($0.renewal?.gracePeriodExpiresDate) }),
        ]
        return fields.compactMap { name, value in
            let (mine, theirs) = (value(self), value(apple))
            return mine == theirs ? nil : Difference(field: name, stored: mine, apple: theirs)
        }
    }

    /// The transaction's and the renewal info's signed dates, RFC 3339.
    public var signedDates: (transaction: String?, renewal: String?) {
        (Self.text(transaction?.signedDate), Self.text(renewal?.signedDate))
    }

    static func text(_ date: JWSDate?) -> String? {
        guard let date else { return nil }
        return date.date.flatMap(RFC3339.format) ?? "\(Int64(date.milliseconds.rounded(.down)))"
    }
}
