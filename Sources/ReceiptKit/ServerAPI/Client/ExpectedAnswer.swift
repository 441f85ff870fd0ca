/// What a verified answer must hold to answer its request: another customer's genuine data sent for the
/// question decides nothing (`answer_mismatch`). Only what Apple signs is checked, so by a transaction id
/// only a transaction info and a history can be held; by an app transaction id, every answer naming a customer.
enum ExpectedAnswer: Sendable, Equatable {
    /// Get Transaction Info: the transaction asked for, or one of that original transaction.
    case transaction(String)
    /// Get Transaction History, every page and no filter: holds the transaction (or original or app one) asked about.
    case history(String)
    /// Asked by an app transaction id: every element naming a customer names this one, and one at least does.
    case customer(String)

    /// What a whole history asked about `id` must hold, if anything.
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
        // Only what Apple signed: a response's own members are the server's word.
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

    /// Whether `transaction` is the one asked about, compared as identifiers, never as Unicode-equivalent text.
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
