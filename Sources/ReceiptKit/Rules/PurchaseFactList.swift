/// The purchases of some facts in input order: their records as a receipt holds them, and beside them, by
/// position, what StoreKit 2 transactions add. A receipt's `InAppPurchases` is held as it is: nothing
/// is copied or decoded, and a million purchases with one transaction hold one `TransactionFacts`.
package struct PurchaseFactList: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    private(set) var records: InAppPurchases
    /// What a transaction adds to the record at the same position; only positions that add something.
    private var transactions: [Int: TransactionFacts]

    /// A receipt's purchases, which add nothing to their records.
    package init(records: InAppPurchases = []) {
        self.records = records
        transactions = [:]
    }

    package init(_ purchases: [PurchaseFacts]) {
        records = InAppPurchases(purchases.map(\.record))
        transactions = [:]
        for (position, purchase) in purchases.enumerated() {
            Self.set(purchase.transaction, at: position, in: &transactions)
        }
    }

    package init(arrayLiteral purchases: PurchaseFacts...) {
        self.init(purchases)
    }

    /// Always 0: positions count entries in input order.
    package var startIndex: Int { 0 }

    package var endIndex: Int { records.count }

    package subscript(position: Int) -> PurchaseFacts {
        let added = transactions.isEmpty ? nil : transactions[position]
        return PurchaseFacts(records[position], added ?? TransactionFacts())
    }

    /// These entries followed by `other`'s.
    mutating func append(contentsOf other: PurchaseFactList) {
        let offset = count
        for (position, facts) in other.transactions {
            transactions[offset + position] = facts
        }
        records.append(contentsOf: other.records)
    }

    /// The entries at `positions`, those in `replaced` (by position in the result) replaced.
    func selecting(_ positions: [Int], replacing replaced: [Int: PurchaseFacts] = [:]) -> PurchaseFactList {
        var selected = self
        selected.records = records.selecting(positions, replacing: replaced.mapValues(\.record))
        var picked: [Int: TransactionFacts] = [:]
        if !transactions.isEmpty {
            for (position, index) in positions.enumerated() {
                picked[position] = transactions[index]
            }
        }
        for (position, purchase) in replaced {
            Self.set(purchase.transaction, at: position, in: &picked)
        }
        selected.transactions = picked
        return selected
    }

    /// Keeps `facts` at `position`, or nothing there when they say nothing.
    private static func set(
        _ facts: TransactionFacts, at position: Int, in transactions: inout [Int: TransactionFacts]
    ) {
        transactions[position] = facts == TransactionFacts() ? nil : facts
    }

    /// Equal when they hold equal entries in the same order, however they are stored.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}
