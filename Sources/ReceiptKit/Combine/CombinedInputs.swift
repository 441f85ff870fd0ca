/// A combined verdict: several verified inputs of one customer (an app receipt or AppTransaction, transaction
/// history and subscription statuses, single JWS) judged as one. Everything must verify and belong
/// together, or nothing is granted: one report, whose checks say which input broke it.
package enum CombinedInputs {
    /// The combined report (`inputs` holds each input's), and the facts rules read when it is valid.
    static func combine(_ reports: [ValidationReport], bundleID: String) -> (
        report: ValidationReport, facts: EntitlementFacts?
    ) {
        var report = ValidationReport(input: "combined")
        report.inputs = reports
        var parts: [EntitlementFacts] = []
        for input in reports {
            guard let facts = EntitlementFacts(report: input) else {
                let why = [input.reason?.rawValue, input.message].compactMap { $0 }.joined(separator: ": ")
                report.record(
                    .fail(
                        .combine, input.reason ?? .malformed, "\(input.input) is not valid (\(why)); nothing is granted"
                    ))
                continue
            }
            if let check = belongs(input, facts, bundleID: bundleID) {
                report.record(check)
                continue
            }
            parts.append(facts)
            report.record(.pass(.combine, "\(input.input): \(facts.source.rawValue) of \(bundleID) taken"))
        }
        if report.checks.allSatisfy(\.passed) {
            sameCustomer(reports, parts, into: &report)
        }
        guard !reports.isEmpty, report.checks.allSatisfy(\.passed), let facts = EntitlementFacts(combining: parts)
        else {
            report.status = .invalid
            return (report, nil)
        }
        report.status = .valid
        return (report, facts)
    }

    /// Nil when `facts` may join: it names the app (a signed bundle id), or adds nothing that needs one
    /// (renewal infos alone, tied to a transaction by `sameCustomer`; an empty response).
    private static func belongs(_ input: ValidationReport, _ facts: EntitlementFacts, bundleID: String) -> Check? {
        guard let named = facts.bundleID else {
            guard facts.purchases.isEmpty, !facts.hasAppFacts else {
                return .fail(
                    .combine, .bundleIDMismatch,
                    "\(input.input) carries purchases but no signed bundle id; not combined")
            }
            return nil
        }
        guard named.isIdentical(to: bundleID) else {
            return .fail(.combine, .bundleIDMismatch, "\(input.input) is of \(named), not \(bundleID)")
        }
        return nil
    }

    /// One customer: one `appTransactionId` wherever the inputs carry it, one environment, and every renewal
    /// info of a subscription whose transactions are among the inputs.
    private static func sameCustomer(
        _ reports: [ValidationReport], _ parts: [EntitlementFacts], into report: inout ValidationReport
    ) {
        var appTransactionID: (id: String, input: String)?
        var transactionIDs: Set<String> = []
        var renewals: [(id: String?, input: String)] = []
        var transactions: [(transaction: JWSTransaction, input: String)] = []
        var environments = Set(parts.map(\.environment))
        for input in reports {
            for payload in input.verifiedPayloads {
                let carried: String?
                switch payload {
                case .appTransaction(let app):
                    carried = app.appTransactionId
                    environments.insert(ReceiptEnvironment(storeKit: app.environment))
                    if carried == nil, reports.count > 1 {
                        report.record(
                            .fail(
                                .combine, .customerMismatch,
                                "\(input.input): an AppTransaction without appTransactionId names no customer to tie the other inputs to"
                            ))
                        return
                    }
                case .transaction(let transaction):
                    carried = transaction.appTransactionId
                    environments.insert(ReceiptEnvironment(storeKit: transaction.environment))
                    if let id = transaction.originalTransactionId { transactionIDs.insert(id) }
                    transactions.append((transaction, input.input))
                case .renewalInfo(let renewal):
                    carried = renewal.appTransactionId
                    environments.insert(ReceiptEnvironment(storeKit: renewal.environment))
                    renewals.append((renewal.originalTransactionId, input.input))
                case .notification, .realtimeRequest, .unidentified: carried = nil
                }
                guard let carried else { continue }
                if let first = appTransactionID, first.id != carried {
                    report.record(
                        .fail(
                            .combine, .customerMismatch,
                            "\(input.input) is of appTransactionId \(carried), \(first.input) of \(first.id): two customers"
                        ))
                    return
                }
                appTransactionID = appTransactionID ?? (carried, input.input)
            }
        }
        for (id, input) in renewals where !(id.map(transactionIDs.contains) ?? false) {
            report.record(
                .fail(
                    .combine, .customerMismatch,
                    "\(input) holds a renewal info of originalTransactionId \(id ?? "(absent)"), which no combined transaction has"
                ))
            return
        }
        if reports.count > 1, let untied = untied(transactions, receipts: reports.compactMap(\.receipt)) {
            report.record(.fail(.combine, .customerMismatch, untied))
            return
        }
        // Every signed payload's own environment, not one per input: a response could mix them.
        environments.remove(.unknown)
        if environments.count > 1 {
            report.record(
                .fail(
                    .combine, .environmentMismatch,
                    "the inputs come from \(environments.map(\.rawValue).sorted().joined(separator: " and ")): one customer's are of one"
                ))
        }
    }

    /// Why a transaction cannot be tied to the customer the other inputs name, or nil when every one can.
    /// A StoreKit 2 transaction names its customer by `appTransactionId` (compared above); an app receipt
    /// names none, so with one among the inputs each transaction must be one of the receipt's own
    /// purchases (its original transaction id), or carry the appTransactionId of one that is.
    private static func untied(
        _ transactions: [(transaction: JWSTransaction, input: String)], receipts: [ParsedReceipt]
    )
        -> String?
    {
        let receiptIDs = Set(receipts.flatMap { $0.inApp.compactMap(\.originalTransactionID) })
        let inReceipt: (JWSTransaction) -> Bool = { $0.originalTransactionId.map(receiptIDs.contains) ?? false }
        let tiedCustomers = Set(
            transactions.filter { inReceipt($0.transaction) }.compactMap(\.transaction.appTransactionId))
        for (transaction, input) in transactions {
            let tied =
                receipts.isEmpty
                ? transaction.appTransactionId != nil
                : inReceipt(transaction) || (transaction.appTransactionId.map(tiedCustomers.contains) ?? false)
            if !tied {
                let id = transaction.transactionId ?? "(no transactionId)"
                return receipts.isEmpty
                    ? "\(input) holds transaction \(id) without appTransactionId: it cannot be tied to the other inputs' customer"
                    : "\(input) holds transaction \(id), which is none of the app receipt's purchases: an app receipt names no customer (combine the AppTransaction instead)"
            }
        }
        return nil
    }
}
