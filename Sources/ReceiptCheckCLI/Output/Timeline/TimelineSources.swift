import ReceiptKit

/// What a verdict's report holds for a timeline, found in one walk: receipts and StoreKit 2 payloads, alone or
/// nested (in a notification, a response, combined inputs), in order.
struct TimelineSources: Sendable {
    var receipts: [ParsedReceipt] = []
    var transactions: [JWSTransaction] = []
    var renewals: [JWSRenewalInfo] = []
    var appTransactions: [AppTransaction] = []

    init(_ report: ValidationReport) {
        // A queue, not recursion: nesting is the validator's to bound, and the order is the inputs'.
        var queue = [report]
        var next = 0
        while next < queue.count {
            let report = queue[next]
            next += 1
            switch report.contents {
            case .receipt(let receipt): receipts.append(receipt)
            case .signedData(let jws):
                switch jws.payload {
                case .transaction(let transaction): transactions.append(transaction)
                case .renewalInfo(let renewal): renewals.append(renewal)
                case .appTransaction(let app): appTransactions.append(app)
                default: break
                }
                queue += jws.nested.keys.sorted().compactMap { jws.nested[$0] }
            case .response(let response): queue += response.elements
            case .combination(let inputs): queue += inputs
            case nil: break
            }
        }
    }
}
