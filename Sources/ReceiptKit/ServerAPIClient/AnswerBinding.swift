/// What a verified answer must hold to be the answer to the request it came for, where Apple's contract
/// makes that checkable from what Apple signs. A server that answers a question with another customer's
/// genuine data (a proxy, a cache, a mix-up) makes a verified answer that is not for the question: it
/// decides nothing (`answer_mismatch`).
///
/// Only two answers can be held to their question. An order lookup's transactions sign no order id, a
/// refund history holds only the refunded transactions, the statuses carry each subscription's original
/// transaction whatever transaction asked, and an AppTransaction names no transaction: those answers are
/// tied to one customer by their elements (`CustomerTie`), not to the transaction asked about.
enum AnswerBinding: Sendable, Equatable {
    /// Get Transaction Info: the transaction is the one asked for, or (asked by an original transaction
    /// id) one of that original transaction.
    case transaction(String)
    /// Get Transaction History, every page and no filter: a transaction of the history is the one asked
    /// about, or one of that original transaction.
    case history(String)

    /// The transaction id asked about.
    var transactionID: String {
        switch self {
        case .transaction(let id), .history(let id): id
        }
    }

    /// Records on a valid `report` whether the answer is for the request; a mismatch makes it invalid.
    func check(_ report: inout ValidationReport) {
        guard report.status == .valid else { return }
        let transactions = (report.response?.elements ?? []).compactMap { element -> JWSTransaction? in
            if case .transaction(let transaction)? = element.jws?.payload { transaction } else { nil }
        }
        let asked = transactionID
        // Compared as identifiers (the same scalars), never as Unicode-equivalent text.
        let answers = transactions.contains {
            $0.transactionId?.isIdentical(to: asked) == true || $0.originalTransactionId?.isIdentical(to: asked) == true
        }
        if answers {
            report.record(.pass(.answer, "the answer holds the transaction asked about, \(asked)"))
            return
        }
        let named = transactions.prefix(3).map { $0.transactionId ?? "?" }.joined(separator: ", ")
        let what: String
        switch self {
        case .transaction:
            what = "the transaction asked for is \(asked), the answer is transaction \(named.isEmpty ? "none" : named)"
        case .history:
            what =
                "the history asked for with transaction \(asked) holds no transaction of it among its "
                + "\(transactions.count)"
        }
        report.record(.fail(.answer, .answerMismatch, what + ": another customer's answer, or another question's"))
        report.status = .invalid
    }
}
