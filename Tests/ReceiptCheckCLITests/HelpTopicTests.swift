import Foundation
import Testing

@testable import ReceiptCheckCLI

/// `receipt-check help TOPIC` prints the same text as the man page's section of that topic, and the
/// guide of each topic sends its reader there rather than repeating it.
@Suite(.timeLimit(.minutes(10))) struct HelpTopicTests {
    /// Text with every run of whitespace made one space, so lines wrapped differently compare equal.
    static func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test(arguments: HelpTopic.allCases)
    func topicIsItsManPageSectionWordForWord(topic: HelpTopic) throws {
        let result = try CLI.run(["help", topic.name])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix(topic.section + "\n\n"), "\(result.stdout.prefix(80))")
        guard let groff = ExternalTool.path("groff", package: "groff-base") else { return }
        let page = try ExternalTool.run(groff, ["-man", "-Tutf8", "-P-cbou", "-ww", ManPageTests.page])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains("\n\(topic.section)\n"), "section \(topic.section) missing from the page")
        // The section runs to the next heading: the next line that starts in the first column.
        let lines = page.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == topic.section })
        let end = lines[(start + 1)...].firstIndex { $0.first.map { !$0.isWhitespace } ?? false } ?? lines.endIndex
        let section = lines[(start + 1)..<end].joined(separator: "\n")
        let body = result.stdout.dropFirst(topic.section.count + 2)
        #expect(!body.isEmpty)
        #expect(
            Self.words(String(body)) == Self.words(section),
            "help \(topic.name) and the man page's \(topic.section) differ")
    }

    /// The guide that shows the topic at work and sends its reader to it for the reference.
    static func guide(of topic: HelpTopic) -> String {
        switch topic {
        case .rules: "docs/paywall.md"
        case .inputs: "docs/batch-and-scale.md"
        case .formats, .exitStatus: "docs/check-a-receipt.md"
        }
    }

    @Test(arguments: HelpTopic.allCases)
    func topicsGuideSendsItsReaderToTheTopic(topic: HelpTopic) throws {
        let path = Self.guide(of: topic)
        let guide = try ExternalTool.committed(path)
        #expect(guide.contains("receipt-check help \(topic.name)"), "\(path) does not name the topic")
    }

    @Test func helpListsTheCommandsAndTheTopics() throws {
        let result = try CLI.run(["help"])
        #expect(result.status == 0)
        for topic in HelpTopic.allCases {
            #expect(result.stdout.contains("  \(topic.name)"), "\(topic.name) missing")
            #expect(result.stdout.contains(topic.summary))
        }
        let commandHelp = try CLI.run(["verify", "--help"])
        #expect(commandHelp.stdout.contains("'receipt-check help TOPIC' explains a topic (rules, inputs"))
    }

    @Test(arguments: [
        ("rule", "rules"), ("exit", "exit-status"), ("exit_status", "exit-status"), ("verfy", "verify"),
        ("EXIT", "exit-status"), ("Verify", "verify"),
    ])
    func aMistypedTopicOrCommandSuggestsTheClosest(typed: String, meant: String) throws {
        let result = try CLI.run(["help", typed])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix(
                "receipt-check: error: no command or help topic '\(typed)' (did you mean '\(meant)'?);"),
            "\(result.stderr)")
    }

    /// Far from every name, or the start of two (verify, version): no suggestion.
    @Test(arguments: ["frobnicate", "ve"])
    func aNameLikeNoneIsNotGivenASuggestion(typed: String) throws {
        let result = try CLI.run(["help", typed])
        #expect(result.status == 64)
        #expect(!result.stderr.contains("did you mean"), "\(result.stderr)")
        #expect(result.stderr.contains("'receipt-check help' lists them"))
    }

    /// The recipes `help rules` shows are a rules file that parses and decides.
    @Test func ruleRecipesAreARulesFileThatParses() throws {
        let scratch = try ScratchDirectory()
        let rules = try scratch.write("recipes.rules", Array(HelpTopic.ruleRecipes.utf8))
        let result = try CLI.run([
            "inspect", "--root", CLI.fixture("pki/root.pem"), "--rules", rules, "--fact", "free_reads=1",
            CLI.fixture("valid.receipt"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        for entitlement in ["premium", "pro", "pro.export", "read_post", "owner", "trial"] {
            #expect(result.stdout.contains(" \(entitlement): "), "\(entitlement) not decided: \(result.stdout)")
        }
    }
}
