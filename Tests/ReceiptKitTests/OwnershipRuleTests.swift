import Foundation
import Testing

@testable import ReceiptKit

/// `ownership` over several transactions: beside a product in one `and` it reads that product's
/// transactions; alone it holds only when every transaction agrees.
@Suite(.timeLimit(.minutes(10))) struct OwnershipRuleTests {
    typealias T = CustomerMatchTests

    static let rules = """
        addon: product "com.example.addon" and ownership == purchased
        shared: product "com.example.addon" and not ownership == purchased
        any: ownership == purchased
        """

    static func history(addon: String, pro: String) -> String {
        let shared = #""inAppOwnershipType":"PURCHASED""#
        return ServerResponseTests.history([
            T.nonConsumable(id: "7001", product: "com.example.addon", customer: "705000000000001")
                .replacingOccurrences(of: shared, with: #""inAppOwnershipType":"\#(addon)""#),
            T.nonConsumable(id: "7002", product: "com.example.pro", customer: "705000000000001")
                .replacingOccurrences(of: shared, with: #""inAppOwnershipType":"\#(pro)""#),
        ])
    }

    /// The add-on shared by a family member, another product bought: the add-on is not this customer's.
    @Test func ownershipReadsTheProductsOwnTransaction() throws {
        let shared = try T.verify(Self.history(addon: "FAMILY_SHARED", pro: "PURCHASED"), Self.rules)
        #expect(shared.granted == ["shared"], "\(shared.reasons)")
        let bought = try T.verify(Self.history(addon: "PURCHASED", pro: "FAMILY_SHARED"), Self.rules)
        #expect(bought.granted == ["addon"], "\(bought.reasons)")
    }

    /// Alone, over transactions that differ, ownership is unknown (and `not` keeps it so); over agreeing ones it decides.
    @Test func ownershipOverSeveralTransactionsIsFailClosed() throws {
        let rules = """
            any: ownership == purchased
            none: not ownership == family_shared
            """
        let mixed = try T.verify(Self.history(addon: "FAMILY_SHARED", pro: "PURCHASED"), rules)
        #expect(mixed.granted.isEmpty, "\(mixed.reasons)")
        #expect(mixed.reasons.contains { $0.contains("ownership differs among the 2 transactions") })
        #expect(try T.verify(Self.history(addon: "PURCHASED", pro: "PURCHASED"), rules).granted == ["any", "none"])
    }
}
