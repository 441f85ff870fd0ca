/// The purchases of some facts in input order: their records as a receipt holds them (read from its payload
/// on demand for a receipt of many), and beside them, by position, what StoreKit 2 transactions add.
///
/// A receipt's purchases add nothing, so their list holds the receipt's `InAppPurchases` as it is: no entry
/// is copied or decoded to make its facts.
package struct PurchaseFactList: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    private(set) var records: InAppPurchases
    /// What a transaction adds to the record at the same position; empty while no entry adds anything.
    private var transactions: [TransactionFacts]

    /// A receipt's purchases, which add nothing to their records.
    package init(records: InAppPurchases = []) {
        self.records = records
        transactions = []
    }

    /// These purchases.
    package init(_ purchases: [PurchaseFacts]) {
        records = InAppPurchases(purchases.map(\.record))
        transactions = Self.kept(purchases.map(\.transaction))
    }

    /// These purchases.
    package init(arrayLiteral purchases: PurchaseFacts...) {
        self.init(purchases)
    }

    /// Always 0: positions count entries in input order.
    package var startIndex: Int { 0 }

    /// The number of entries.
    package var endIndex: Int { records.count }

    /// The entry at `position`.
    package subscript(position: Int) -> PurchaseFacts {
        PurchaseFacts(records[position], transactions.isEmpty ? TransactionFacts() : transactions[position])
    }

    /// These entries followed by `other`'s.
    mutating func append(contentsOf other: PurchaseFactList) {
        if !transactions.isEmpty || !other.transactions.isEmpty {
            transactions = added(other)
        }
        records.append(contentsOf: other.records)
    }

    /// The entries at `positions`, those in `replaced` (by position in the result) replaced.
    func selecting(_ positions: [Int], replacing replaced: [Int: PurchaseFacts] = [:]) -> PurchaseFactList {
        var selected = self
        selected.records = records.selecting(positions, replacing: replaced.mapValues(\.record))
        guard !transactions.isEmpty || replaced.values.contains(where: { $0.transaction != TransactionFacts() })
        else { return selected }
        var picked = positions.map { transactions.isEmpty ? TransactionFacts() : transactions[$0] }
        for (position, purchase) in replaced {
            picked[position] = purchase.transaction
        }
        selected.transactions = Self.kept(picked)
        return selected
    }

    /// This list's transaction facts followed by `other`'s, either filled out with absent ones.
    private func added(_ other: PurchaseFactList) -> [TransactionFacts] {
        let mine = transactions.isEmpty ? Array(repeating: TransactionFacts(), count: count) : transactions
        let theirs =
            other.transactions.isEmpty ? Array(repeating: TransactionFacts(), count: other.count) : other.transactions
        return mine + theirs
    }

    /// `facts`, or none where none of them says anything.
    private static func kept(_ facts: [TransactionFacts]) -> [TransactionFacts] {
        facts.allSatisfy { $0 == TransactionFacts() } ? [] : facts
    }

    /// Equal when they hold equal entries in the same order, however they are stored.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}
