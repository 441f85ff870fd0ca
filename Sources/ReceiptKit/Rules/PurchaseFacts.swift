/// One purchase as rules read it: the in-app purchase record and what only a StoreKit 2 transaction adds,
/// both read as the purchase's own members, so rules need not ask which input said what.
@dynamicMemberLookup
package struct PurchaseFacts: Sendable, Equatable {
    /// What a receipt's in-app purchase record holds.
    package var record: InAppPurchase
    /// What a StoreKit 2 transaction adds; all absent for a receipt's purchase.
    package var transaction: TransactionFacts

    /// A purchase of `record` and, from a StoreKit 2 transaction, `transaction`.
    package init(_ record: InAppPurchase, _ transaction: TransactionFacts = TransactionFacts()) {
        self.record = record
        self.transaction = transaction
    }

    /// A member of the record.
    package subscript<Value>(dynamicMember member: KeyPath<InAppPurchase, Value>) -> Value {
        record[keyPath: member]
    }

    /// A member only a StoreKit 2 transaction has.
    package subscript<Value>(dynamicMember member: WritableKeyPath<TransactionFacts, Value>) -> Value {
        get { transaction[keyPath: member] }
        set { transaction[keyPath: member] = newValue }
    }
}
