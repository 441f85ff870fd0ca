import Foundation
import Testing

@testable import ReceiptKit

/// What a StoreKit 2 transaction adds to a purchase stays with that purchase when facts are joined and
/// selected: a receipt's purchases beside transactions never take another purchase's upgrade, group or
/// ownership.
@Suite struct PurchaseFactListTests {
    static func record(_ id: String) -> InAppPurchase {
        InAppPurchase(productID: "pro.\(id)", transactionID: id)
    }

    static func transaction(_ id: String, group: String) -> PurchaseFacts {
        PurchaseFacts(
            record(id),
            TransactionFacts(isUpgraded: true, subscriptionGroupID: group, ownershipType: .known(.purchased)))
    }

    @Test func aReceiptsPurchasesAddNothingWhereverTheyStand() throws {
        var facts = PurchaseFactList(records: [Self.record("1"), Self.record("2")])
        facts.append(contentsOf: [Self.transaction("3", group: "g3")])
        facts.append(contentsOf: PurchaseFactList(records: [Self.record("4")]))
        #expect(facts.map(\.transactionID) == ["1", "2", "3", "4"])
        #expect(facts.map(\.subscriptionGroupID) == [nil, nil, "g3", nil])
        #expect(facts.map(\.isUpgraded) == [nil, nil, true, nil])
        #expect(facts[2] == Self.transaction("3", group: "g3"))
    }

    @Test func aSelectionKeepsEachPurchasesOwnTransactionFacts() throws {
        let facts: PurchaseFactList = [
            Self.transaction("1", group: "g1"), PurchaseFacts(Self.record("2")), Self.transaction("3", group: "g3"),
        ]
        let selected = facts.selecting([2, 1])
        #expect(selected.map(\.transactionID) == ["3", "2"])
        #expect(selected.map(\.subscriptionGroupID) == ["g3", nil])
        let replaced = PurchaseFactList(records: [Self.record("1"), Self.record("2")])
            .selecting([1, 0], replacing: [1: Self.transaction("1", group: "g1")])
        #expect(replaced.map(\.subscriptionGroupID) == [nil, "g1"])
        #expect(replaced.map(\.ownershipType) == [nil, .known(.purchased)])
    }

    @Test func listsAreEqualByTheirPurchasesNotHowTheyHoldThem() throws {
        let records = PurchaseFactList(records: [Self.record("1")])
        #expect(records == [PurchaseFacts(Self.record("1"))])
        #expect(records != [Self.transaction("1", group: "g1")])
    }
}
