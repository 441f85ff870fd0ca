/// What a verified answer must hold to be the answer to the request it came for, where Apple's contract
/// makes that checkable from what Apple signs. A server that answers a question with another customer's
/// genuine data (a proxy, a cache, a mix-up) makes a verified answer that is not for the question: it
/// decides nothing (`answer_mismatch`).
///
/// Asked by a transaction id, only two answers can be held to their question. An order lookup's
/// transactions sign no order id, a refund history holds only the refunded transactions, the statuses
/// carry each subscription's original transaction whatever transaction asked, and an AppTransaction
/// names no transaction: those answers are tied to one customer by their elements (`CustomerMatch`), not
/// to the transaction asked about. Asked by an app transaction id (the caller says so), every answer
/// that names a customer can be held: Apple signs the `appTransactionId` in each transaction, renewal
/// info and AppTransaction.
enum ExpectedAnswer: Sendable, Equatable {
    /// Get Transaction Info: the transaction is the one asked for, or (asked by an original transaction
    /// id) one of that original transaction. Apple takes no app transaction id there (error 4000048).
    case transaction(String)
    /// Get Transaction History, every page and no filter: a transaction of the history is the one asked
    /// about, one of that original transaction, or one of that app transaction: Apple takes any of the
    /// three there (API 1.20).
    case history(String)
    /// Any operation that takes an app transaction id, asked with one: every signed element that names
    /// a customer names this one, and one at least does (an empty answer names nobody, and could be
    /// anybody's).
    case customer(String)

    /// What a whole history asked about `id` must hold: the customer when asked by an app transaction
    /// id, else the transaction when no filter may leave it out, else nothing.
    static func forHistory(
        _ id: String, selectsAll: Bool, asked: AppStoreServerAPIRequest.IdentifierKind
    ) -> ExpectedAnswer? {
        switch asked {
        case .appTransaction: .customer(id)
        case .transaction: selectsAll ? .history(id) : nil
        }
    }

    /// The identifier asked about.
    var transactionID: String {
        switch self {
        case .transaction(let id), .history(let id), .customer(let id): id
        }
    }

    /// Records on a valid `report` whether the answer is for the request; a mismatch makes it invalid.
    func check(_ report: inout ValidationReport) {
        guard report.status == .valid else { return }
        // Only what Apple signed: a response's own members (a status group's `originalTransactionId`)
        // are the server's word.
        let payloads = (report.response?.elements ?? []).compactMap { $0.jws?.payload }
        let asked = transactionID
        let what: String
        switch self {
        case .transaction, .history:
            let transactions = payloads.compactMap { payload -> JWSTransaction? in
                if case .transaction(let transaction) = payload { transaction } else { nil }
            }
            if transactions.contains(where: answers) {
                report.record(.pass(.answer, "the answer holds the transaction asked about, \(asked)"))
                return
            }
            let named = transactions.prefix(3).map { $0.transactionId ?? "?" }.joined(separator: ", ")
            what =
                if case .transaction = self {
                    "the transaction asked for is \(asked), the answer is transaction \(named.isEmpty ? "none" : named)"
                } else {
                    "the history asked for with transaction \(asked) holds no transaction of it among its "
                        + "\(transactions.count)"
                }
        case .customer:
            let customers = payloads.compactMap(Self.customer(of:))
            let others = customers.filter { !$0.isIdentical(to: asked) }
            if !customers.isEmpty, others.isEmpty {
                report.record(.pass(.answer, "the answer is of the app transaction asked about, \(asked)"))
                return
            }
            what =
                others.isEmpty
                ? "the answer asked for with app transaction \(asked) names no customer among its \(payloads.count) "
                    + "signed elements"
                : "the answer asked for with app transaction \(asked) is of app transaction "
                    + Set(others).sorted().prefix(3).joined(separator: ", ")
        }
        report.record(.fail(.answer, .answerMismatch, what + ": another customer's answer, or another question's"))
        report.status = .invalid
    }

    /// Whether `transaction` is the one asked about: by its id or its original's, and for a history by
    /// its app transaction's. Compared as identifiers (the same scalars), never as Unicode-equivalent text.
    private func answers(_ transaction: JWSTransaction) -> Bool {
        let asked = transactionID
        if String.identical(transaction.transactionId, asked)
            || String.identical(transaction.originalTransactionId, asked)
        {
            return true
        }
        guard case .history = self else { return false }
        return String.identical(transaction.appTransactionId, asked)
    }

    /// The customer a signed payload names: the `appTransactionId` Apple signed in it.
    private static func customer(of payload: JWSPayload) -> String? {
        switch payload {
        case .appTransaction(let app): app.appTransactionId
        case .transaction(let transaction): transaction.appTransactionId
        case .renewalInfo(let renewal): renewal.appTransactionId
        case .notification, .realtimeRequest, .unidentified: nil
        }
    }
}
