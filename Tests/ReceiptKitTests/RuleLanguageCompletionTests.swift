import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The constants `always` and `never`, `#` comments after a rule, and comparisons of a fact with another
/// fact or with a field.
@Suite struct RuleLanguageCompletionTests {
    static let time = PaywallRuleTests.time

    /// A verified receipt's facts: bundle com.example.blog, first bought 2023-06-01, no purchases.
    static let facts = EntitlementFacts(
        source: .receipt, bundleID: "com.example.blog", originalApplicationVersion: "37",
        originalPurchaseDate: Date(timeIntervalSince1970: 1_685_577_600), receiptCreationDate: time,
        environment: .production)

    static func decide(_ lines: [String], _ pairs: [(String, AppFacts.Value)] = []) throws -> [String:
        EntitlementDecision]
    {
        try PaywallRuleTests.decide(lines, try PaywallRuleTests.appFacts(pairs), facts: facts)
    }

    // MARK: - always and never

    @Test func alwaysGrantsAndNeverDeniesWithAReason() throws {
        let decisions = try Self.decide([
            "charts: always", "beta: never | \"The beta is closed.\"", "open: not never", "shut: not always",
            "via: entitled charts", "either: never or always", "both: always and never",
        ])
        #expect(decisions["charts"]?.granted == true)
        #expect(decisions["charts"]?.reasons == ["always holds"])
        #expect(decisions["beta"]?.granted == false)
        #expect(decisions["beta"]?.reasons == ["never holds"])
        #expect(decisions["beta"]?.message == "The beta is closed.")
        #expect(decisions["open"]?.granted == true)
        #expect(decisions["shut"]?.granted == false)
        #expect(decisions["shut"]?.reasons == ["not: always holds"])
        #expect(decisions["via"]?.reasons == ["entitled charts: granted"])
        #expect(decisions["either"]?.granted == true)
        #expect(decisions["both"]?.granted == false)
    }

    /// `always` holds for a verified input only: an input that failed verification, or a receipt whose
    /// volume purchase license expired, is granted nothing.
    @Test func alwaysGrantsNothingToWhatIsRefused() throws {
        let rules = try RuleSet.parse(file: "charts: always", name: "rules.txt")
        #expect(rules.refuseAll(because: "bad signature").map(\.granted) == [false])
        var expired = Self.facts
        expired.receiptExpirationDate = Self.time
        #expect(rules.evaluate(facts: expired, at: Self.time, platform: .ios).map(\.granted) == [false])
    }

    @Test func constantsParse() throws {
        #expect(try RuleParser.parse("charts: always", origin: "t").condition == .constant(true))
        #expect(try RuleParser.parse("beta: never", origin: "t").condition == .constant(false))
        #expect(
            try RuleParser.parse("p: always and free_reads > 0", origin: "t").condition
                == .and([.constant(true), .compareFact("free_reads", .greater, .number(0))]))
    }

    @Test(arguments: ["always", "never"]) func constantsAreNoFactNames(name: String) {
        #expect(throws: AppFacts.FactError("fact name '\(name)' is a word of the rule language")) {
            try AppFacts.check(name: name)
        }
    }

    // MARK: - Comments

    @Test func aCommentMayEndAnyRule() throws {
        let text = """
            # header
            premium: product "a"   # the lifetime unlock
            premium: product "b"# no space needed
            pro: entitled premium | "Pro #1 needs premium" # the message keeps its #
            tag: bundle_id == "com.example#blog"  #
            """
        let set = try RuleSet.parse(file: text, name: "rules.txt")
        #expect(set.rules.map(\.origin) == ["rules.txt:2", "rules.txt:3", "rules.txt:4", "rules.txt:5"])
        #expect(set.rules.map(\.condition)[0...1] == [.product("a"), .product("b")])
        #expect(set.rules[2].message == "Pro #1 needs premium")
        #expect(set.rules[3].condition == .compareString(.bundleID, .equal, "com.example#blog"))
        #expect(try RuleParser.parse("p: always # a --rule's comment", origin: "t").condition == .constant(true))
    }

    // MARK: - A fact compared with a fact or a field

    @Test func aFactComparedWithAFact() throws {
        let rules = [
            "own: post_author == reader_id", "other: post_author != reader_id", "under: read_today < daily_quota",
        ]
        let own = try Self.decide(
            rules,
            [
                ("post_author", .string("ana")), ("reader_id", .string("ana")), ("read_today", .number(3)),
                ("daily_quota", .number(3)),
            ])
        #expect(own["own"]?.granted == true)
        #expect(own["own"]?.reasons == ["fact post_author \"ana\" == fact reader_id \"ana\""])
        #expect(own["other"]?.granted == false)
        #expect(own["under"]?.reasons == ["fact read_today 3 is not < fact daily_quota 3"])
        let other = try Self.decide(
            rules,
            [
                ("post_author", .string("bo")), ("reader_id", .string("ana")), ("read_today", .number(2)),
                ("daily_quota", .number(3)),
            ])
        #expect(other["own"]?.reasons == ["fact post_author \"bo\" is not == fact reader_id \"ana\""])
        #expect(other["other"]?.granted == true)
        #expect(other["under"]?.granted == true)
    }

    @Test func aFactComparedWithAField() throws {
        let signup = try #require(RuleParser.date("2024-01-01"))
        let decisions = try Self.decide(
            [
                "early: original_purchase_date < signed_up", "late: signed_up <= original_purchase_date",
                "mine: expected_bundle == bundle_id", "theirs: bundle_id != expected_bundle",
            ], [("signed_up", .date(signup)), ("expected_bundle", .string("com.example.blog"))])
        #expect(decisions["early"]?.granted == true)
        #expect(
            decisions["early"]?.reasons == [
                "original purchase date 2023-06-01T00:00:00Z < fact signed_up 2024-01-01T00:00:00Z"
            ])
        #expect(decisions["late"]?.granted == false)
        #expect(
            decisions["mine"]?.reasons == [
                "fact expected_bundle \"com.example.blog\" == bundle id \"com.example.blog\""
            ])
        #expect(decisions["theirs"]?.granted == false)
    }

    /// A side that is missing or of another kind leaves the comparison unknown, so `not` grants nothing.
    @Test func aMissingOrMistypedSideIsUnknownNotFalse() throws {
        let rules = [
            "own: post_author == reader_id", "others: not (post_author == reader_id)", "old: signed_up > preorder_date",
        ]
        let missing = try Self.decide(rules, [("post_author", .string("ana")), ("signed_up", .number(3))])
        #expect(missing["own"]?.granted == false)
        #expect(missing["own"]?.reasons == ["fact reader_id was not given: rule not satisfied"])
        #expect(missing["others"]?.granted == false)
        #expect(missing["others"]?.reasons == ["not: fact reader_id was not given: rule not satisfied"])
        // The receipt has no preorder date: unknown, whatever the fact.
        #expect(missing["old"]?.granted == false)
        #expect(
            missing["old"]?.reasons == [
                "no preorder date in the receipt (only AppTransactions of pre-ordered apps carry it): rule not satisfied"
            ])
        let mistyped = try Self.decide(rules, [("post_author", .string("7")), ("reader_id", .number(7))])
        #expect(mistyped["others"]?.granted == false)
        #expect(
            mistyped["others"]?.reasons == [
                "not: fact post_author is a string and fact reader_id a number: they cannot be compared, rule not satisfied"
            ])
    }

    /// Two strings have no order: `<` between them is unknown, never decided by `order`'s "not equal".
    @Test func stringFactsAreNotOrdered() throws {
        let decisions = try Self.decide(
            ["after: plan > other_plan", "before: not (plan < other_plan)"],
            [("plan", .string("pro")), ("other_plan", .string("basic"))])
        #expect(decisions["after"]?.granted == false)
        #expect(
            decisions["after"]?.reasons == [
                "fact plan and fact other_plan are strings, compared for equality only, not with >: rule not satisfied"
            ])
        #expect(decisions["before"]?.granted == false)
    }

    @Test func checkingFactsNamesEachSideOfAFactComparison() throws {
        let rules = try RuleSet.parse(
            file: "own: post_author == reader_id\nearly: original_purchase_date < signed_up\nmore: a > b",
            name: "rules.txt")
        #expect(rules.factNames == ["post_author", "reader_id", "signed_up", "a", "b"])
        let signup = AppFacts.Value.date(try #require(RuleParser.date("2024-01-01")))
        let good: [(String, AppFacts.Value)] = [
            ("post_author", .string("ana")), ("reader_id", .string("bo")), ("signed_up", signup), ("a", .number(1)),
            ("b", .number(2)),
        ]
        try rules.check(facts: try PaywallRuleTests.appFacts(good))
        let cases: [([(String, AppFacts.Value)], String)] = [
            (
                good.filter { $0.0 != "reader_id" },
                "rules.txt:1: the rule reads the fact reader_id, which was not given (add reader_id to RuleConfiguration.appFacts)"
            ),
            (
                good.map { $0.0 == "reader_id" ? ($0.0, .number(7)) : $0 },
                "rules.txt:1: the rule compares the fact post_author with the fact reader_id, but post_author was given a string (\"ana\") and reader_id a number (7)"
            ),
            (
                good.map { $0.0 == "signed_up" ? ($0.0, .number(2024)) : $0 },
                "rules.txt:2: the rule compares the fact signed_up with a date, but it was given a number (2024)"
            ),
            (
                good.map { $0.0 == "a" || $0.0 == "b" ? ($0.0, .boolean(true)) : $0 },
                "rules.txt:3: the rule orders the facts a > b, but they were given booleans, which compare with == and != only"
            ),
        ]
        for (pairs, message) in cases {
            #expect(throws: AppFacts.FactError(message)) {
                try rules.check(facts: try PaywallRuleTests.appFacts(pairs))
            }
        }
    }

    static let accepted: [(String, RuleCondition)] = [
        ("own: post_author == reader_id", .compareOperands(.fact("post_author"), .equal, .fact("reader_id"))),
        ("p: free_reads > many", .compareOperands(.fact("free_reads"), .greater, .fact("many"))),
        (
            "p: original_purchase_date < signed_up",
            .compareOperands(.field(.originalPurchaseDate), .less, .fact("signed_up"))
        ),
        ("p: signed_up >= preorder_date", .compareOperands(.fact("signed_up"), .greaterOrEqual, .field(.preorderDate))),
        ("p: bundle_id != expected", .compareOperands(.field(.bundleID), .notEqual, .fact("expected"))),
        ("p: platform == original_platform", .compareOperands(.fact("platform"), .equal, .field(.originalPlatform))),
        ("p: environment == production", .compareEnvironment(.equal, .production)),
        ("p: ownership == purchased", .compareString(.ownership, .equal, "PURCHASED")),
        ("p: is_author == true", .compareFact("is_author", .equal, .boolean(true))),
        ("p: product \"a\" #", .product("a")),
    ]

    @Test(arguments: accepted) func parses(text: String, condition: RuleCondition) throws {
        #expect(try RuleParser.parse(text, origin: "t").condition == condition)
    }

    /// (rule, column, message): each misuse is refused where it is written.
    static let rejected: [(String, Int, String)] = [
        (
            "charts: true", 9,
            "expected a condition, found \"true\": a rule that always holds says always, one that never holds says never"
        ),
        (
            "beta: false", 7,
            "expected a condition, found \"false\": a rule that always holds says always, one that never holds says never"
        ),
        ("p: # nothing yet", 4, "expected a condition, found end of rule"),
        ("p: product \"a\" | # no message", 18, "expected a quoted message after |, found end of rule"),
        (
            "p: original_application_version < min_build", 35,
            "original_application_version is compared with a version such as 42 or 1.10 written in the rule, not with a fact or field, found \"min_build\""
        ),
        (
            "p: min_build > application_version", 16,
            "application_version is compared with a version such as 42 or 1.10 written in the rule, not with a fact"
        ),
        (
            "p: mode == environment", 12,
            "environment is compared with production, sandbox, xcode or unknown written in the rule, not with a fact"
        ),
        ("p: environment == mode", 19, "expected production, sandbox, xcode or unknown, found \"mode\""),
        (
            "p: who == ownership", 11,
            "ownership is compared with purchased or family_shared written in the rule, not with a fact"
        ),
        (
            "p: bundle_id == receipt_type", 17,
            "expected a quoted string or a fact, found the field \"receipt_type\": a field is compared with a value or a fact"
        ),
        ("p: plan < bundle_id", 9, "expected == or != (bundle_id is compared for equality only), found \"<\""),
        ("p: bundle_id < plan", 14, "expected == or != (bundle_id is compared for equality only), found \"<\""),
        ("p: free_reads > and", 17, "fact name 'and' is a word of the rule language"),
        ("p: free_reads > never", 17, "fact name 'never' is a word of the rule language"),
        (
            "p: free_reads > expires_date", 17,
            "fact name 'expires_date' is the name of a field Apple signs: facts cannot stand in for signed data"
        ),
        (
            "p: signed_up < product", 16, "fact name 'product' is a word of the rule language"
        ),
    ]

    @Test(arguments: rejected) func rejectsWithColumn(text: String, column: Int, message: String) {
        #expect(throws: RuleSet.ParseError(origin: "rules.txt:3", column: column, message: message)) {
            try RuleParser.parse(text, origin: "rules.txt:3")
        }
    }
}
