import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Entitlements that reference entitlements, app facts and per-entitlement messages.
@Suite struct PaywallRuleTests {
    static let time = Date(timeIntervalSince1970: 1_714_521_600)  // 2024-05-01T00:00:00Z

    /// A verified receipt's facts: original version 37, production, no purchases.
    static let facts = EntitlementFacts(
        source: .receipt, bundleID: "com.example.blog", originalApplicationVersion: "37",
        receiptCreationDate: time, environment: .production)

    static func decide(_ lines: [String], _ appFacts: AppFacts = AppFacts(), facts: EntitlementFacts = facts) throws
        -> [String: EntitlementDecision]
    {
        let rules = try RuleSet.parse(file: lines.joined(separator: "\n"), name: "rules.txt")
        try rules.checkReferences()
        let decisions = rules.evaluate(facts: facts, at: time, platform: .ios, appFacts: appFacts)
        return Dictionary(uniqueKeysWithValues: decisions.map { ($0.name, $0) })
    }

    static func appFacts(_ pairs: [(String, AppFacts.Value)]) throws -> AppFacts {
        var facts = AppFacts()
        for (name, value) in pairs { try facts.add(name, value) }
        return facts
    }

    // MARK: - entitled NAME

    @Test func referencesAreDecidedAfterWhatTheyReferenceWhateverTheOrderWritten() throws {
        let decisions = try Self.decide(
            [
                "usable: entitled premium or free_reads > 0",
                "premium: original_application_version < 42",
            ], try Self.appFacts([("free_reads", .number(0))]))
        #expect(decisions["premium"]?.granted == true)
        #expect(decisions["usable"]?.granted == true)
        #expect(decisions["usable"]?.reasons == ["entitled premium: granted"])
    }

    @Test func aDeniedReferenceLetsTheOtherOperandDecide() throws {
        let rules = ["premium: original_application_version < 30", "usable: entitled premium or free_reads > 0"]
        let left = try Self.decide(rules, try Self.appFacts([("free_reads", .number(2))]))
        #expect(left["premium"]?.granted == false)
        #expect(left["usable"]?.granted == true)
        #expect(left["usable"]?.reasons == ["fact free_reads 2 > 0"])
        let none = try Self.decide(rules, try Self.appFacts([("free_reads", .number(0))]))
        #expect(none["usable"]?.granted == false)
        #expect(none["usable"]?.reasons == ["entitled premium: not granted", "fact free_reads 0 is not > 0"])
    }

    /// An entitlement its rules could not decide is unknown to those that reference it, and `not` keeps
    /// it unknown: a receipt without field 19 must not unlock `free_tier: not entitled premium`.
    @Test func unknownStaysUnknownThroughReferences() throws {
        var facts = Self.facts
        facts.originalApplicationVersion = nil
        let decisions = try Self.decide(
            [
                "premium: original_application_version < 42",
                "free_tier: not entitled premium",
                "either: entitled premium or not entitled premium",
                "both: entitled premium and is_author == true",
            ], try Self.appFacts([("is_author", .boolean(false))]), facts: facts)
        #expect(decisions["premium"]?.granted == false)
        #expect(decisions["free_tier"]?.granted == false)
        #expect(decisions["free_tier"]?.reasons == ["not: entitled premium: unknown, its rules could not decide"])
        #expect(decisions["either"]?.granted == false)
        // false and unknown is false: the author test decides it.
        #expect(decisions["both"]?.reasons == ["fact is_author false is not == true"])
    }

    @Test func notOfADeniedEntitlementHolds() throws {
        let decisions = try Self.decide([
            "premium: original_application_version < 30", "upsell: not entitled premium",
        ])
        #expect(decisions["upsell"]?.granted == true)
        #expect(decisions["upsell"]?.reasons == ["not: entitled premium: not granted"])
    }

    static let cycles: [([String], String)] = [
        (["a: entitled a"], "rules.txt:1: column 13: entitlements reference each other in a cycle: a -> a"),
        (
            ["a: entitled b", "b: entitled a or product \"x\""],
            "rules.txt:1: column 13: entitlements reference each other in a cycle: a -> b -> a"
        ),
        (
            ["top: entitled a", "a: entitled b", "b: entitled c", "c: product \"x\" or entitled a"],
            "rules.txt:2: column 13: entitlements reference each other in a cycle: a -> b -> c -> a"
        ),
        (["a: entitled missing"], "rules.txt:1: column 13: entitled missing: no rule defines the entitlement missing"),
    ]

    @Test(arguments: cycles) func cyclesAndDanglingReferencesAreRuleErrors(lines: [String], message: String) throws {
        let rules = try RuleSet.parse(file: lines.joined(separator: "\n"), name: "rules.txt")
        #expect(throws: RuleSet.ParseError.self) { try rules.checkReferences() }
        do {
            try rules.checkReferences()
        } catch {
            #expect("\(error)" == message)
        }
    }

    /// A library user who skips `checkReferences` still gets nothing granted from a cycle.
    @Test func aCycleGrantsNothingWhenEvaluatedUnchecked() throws {
        let rules = try RuleSet.parse(file: "a: entitled b or product \"x\"\nb: entitled a\nc: entitled a", name: "r")
        let decisions = rules.evaluate(facts: Self.facts, at: Self.time, platform: nil)
        #expect(decisions.map(\.granted) == [false, false, false])
        #expect(
            decisions[0].reasons == [
                "depends on itself through entitlements that reference each other (a -> b -> a): not granted"
            ])
    }

    /// Long chains and wide fans are decided in a loop: no recursion whose depth the rules choose.
    @Test func longChainsAreDecidedWithoutRecursion() throws {
        let count = 20_000
        var lines = ["e0: original_application_version < 42"]
        for index in 1..<count { lines.append("e\(index): entitled e\(index - 1)") }
        let rules = try RuleSet.parse(file: lines.reversed().joined(separator: "\n"), name: "r")
        try rules.checkReferences()
        let decisions = rules.evaluate(facts: Self.facts, at: Self.time, platform: nil)
        #expect(decisions.count == count)
        #expect(decisions.allSatisfy { $0.granted })
        lines[0] = "e0: entitled e\(count - 1)"
        let cyclic = try RuleSet.parse(file: lines.joined(separator: "\n"), name: "r")
        #expect(throws: RuleSet.ParseError.self) { try cyclic.checkReferences() }
    }

    // MARK: - Facts

    @Test func factsCompareByKind() throws {
        let signup = try #require(RuleParser.date("2024-01-01"))
        let facts = try Self.appFacts([
            ("free_reads", .number(2.5)), ("is_author", .boolean(true)), ("plan", .string("team")),
            ("signed_up", .date(signup)),
        ])
        let decisions = try Self.decide(
            [
                "reads: free_reads >= 2.5", "author: is_author == true", "team: plan == \"team\"",
                "early: signed_up < 2024-02-01", "late: signed_up > 2024-02-01T00:00:00Z", "solo: plan != \"team\"",
            ], facts)
        #expect(decisions["reads"]?.granted == true)
        #expect(decisions["author"]?.granted == true)
        #expect(decisions["team"]?.granted == true)
        #expect(decisions["early"]?.reasons == ["fact signed_up 2024-01-01T00:00:00Z < 2024-02-01T00:00:00Z"])
        #expect(decisions["late"]?.granted == false)
        #expect(decisions["solo"]?.granted == false)
    }

    @Test func aMissingOrMistypedFactIsUnknownNotFalse() throws {
        let rules = ["gate: not (free_reads > 0)"]
        let missing = try Self.decide(rules)
        #expect(missing["gate"]?.granted == false)
        #expect(missing["gate"]?.reasons == ["not: fact free_reads was not given: rule not satisfied"])
        let mistyped = try Self.decide(rules, try Self.appFacts([("free_reads", .string("3"))]))
        #expect(mistyped["gate"]?.granted == false)
        #expect(
            mistyped["gate"]?.reasons == [
                "not: fact free_reads is a string, compared with a number: rule not satisfied"
            ])
    }

    @Test func checkingFactsNamesWhatIsMissingOrMistyped() throws {
        let rules = try RuleSet.parse(file: "p: free_reads > 0 or is_author == true", name: "rules.txt")
        #expect(rules.factNames == ["free_reads", "is_author"])
        #expect(
            throws: AppFacts.FactError(
                "rules.txt:1: the rule reads the fact free_reads, which was not given (add free_reads to RuleConfiguration.appFacts)"
            )
        ) {
            try rules.check(facts: try Self.appFacts([("is_author", .boolean(true))]))
        }
        #expect(
            throws: AppFacts.FactError(
                "rules.txt:1: the rule compares the fact is_author with a boolean, but it was given a string (\"yes\")")
        ) {
            try rules.check(facts: try Self.appFacts([("free_reads", .number(1)), ("is_author", .string("yes"))]))
        }
        try rules.check(facts: try Self.appFacts([("free_reads", .number(1)), ("is_author", .boolean(false))]))
    }

    /// Facts never stand in for signed data: no name of a field Apple signs, in any spelling.
    @Test(arguments: [
        "bundle_id", "bundleid", "original_application_version", "expires_date", "expiresdate", "product_id",
        "environment", "ownership", "receipt_type", "in_app_ownership_type", "revocation_date", "app_apple_id",
        "signed_date",
    ]) func factsCannotTakeASignedFieldsName(name: String) {
        #expect(throws: AppFacts.FactError.self) { try AppFacts.check(name: name) }
        // A rule reads the fields it knows as those fields; any other signed name is no fact either.
        if RuleField(rawValue: name) == nil {
            #expect(throws: RuleSet.ParseError.self) { try RuleParser.parse("p: \(name) == \"x\"", origin: "t") }
        }
    }

    @Test(arguments: ["Free_reads", "free-reads", "1reads", "", "_reads", "frée", String(repeating: "a", count: 65)])
    func factNamesAreLowercaseSnakeCase(name: String) {
        #expect(throws: AppFacts.FactError.self) { try AppFacts.check(name: name) }
    }

    @Test func factsFromJSONAreTyped() throws {
        var facts = AppFacts()
        try facts.add(
            json: Array(
                #"{"free_reads": 3, "ratio": 0.5, "is_author": false, "signed_up": "2024-01-01", "plan": "pro"}"#.utf8))
        #expect(facts.values["free_reads"] == .number(3))
        #expect(facts.values["ratio"] == .number(0.5))
        #expect(facts.values["is_author"] == .boolean(false))
        #expect(facts.values["signed_up"] == .date(try #require(RuleParser.date("2024-01-01"))))
        #expect(facts.values["plan"] == .string("pro"))
    }

    @Test(arguments: [
        (#"[1]"#, "not a JSON object of facts: the text is not an object"),
        (#"{"a": null}"#, "fact a: expected a number, boolean or string, found an array, object or null"),
        (#"{"a": {"b": 1}}"#, "fact a: expected a number, boolean or string, found an array, object or null"),
        (
            #"{"bundle_id": "x"}"#,
            "fact name 'bundle_id' is the name of a field Apple signs: facts cannot stand in for signed data"
        ),
    ]) func badFactFilesAreRefused(text: String, message: String) {
        var facts = AppFacts()
        #expect(throws: AppFacts.FactError(message)) { try facts.add(json: Array(text.utf8)) }
    }

    @Test func duplicateAndOverflowingFactsAreRefused() throws {
        var facts = AppFacts()
        #expect(throws: AppFacts.FactError.self) { try facts.add(json: Array(#"{"a": 1, "a": 2}"#.utf8)) }
        try facts.add("a", .number(1))
        #expect(throws: AppFacts.FactError("fact a is given twice")) { try facts.add("a", .number(2)) }
        var many = AppFacts()
        for index in 0..<AppFacts.maximumCount { try many.add("f\(index)", .boolean(true)) }
        #expect(throws: AppFacts.FactError.self) { try many.add("one_more", .boolean(true)) }
    }

    @Test(arguments: [
        ("3", AppFacts.Value.number(3)), ("-1.25", .number(-1.25)), ("true", .boolean(true)),
        ("false", .boolean(false)),
        ("2024-01-01", .date(Date(timeIntervalSince1970: 1_704_067_200))), ("\"42\"", .string("42")),
    ]) func literalsAreTyped(text: String, value: AppFacts.Value) {
        #expect(AppFacts.Value(literal: text) == value)
    }

    @Test(arguments: ["1e3", "0x10", "inf", "nan", "1.", ".5", "--1", "pro", "True", ""])
    func otherWordsAreNotLiterals(text: String) {
        #expect(AppFacts.Value(literal: text) == nil)
    }

    // MARK: - Messages

    @Test func messagesAreCarriedOnlyWhenNotGranted() throws {
        let decisions = try Self.decide([
            "pro.export: product \"com.example.pro\" | \"Export is a Pro feature\"",
            "pro.themes: original_application_version < 42 | \"Themes are a Pro feature\"",
        ])
        #expect(decisions["pro.export"]?.message == "Export is a Pro feature")
        #expect(decisions["pro.themes"]?.granted == true)
        #expect(decisions["pro.themes"]?.message == nil)
    }

    @Test func oneEntitlementHasOneMessage() throws {
        let same = try RuleSet.parse(
            file: "p: product \"a\" | \"m\"\np: product \"b\" | \"m\"\np: product \"c\"", name: "r")
        try same.checkReferences()
        #expect(same.messages == ["p": "m"])
        let different = try RuleSet.parse(file: "p: product \"a\" | \"m\"\np: product \"b\" | \"n\"", name: "r")
        #expect(
            throws: RuleSet.ParseError(
                origin: "r:2", column: 1,
                message: "p already has the message \"m\" (r:1): an entitlement has one message")
        ) {
            try different.checkReferences()
        }
    }

    @Test func refusalsAndExpiredReceiptsCarryTheMessage() throws {
        let rules = try RuleSet.parse(file: "p: product \"a\" | \"Buy it\"", name: "r")
        #expect(rules.refuseAll(because: "x").first?.message == "Buy it")
        var facts = Self.facts
        facts.receiptExpirationDate = Self.time
        #expect(rules.evaluate(facts: facts, at: Self.time, platform: nil).first?.message == "Buy it")
    }

    /// Every key the tool prints for the corpus' receipts and payloads is a name no fact may take.
    @Test func everyPrintedSignedKeyIsReserved() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ReceiptCheckCLITests/Golden/verify.ndjson")
        let text = try String(contentsOf: golden, encoding: .utf8)
        var keys = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("{") {
            var pending: [(JSONValue, Bool)] = [
                (try JSONParser.parse(Array(line.utf8), limits: .init(maximumDepth: 32, maximumValues: 100_000)), false)
            ]
            while let (value, signed) = pending.popLast() {
                switch value {
                case .object(let members):
                    for (key, member) in members {
                        if signed { keys.insert(key) }
                        let entering = key == "receipt" || key == "payload"
                        if !key.hasPrefix("unknown") { pending.append((member, signed || entering)) }
                    }
                case .array(let elements):
                    pending += elements.map { ($0, signed) }
                default:
                    break
                }
            }
        }
        #expect(keys.count > 40)
        #expect(keys.filter { !SignedFieldNames.contains($0) }.sorted() == [])
    }
}
