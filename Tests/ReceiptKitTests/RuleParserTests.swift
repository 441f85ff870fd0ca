import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite(.timeLimit(.minutes(10))) struct RuleParserTests {
    static let accepted: [(String, RuleCondition)] = [
        ("premium: original_application_version < 42", .compareVersion(.originalApplicationVersion, .less, "42")),
        (
            "premium: original_application_version <= \"1.10\"",
            .compareVersion(.originalApplicationVersion, .lessOrEqual, "1.10")
        ),
        ("p:application_version>=3.3.1b4", .compareVersion(.applicationVersion, .greaterOrEqual, "3.3.1b4")),
        ("p: environment == production", .compareEnvironment(.equal, .production)),
        ("p: environment != \"sandbox\"", .compareEnvironment(.notEqual, .sandbox)),
        ("p: bundle_id == \"com.example.app\"", .compareString(.bundleID, .equal, "com.example.app")),
        ("p: product \"com.example.pro\"", .product("com.example.pro")),
        ("p: product \"say \\\"hi\\\" \\\\\"", .product("say \"hi\" \\")),
        ("p: subscription \"monthly\" active", .subscriptionActive("monthly")),
        (
            "p: original_purchase_date < 2024-01-01",
            .compareDate(.originalPurchaseDate, .less, Date(timeIntervalSince1970: 1_704_067_200))
        ),
        (
            "p: receipt_creation_date > 2024-01-01T02:00:00+02:00",
            .compareDate(.receiptCreationDate, .greater, Date(timeIntervalSince1970: 1_704_067_200))
        ),
        (
            "p: product \"a\" or product \"b\" and product \"c\"",
            .or([.product("a"), .and([.product("b"), .product("c")])])
        ),
        (
            "p: (product \"a\" or product \"b\") and product \"c\"",
            .and([.or([.product("a"), .product("b")]), .product("c")])
        ),
        ("p: not product \"a\" and product \"b\"", .and([.not(.product("a")), .product("b")])),
        ("p: not not product \"a\"", .not(.not(.product("a")))),
        (
            "p: product \"a\" and product \"b\" and product \"c\"",
            .and([.product("a"), .product("b"), .product("c")])
        ),
        (
            "p: product \"a\" or product \"b\" or product \"c\"",
            .or([.product("a"), .product("b"), .product("c")])
        ),
        ("  pro.tier-2 :\tproduct \"x\"  ", .product("x")),
    ]

    @Test(arguments: accepted) func parses(text: String, condition: RuleCondition) throws {
        let rule = try RuleParser.parse(text, origin: "test")
        #expect(rule.condition == condition)
    }

    @Test func keepsTheEntitlementNameAndText() throws {
        let rule = try RuleParser.parse("  pro.tier-2 : product \"x\"  ", origin: "rules.txt:9")
        #expect(rule.entitlement == "pro.tier-2")
        #expect(rule.text == "pro.tier-2 : product \"x\"")
        #expect(rule.origin == "rules.txt:9")
    }

    /// (rule, column, message): the column is 1-based over the whole rule text.
    static let rejected: [(String, Int, String)] = [
        ("premium: original_application_version 42", 39, "expected a comparison operator, found \"42\""),
        ("premium original_application_version < 42", 9, "expected \":\" after the entitlement name, found \"o\""),
        (": product \"a\"", 1, "expected an entitlement name (letters, digits, _ . -), found \":\""),
        ("p: ", 4, "expected a condition, found end of rule"),
        (
            "p: sku == tier", 11,
            "sku is compared with a quoted string written in the rule, not with a fact or field, found \"tier\""
        ),
        ("p: sku < \"a\"", 8, "expected == or != (sku is compared for equality only), found \"<\""),
        ("p: commitment_billing_period > 1.5", 32, "expected a whole number such as 12, found \"1.5\""),
        ("p: product a", 12, "expected a quoted product id, found \"a\""),
        ("p: product \"a", 12, "string not closed: expected a closing \""),
        ("p: subscription \"m\" live", 21, "expected active or in_grace, found \"live\""),
        (
            "p: environment < production", 16,
            "expected == or != (environment is compared for equality only), found \"<\""
        ),
        ("p: environment == staging", 19, "expected production, sandbox, xcode or unknown, found \"staging\""),
        ("p: bundle_id == com.example", 17, "expected a quoted string, found \"com.example\""),
        ("p: bundle_id > \"a\"", 14, "expected == or != (bundle_id is compared for equality only), found \">\""),
        ("p: application_version < 1..2", 26, "expected a version such as 42 or 1.10, found \"1..2\""),
        ("p: application_version < \"\"", 26, "expected a version such as 42 or 1.10, found the string \"\""),
        (
            "p: original_purchase_date < 2024-13-01", 29,
            "expected a date such as 2024-01-01 or 2024-01-01T00:00:00Z, found \"2024-13-01\""
        ),
        ("p: original_application_version = 42", 33, "expected a comparison operator (< <= > >= == !=), found \"=\""),
        ("p: (product \"a\"", 16, "expected \")\", found end of rule"),
        ("p: product \"a\")", 15, "expected and, or, | \"message\" or the end of the rule, found \")\""),
        (
            "p: product \"a\" product \"b\"", 16,
            "expected and, or, | \"message\" or the end of the rule, found \"product\""
        ),
        ("p: product \"a\" and", 19, "expected a condition, found end of rule"),
        (
            "p: version < 2", 4,
            "expected a field (original_application_version, application_version, original_purchase_date, "
                + "receipt_creation_date, environment, bundle_id, receipt_type, preorder_date, original_platform, ownership, app_account_token, sku, commitment_billing_period), a fact name, product, subscription, entitled, not or \"(\", found \"version\""
        ),
        (
            "p: Free_reads > 0", 4,
            "expected a field (original_application_version, application_version, original_purchase_date, "
                + "receipt_creation_date, environment, bundle_id, receipt_type, preorder_date, original_platform, ownership, app_account_token, sku, commitment_billing_period), a fact name, product, subscription, entitled, not or \"(\", found \"Free_reads\""
        ),
        ("p: entitled", 12, "expected an entitlement name (letters, digits, _ . -) after entitled, found end of rule"),
        (
            "p: entitled \"premium\"", 13,
            "expected an entitlement name (letters, digits, _ . -) after entitled, found the string \"premium\""
        ),
        ("p: entitled a:b", 13, "expected an entitlement name (letters, digits, _ . -) after entitled, found \"a:b\""),
        ("p: free_reads 0", 15, "expected a comparison operator after the fact free_reads, found \"0\""),
        (
            "p: free_reads > 1e3", 17,
            "expected a number, true, false, a date such as 2024-01-01, a quoted string, a fact or a field, found \"1e3\""
        ),
        ("p: is_author > true", 14, "expected == or != (a boolean is compared for equality only), found \">\""),
        ("p: plan < \"pro\"", 9, "expected == or != (a string is compared for equality only), found \"<\""),
        ("p: and > 1", 4, "fact name 'and' is a word of the rule language"),
        ("p: product \"a\" |", 17, "expected a quoted message after |, found end of rule"),
        ("p: product \"a\" | \"\"", 18, "the message is empty"),
        (
            "p: product \"a\" | \"m\" or product \"b\"", 22,
            "expected the end of the rule after the message, found \"or\""
        ),
        ("p: product \"a\" & product \"b\"", 16, "unexpected character \"&\""),
        ("p: product \"a\\n\"", 14, "expected \\\" or \\\\ after a backslash in a string"),
    ]

    @Test(arguments: rejected) func rejectsWithColumn(text: String, column: Int, message: String) {
        #expect(throws: RuleSet.ParseError(origin: "rules.txt:3", column: column, message: message)) {
            try RuleParser.parse(text, origin: "rules.txt:3")
        }
    }

    @Test func errorTextNamesTheRuleColumnAndExpectation() {
        let error = RuleSet.ParseError(
            origin: "rules.txt:3", column: 28, message: "expected a comparison operator, found \"42\"")
        #expect("\(error)" == "rules.txt:3: column 28: expected a comparison operator, found \"42\"")
    }

    @Test func nestingUpToTheLimitParses() throws {
        let depth = RuleParser.maximumDepth
        let parenthesised =
            "p: " + String(repeating: "(", count: depth) + "product \"a\"" + String(repeating: ")", count: depth)
        #expect(try RuleParser.parse(parenthesised, origin: "t").condition == .product("a"))
        let negated = "p: " + String(repeating: "not ", count: depth) + "product \"a\""
        _ = try RuleParser.parse(negated, origin: "t")
        let mixed =
            "p: " + String(repeating: "not (", count: depth / 2) + "product \"a\""
            + String(repeating: ")", count: depth / 2)
        _ = try RuleParser.parse(mixed, origin: "t")
    }

    @Test func nestingBeyondTheLimitIsRefusedNotRecursed() {
        let depth = RuleParser.maximumDepth + 1
        let parenthesised =
            "p: " + String(repeating: "(", count: depth) + "product \"a\"" + String(repeating: ")", count: depth)
        #expect(
            throws: RuleSet.ParseError(
                origin: "t", column: 4 + RuleParser.maximumDepth,
                message: "rule nested deeper than 64 levels of parentheses and not")
        ) {
            try RuleParser.parse(parenthesised, origin: "t")
        }
        // Far deeper than any stack would survive if the parser recursed per level without a limit.
        let hostile = "p: " + String(repeating: "not ", count: 200_000) + "product \"a\""
        #expect(throws: RuleSet.ParseError.self) { try RuleParser.parse(hostile, origin: "t") }
    }

    @Test func longFlatChainsAreWideNotDeep() throws {
        let chain = "p: " + Array(repeating: "product \"a\"", count: 5_000).joined(separator: " or ")
        let condition = try RuleParser.parse(chain, origin: "t").condition
        #expect(condition == .or(Array(repeating: .product("a"), count: 5_000)))
        let mixed = "p: product \"a\" and product \"b\" or product \"c\" and product \"d\" or product \"e\""
        #expect(
            try RuleParser.parse(mixed, origin: "t").condition
                == .or([.and([.product("a"), .product("b")]), .and([.product("c"), .product("d")]), .product("e")]))
    }

    @Test func fileSkipsCommentsAndBlankLinesAndNumbersLines() throws {
        let text =
            "# header\n\npremium: product \"a\"\n   # indented comment\r\npremium: original_application_version < 42\r\n"
        let set = try RuleSet.parse(file: text, name: "rules.txt")
        #expect(set.rules.map(\.origin) == ["rules.txt:3", "rules.txt:5"])
        #expect(set.entitlements == ["premium"])
        #expect(
            throws: RuleSet.ParseError(
                origin: "rules.txt:3", column: 31, message: "expected a version such as 42 or 1.10, found end of rule")
        ) {
            try RuleSet.parse(file: "# c\n\npremium: application_version <", name: "rules.txt")
        }
    }
}
