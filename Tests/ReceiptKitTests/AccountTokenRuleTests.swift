import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `app_account_token`, a transaction's own field, compared with the app's account: beside a product in one
/// `and` it reads that product's transactions; alone it holds only when every transaction agrees.
@Suite struct AccountTokenRuleTests {
    static let time = PaywallRuleTests.time
    static let ana = "7e3fb20b-4cdb-47cc-936d-99d65f608138"
    static let bo = "1f0e2d3c-4b5a-4968-8776-a5b4c3d2e1f0"

    static func purchase(_ product: String, _ id: String, token: String?) -> PurchaseFacts {
        PurchaseFacts(
            InAppPurchase(
                quantity: 1, productID: product, transactionID: id, purchaseDate: time.addingTimeInterval(-86_400)),
            TransactionFacts(appAccountToken: token))
    }

    static func decide(_ lines: [String], _ purchases: [PurchaseFacts], account: AppFacts.Value?) throws
        -> [String: EntitlementDecision]
    {
        let rules = try RuleSet.parse(file: lines.joined(separator: "\n"), name: "rules.txt")
        var appFacts = AppFacts()
        if let account { try appFacts.add("account_id", account) }
        let facts = EntitlementFacts(source: .transaction, purchases: PurchaseFactList(purchases))
        let decisions = rules.evaluate(facts: facts, at: time, platform: .ios, maximumAge: nil, appFacts: appFacts)
        return Dictionary(uniqueKeysWithValues: decisions.map { ($0.name, $0) })
    }

    static let rules = [
        "pro: product \"com.example.pro\" and app_account_token == account_id",
        "mine: app_account_token == account_id", "theirs: account_id != app_account_token",
        "literal: app_account_token == \"\(ana)\"",
    ]

    @Test func theTokenNarrowsTheProductToThisAccountsTransactions() throws {
        let history = [
            Self.purchase("com.example.pro", "1", token: Self.bo),
            Self.purchase("com.example.addon", "2", token: Self.ana),
        ]
        let other = try Self.decide(Self.rules, history, account: .string(Self.ana))
        #expect(other["pro"]?.granted == false, "\(other["pro"]?.reasons ?? [])")
        #expect(
            other["pro"]?.reasons.first?.hasPrefix("of the 1 of 2 transactions whose app account token holds: ") == true
        )
        // Alone, over transactions that differ, the token is unknown: neither granted nor its negation.
        #expect(other["mine"]?.granted == false)
        #expect(other["theirs"]?.granted == false)
        // The hint is rule text: it names the fact, whose value only the reason shows.
        #expect(
            other["mine"]?.reasons == [
                "app account token differs among the 2 transactions: whether it == fact account_id \"\(Self.ana)\" is unknown; name the product (product \"X\" and app_account_token == account_id)"
            ])
        #expect(
            try RuleParser.parse("p: product \"X\" and app_account_token == account_id", origin: "t").condition
                == .and([.product("X"), .compareOperands(.field(.appAccountToken), .equal, .fact("account_id"))]))
        // Foundation's uuidString is uppercase: the same token.
        let own = try Self.decide(Self.rules, history, account: .string(Self.bo.uppercased()))
        #expect(own["pro"]?.granted == true, "\(own["pro"]?.reasons ?? [])")
    }

    @Test func everyTransactionAgreeingDecides() throws {
        let history = [
            Self.purchase("com.example.pro", "1", token: Self.ana),
            Self.purchase("com.example.addon", "2", token: Self.ana),
        ]
        let decisions = try Self.decide(Self.rules, history, account: .string(Self.ana))
        #expect(decisions["mine"]?.granted == true)
        #expect(
            decisions["mine"]?.reasons == [
                "app account token of every transaction (2) == fact account_id \"\(Self.ana)\""
            ])
        #expect(decisions["theirs"]?.granted == false)
        #expect(decisions["literal"]?.granted == true)
        #expect(decisions["pro"]?.granted == true)
    }

    /// A transaction without a token, a fact not given or not a string: unknown, never granted.
    @Test func whatCannotBeComparedGrantsNothing() throws {
        let untokened = [
            Self.purchase("com.example.pro", "1", token: nil), Self.purchase("com.example.addon", "2", token: Self.ana),
        ]
        let missingToken = try Self.decide(Self.rules, untokened, account: .string(Self.ana))
        #expect(missingToken["pro"]?.granted == false)
        #expect(missingToken["pro"]?.reasons.last?.hasPrefix("1 transactions carry no app account token") == true)
        #expect(missingToken["theirs"]?.granted == false)
        let tokened = [Self.purchase("com.example.pro", "1", token: Self.ana)]
        let noFact = try Self.decide(Self.rules, tokened, account: nil)
        #expect(noFact.values.filter { $0.name != "literal" }.allSatisfy { !$0.granted })
        #expect(noFact["pro"]?.reasons == ["fact account_id was not given: rule not satisfied"])
        #expect(noFact["theirs"]?.reasons == ["fact account_id was not given: rule not satisfied"])
        let number = try Self.decide(Self.rules, tokened, account: .number(7))
        #expect(number.values.filter { $0.name != "literal" }.allSatisfy { !$0.granted })
        #expect(
            number["mine"]?.reasons == [
                "fact account_id is a number, compared with an app account token, a string: rule not satisfied"
            ])
    }

    /// Transactions without a token do not agree on one: `not` of their comparison is unknown, not granted.
    @Test func transactionsWithoutATokenGrantNoNegation() throws {
        let untokened = [
            Self.purchase("com.example.pro", "1", token: nil), Self.purchase("com.example.addon", "2", token: nil),
        ]
        let decisions = try Self.decide(
            ["x: not (app_account_token == account_id)"], untokened, account: .string(Self.ana))
        #expect(decisions["x"]?.granted == false, "\(decisions["x"]?.reasons ?? [])")
    }

    /// Apple signs an empty token for an app that uses none, and a logged-out app may have no account to
    /// give: neither is a token, so an empty account never matches an empty token.
    @Test func emptyTokensAreNoTokens() throws {
        #expect(TransactionFacts(appAccountToken: "").appAccountToken == nil)
        let empty = [
            Self.purchase("com.example.pro", "1", token: ""), Self.purchase("com.example.addon", "2", token: ""),
        ]
        let decisions = try Self.decide(Self.rules, empty, account: .string(""))
        #expect(decisions.values.allSatisfy { !$0.granted }, "\(decisions.mapValues(\.reasons))")
        #expect(
            decisions["mine"]?.reasons == [
                "fact account_id \"\" is not an app account token (a UUID): rule not satisfied"
            ])
    }

    /// Tokens are UUIDs compared as UUIDs: text that only looks alike under Unicode's rules, or that is no
    /// UUID at all, is no match.
    @Test func tokensAreComparedAsUUIDs() throws {
        let accented = [Self.purchase("com.example.pro", "1", token: "\u{E9}")]
        let decomposed = try Self.decide(Self.rules, accented, account: .string("e\u{301}"))
        #expect(decomposed.values.allSatisfy { !$0.granted }, "\(decomposed.mapValues(\.reasons))")
        let named = [Self.purchase("com.example.pro", "1", token: "pro-account")]
        let literal = try Self.decide(
            ["same: app_account_token == \"pro-account\""], named, account: .string("pro-account"))
        #expect(literal["same"]?.granted == false, "\(literal["same"]?.reasons ?? [])")
    }

    /// Beside ownership, the note on undecided transactions names the field they lack, not the other one, and
    /// a token compared with no UUID as that, not as a token lacking.
    @Test func theUndecidedNoteNamesTheFieldLacking() throws {
        let owned = PurchaseFacts(
            InAppPurchase(
                quantity: 1, productID: "com.example.pro", transactionID: "1",
                purchaseDate: Self.time.addingTimeInterval(-86_400)),
            TransactionFacts(ownershipType: .known(.purchased)))
        let decisions = try Self.decide(
            ["both: product \"com.example.pro\" and ownership == purchased and app_account_token == account_id"],
            [owned], account: .string(Self.ana))
        #expect(decisions["both"]?.granted == false)
        #expect(
            decisions["both"]?.reasons.last
                == "1 transactions carry no app account token (only StoreKit 2 transactions of purchases the app gave a token carry it): unknown"
        )
        var tokened = owned
        tokened.transaction.appAccountToken = Self.ana
        let literal = try Self.decide(
            ["both: product \"com.example.pro\" and ownership == purchased and app_account_token == \"pro-account\""],
            [tokened], account: nil)
        #expect(literal["both"]?.granted == false)
        #expect(
            literal["both"]?.reasons.last
                == "1 transactions carry an app account token that is no UUID or is compared with no UUID: unknown")
    }

    @Test func theTokenParsesAsAStringField() throws {
        #expect(
            try RuleParser.parse("p: app_account_token == account_id", origin: "t").condition
                == .compareOperands(.field(.appAccountToken), .equal, .fact("account_id")))
        #expect(throws: RuleSet.ParseError.self) { try RuleParser.parse("p: app_account_token < a", origin: "t") }
        #expect(throws: AppFacts.FactError.self) { try AppFacts.check(name: "app_account_token") }
    }
}
