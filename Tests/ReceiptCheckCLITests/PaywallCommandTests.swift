import Foundation
import Testing

/// Paywall rules on the command line: --fact, --facts, entitlement references, messages, trial timelines,
/// and the examples/paywall recipes end to end.
@Suite(.timeLimit(.minutes(10))) struct PaywallCommandTests {
    /// Receipts signed from examples/paywall/specs by a throwaway test PKI.
    final class Signed {
        let scratch: ScratchDirectory
        let root: String

        init() throws {
            scratch = try ScratchDirectory()
            root = scratch.path + "/pki/root.pem"
            let made = try CLI.run(["make-test-pki", scratch.path + "/pki"])
            #expect(made.status == 0, "\(made.stderr)")
        }

        func receipt(_ spec: String) throws -> String {
            let output = scratch.path + "/" + spec + ".receipt"
            let specPath = CLI.packageRoot.appendingPathComponent("examples/paywall/specs/\(spec).json").path
            let made = try CLI.run(["make-receipt", "--spec", specPath, "--pki", scratch.path + "/pki", "-o", output])
            #expect(made.status == 0, "\(made.stderr)")
            return output
        }
    }

    static let rules = CLI.packageRoot.appendingPathComponent("examples/paywall/blog.rules").path

    static func blog(_ signed: Signed, _ extra: [String]) -> [String] {
        [
            "verify", "--root", signed.root, "--bundle-id", "com.example.blog", "--environment", "production",
            "--platform", "ios", "--now", "2024-05-10T09:00:00Z", "--rules", rules, "--require", "read_post",
        ] + extra
    }

    static func decision(_ json: [String: Any]?, _ name: String) -> [String: Any]? {
        (json?["entitlements"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    /// A decision's reasons, with the rules file's directory left out of each rule's origin.
    static func reasons(_ json: [String: Any]?, _ name: String) -> [String]? {
        let directory = (rules as NSString).deletingLastPathComponent + "/"
        return (decision(json, name)?["reasons"] as? [String])?.map { $0.replacingOccurrences(of: directory, with: "") }
    }

    /// What the app knows of one request: posts read today, who reads, who wrote the post.
    static func reading(_ readToday: Int, reader: String = "ana", author: String = "bo") -> [String] {
        ["--fact", "read_today=\(readToday)", "--fact", "reader_id=\(reader)", "--fact", "post_author=\(author)"]
    }

    /// The blog's job, one rules file: premium reads all, free readers get 3 posts a day, a reader's own
    /// posts are always free (`post_author == reader_id`), and a fact left out decides nothing.
    @Test func theBlogRulesDecideEachReader() throws {
        let signed = try Signed()
        let reader = try signed.receipt("blog-reader")
        let subscriber = try signed.receipt("blog-subscriber")
        let cases: [(String, [String], String, Int32, [String])] = [
            (
                "premium subscriber over the quota", Self.reading(5), subscriber, 0,
                [
                    "blog.rules:8: entitled premium: granted"
                ]
            ),
            ("free reader under the quota", Self.reading(2), reader, 0, ["blog.rules:9: fact read_today 2 < 3"]),
            (
                "free reader over the quota", Self.reading(3), reader, 1,
                [
                    "blog.rules:8: entitled premium: not granted", "blog.rules:9: fact read_today 3 is not < 3",
                    "blog.rules:10: fact post_author \"bo\" is not == fact reader_id \"ana\"",
                ]
            ),
            (
                "free reader over the quota, own post", Self.reading(3, author: "ana"), reader, 0,
                ["blog.rules:10: fact post_author \"ana\" == fact reader_id \"ana\""]
            ),
        ]
        for (label, facts, input, status, reasons) in cases {
            let result = try CLI.run(Self.blog(signed, ["--json"] + facts + [input]))
            #expect(result.status == status, "\(label): \(result.stderr)")
            #expect(Self.reasons(result.json, "read_post") == reasons, "\(label)")
        }
        // A fact left out: verify refuses to decide (exit 64), inspect decides nothing from it.
        let missing = ["--fact", "read_today=3", "--fact", "post_author=ana"]
        let refused = try CLI.run(Self.blog(signed, missing + [reader]))
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("blog.rules:10: the rule reads the fact reader_id, which was not given"))
        let inspected = try CLI.run(
            ["inspect", "--json", "--root", signed.root, "--now", "2024-05-10T09:00:00Z", "--rules", Self.rules]
                + missing + [reader])
        #expect(inspected.status == 0, "\(inspected.stderr)")
        #expect(Self.decision(inspected.json, "read_post")?["granted"] as? Bool == false)
        #expect(
            Self.reasons(inspected.json, "read_post")?.last
                == "blog.rules:10: fact reader_id was not given: rule not satisfied")
        // Two facts of different kinds are refused before anything is decided.
        let mixed = try CLI.run(Self.blog(signed, Self.reading(3, reader: "7", author: "ana") + [reader]))
        #expect(mixed.status == 64)
        #expect(
            mixed.stderr.contains(
                "the rule compares the fact post_author with the fact reader_id, but post_author was given a string (\"ana\") and reader_id a number (7)"
            ), "\(mixed.stderr)")
    }

    /// A purchase bound to the app's account: `app_account_token` of the signed transaction against a fact.
    @Test func theAccountTokenBindsAPurchaseToTheAppsAccount() throws {
        let scratch = try ScratchDirectory()
        #expect(try CLI.run(["make-test-pki", "--ec", scratch.path + "/pki"]).status == 0)
        let specPath = CLI.packageRoot.appendingPathComponent("examples/paywall/specs/devtool-pro.json").path
        let spec = try String(contentsOfFile: specPath, encoding: .utf8).replacingOccurrences(
            of: "\"quantity\": 1,",
            with: "\"quantity\": 1, \"appAccountToken\": \"7e3fb20b-4cdb-47cc-936d-99d65f608138\",")
        let specFile = try scratch.write("spec.json", Array(spec.utf8))
        let jws = scratch.path + "/pro.jws"
        let made = try CLI.run(["make-receipt", "--jws", "--spec", specFile, "--pki", scratch.path + "/pki", "-o", jws])
        #expect(made.status == 0, "\(made.stderr)")
        let base = [
            "verify", "--json", "--root", scratch.path + "/pki/root.pem", "--bundle-id", "com.example.devtool",
            "--now", "2024-05-10T09:00:00Z", "--require", "pro", "--rule",
            "pro: product \"com.example.devtool.pro\" and app_account_token == account_id  # bought for this account",
        ]
        let own = try CLI.run(base + ["--fact", "account_id=7E3FB20B-4CDB-47CC-936D-99D65F608138", jws])
        #expect(own.status == 0, "\(own.stdout)\(own.stderr)")
        let other = try CLI.run(base + ["--fact", "account_id=1f0e2d3c-4b5a-4968-8776-a5b4c3d2e1f0", jws])
        #expect(other.status == 1, "\(other.stderr)")
        let missing = try CLI.run(base + [jws])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("the rule reads the fact account_id, which was not given"))
    }

    /// `always` grants a verified input and nothing else; `never` denies with its message; `#` starts a
    /// comment on the command line too, but not inside a string.
    @Test func alwaysNeverAndCommentsOnTheCommandLine() throws {
        let signed = try Signed()
        let reader = try signed.receipt("blog-reader")
        let base = [
            "verify", "--json", "--root", signed.root, "--bundle-id", "com.example.blog", "--now",
            "2024-05-10T09:00:00Z", "--rule", "charts: always  # everyone", "--rule",
            "beta: never | \"Beta #2 is closed\" # until June",
        ]
        let granted = try CLI.run(base + ["--require", "charts", reader])
        #expect(granted.status == 0, "\(granted.stderr)")
        #expect(Self.decision(granted.json, "charts")?["reasons"] as? [String] == ["always holds"])
        let beta = Self.decision(granted.json, "beta")
        #expect(beta?["granted"] as? Bool == false)
        #expect(beta?["reasons"] as? [String] == ["never holds"])
        #expect(beta?["message"] as? String == "Beta #2 is closed")
        #expect(try CLI.run(base + ["--require", "beta", reader]).status == 1)
        // An input of another app fails verification: always grants it nothing.
        let other = try CLI.run(
            base.map { $0 == "com.example.blog" ? "com.example.other" : $0 } + ["--require", "charts", reader])
        #expect(other.status != 0)
        #expect(Self.decision(other.json, "charts")?["granted"] as? Bool == false)
        let refused = try CLI.run(base + ["--rule", "maps: true", reader])
        #expect(refused.status == 64)
        #expect(
            refused.stderr.contains(
                "--rule 'maps: true': column 7: expected a condition, found \"true\": a rule that always holds says always"
            ))
    }

    @Test func factsDecideAndTheMessageIsInTheJSON() throws {
        let signed = try Signed()
        let reader = try signed.receipt("blog-reader")
        let denied = try CLI.run(Self.blog(signed, ["--json"] + Self.reading(3) + [reader]))
        #expect(denied.status == 1, "\(denied.stderr)")
        let refused = try #require(Self.decision(denied.json, "read_post"))
        #expect(refused["granted"] as? Bool == false)
        #expect(refused["message"] as? String == "You have read today's 3 free posts. Subscribe to keep reading.")
        let granted = try CLI.run(Self.blog(signed, ["--json"] + Self.reading(0) + [reader]))
        #expect(granted.status == 0, "\(granted.stderr)")
        #expect(Self.decision(granted.json, "read_post")?["message"] == nil)
    }

    /// On verify a rule may not read a fact that was not given: a typo would deny every customer.
    @Test func aFactTheRulesReadMustBeGivenOnVerify() throws {
        let signed = try Signed()
        let reader = try signed.receipt("blog-reader")
        let missing = try CLI.run(Self.blog(signed, ["--fact", "read_today=3", reader]))
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("blog.rules:10: the rule reads the fact post_author, which was not given"))
        let typo = try CLI.run(
            Self.blog(signed, ["--fact", "read_today=3", "--fact", "post_author=bo", "--fact", "reader=ana", reader]))
        #expect(typo.status == 64 && typo.stderr.contains("the fact reader_id, which was not given"))
        let mistyped = try CLI.run(
            Self.blog(
                signed, ["--fact", "read_today=many", "--fact", "reader_id=a", "--fact", "post_author=b", reader]))
        #expect(mistyped.status == 64)
        #expect(
            mistyped.stderr.contains(
                "the rule compares the fact read_today with a number, but it was given a string (\"many\")"))
        // inspect reports what it can: the missing fact is unknown, nothing is enforced.
        let inspected = try CLI.run([
            "inspect", "--json", "--root", signed.root, "--now", "2024-05-10T09:00:00Z", "--rules", Self.rules, reader,
        ])
        #expect(inspected.status == 0, "\(inspected.stderr)")
        #expect(
            Self.reasons(inspected.json, "read_post") == [
                "blog.rules:8: entitled premium: not granted",
                "blog.rules:9: fact read_today was not given: rule not satisfied",
                "blog.rules:10: fact post_author was not given: rule not satisfied",
            ])
    }

    static let badFacts: [([String], String)] = [
        (["--fact", "free_reads"], "--fact takes NAME=VALUE, such as free_reads=3, not 'free_reads'"),
        (["--fact", "Free=1"], "fact name 'Free' must be lowercase snake_case"),
        (["--fact", "bundle_id=com.example.blog"], "fact name 'bundle_id' is the name of a field Apple signs"),
        (["--fact", "expires_date=2030-01-01"], "fact name 'expires_date' is the name of a field Apple signs"),
        (["--fact", "product=1"], "fact name 'product' is a word of the rule language"),
        (["--fact", "a=1", "--fact", "a=2"], "fact a is given twice"),
        (["--rule", "p: entitled p"], "entitlements reference each other in a cycle: p -> p"),
        (["--rule", "p: entitled q or entitled s", "--rule", "q: product \"x\""], "no rule defines the entitlement s"),
        (["--trial-days", "0"], "--trial-days takes a number of days from 1 to 3650, not '0'"),
    ]

    @Test(arguments: badFacts) func badFactsAndReferencesAreUsageErrors(options: [String], message: String) throws {
        let result = try CLI.run(
            ["verify", "--bundle-id", "com.example.blog", "--rule", "r: product \"y\""] + options + [
                CLI.fixture("valid.receipt")
            ])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func factsFiles() throws {
        let signed = try Signed()
        let reader = try signed.receipt("blog-reader")
        let facts = try signed.scratch.write(
            "facts.json", Array(#"{"read_today": 3, "reader_id": "ana", "post_author": "ana"}"#.utf8))
        #expect(try CLI.run(Self.blog(signed, ["--facts", facts, reader])).status == 0)
        // A name in the file and on the command line is given twice.
        let twice = try CLI.run(Self.blog(signed, ["--facts", facts, "--fact", "reader_id=bo", reader]))
        #expect(twice.status == 64 && twice.stderr.contains("fact reader_id is given twice"))
        let unreadable = try CLI.run(Self.blog(signed, ["--facts", signed.scratch.path + "/none.json", reader]))
        #expect(unreadable.status == 66, "\(unreadable.stderr)")
        let notJSON = try signed.scratch.write("bad.json", Array("free_reads: 0".utf8))
        let bad = try CLI.run(Self.blog(signed, ["--facts", notJSON, reader]))
        #expect(bad.status == 64 && bad.stderr.contains("--facts \(notJSON): not a JSON object of facts"))
    }

    @Test func trialOfferAndTimelineAreData() throws {
        let signed = try Signed()
        let rules = ["--rule", "premium: subscription \"com.example.photos.yearly\" active"]
        let base = [
            "verify", "--json", "--root", signed.root, "--bundle-id", "com.example.photos", "--now",
            "2024-05-10T09:00:00Z", "--trial-days", "7", "--reminder-days", "2",
        ]
        let offered = try CLI.run(base + rules + [try signed.receipt("photos-new-customer")])
        #expect(offered.status == 0, "\(offered.stderr)")
        #expect(
            offered.json?["trial_offer"] as? [String: String] == [
                "start": "2024-05-10T09:00:00Z", "reminder": "2024-05-15T09:00:00Z", "end": "2024-05-17T09:00:00Z",
            ])
        let inTrial = try CLI.run(base + rules + [try signed.receipt("photos-in-trial")])
        #expect(inTrial.json?["trial_offer"] == nil)
        let subscription = (inTrial.json?["subscriptions"] as? [[String: Any]])?.first
        #expect(
            subscription?["trial_timeline"] as? [String: String] == [
                "start": "2024-05-06T08:00:00Z", "reminder": "2024-05-11T08:00:00Z", "end": "2024-05-13T08:00:00Z",
            ])
        let text = try CLI.run(Array(base.filter { $0 != "--json" }) + rules + [try signed.receipt("photos-in-trial")])
        #expect(text.stdout.contains("      free trial: started 2024-05-06, reminder 2024-05-11, ends 2024-05-13\n"))
        #expect(text.stdout.contains("!"), "the text timeline marks the reminder day")
    }

    @Test func paywallReportsMatchTheSchema() throws {
        let signed = try Signed()
        var files: [String] = []
        for (spec, read) in [("blog-reader", 3), ("blog-subscriber", 1)] {
            let result = try CLI.run(
                Self.blog(signed, ["--json", "--trial-days", "7"] + Self.reading(read)) + [try signed.receipt(spec)])
            files.append(try signed.scratch.write("\(spec).json", Array(result.stdout.utf8)))
        }
        let trial = try CLI.run([
            "verify", "--json", "--root", signed.root, "--bundle-id", "com.example.photos", "--now",
            "2024-05-10T09:00:00Z", "--rule", "premium: subscription \"com.example.photos.yearly\" active", "--",
            try signed.receipt("photos-in-trial"),
        ])
        #expect(trial.json?["subscriptions"] != nil)
        files.append(try signed.scratch.write("trial.json", Array(trial.stdout.utf8)))
        try ReportSchemaTests.validate(files, expecting: 3)
    }

    // examples/paywall's recipes run in docs/paywall.md, their whole output compared (DocExampleTests).
}
