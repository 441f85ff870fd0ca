import Foundation
import ReceiptKit
import Testing

@testable import ReceiptCheckCLI

@Suite(.timeLimit(.minutes(10))) struct ManPageTests {
    static let page = "share/man/man1/receipt-check.1"

    @Test func committedPageIsTheGeneratedOne() throws {
        let generated = try CLI.run(["generate-man"])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(
            try ExternalTool.committed(Self.page) == generated.stdout,
            "\(Self.page) is out of date: run 'make man' and commit it")
    }

    /// The page as a reader sees it: rendered by groff, without bold/underline overstrikes.
    private func rendered() throws -> String? {
        guard let groff = ExternalTool.path("groff", package: "groff-base") else { return nil }
        let result = try ExternalTool.run(groff, ["-man", "-Tutf8", "-P-cbou", "-ww", Self.page])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "groff warns: \(result.stderr)")
        return result.stdout
    }

    @Test func everyOptionOfEveryCommandIsRendered() throws {
        guard let text = try rendered() else { return }
        #expect(!ReceiptCheck.commands.isEmpty)
        for command in ReceiptCheck.commands.map({ $0.spec }) {
            #expect(text.contains("receipt-check \(command.name)"), "command \(command.name) missing")
            for option in command.options {
                #expect(text.contains("--\(option.name)"), "\(command.name) --\(option.name) missing from the page")
                if let short = option.short {
                    #expect(text.contains("-\(short), --\(option.name)"), "\(command.name) -\(short) missing")
                }
                if let value = option.valueName {
                    #expect(text.contains("--\(option.name) \(value)"), "\(command.name) --\(option.name) \(value)")
                }
                for choice in option.choices ?? [] {
                    #expect(text.contains(choice), "choice \(choice) of --\(option.name) missing")
                }
            }
        }
    }

    @Test func everyReasonCodeAndExitStatusIsRendered() throws {
        guard let text = try rendered() else { return }
        for reason in ReasonCode.allCases {
            #expect(text.contains(reason.rawValue), "reason \(reason.rawValue) missing")
            #expect(!reason.summary.isEmpty)
        }
        // groff 1.23 justifies with runs of spaces where 1.22 fitted the line.
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for status in ExitStatus.allCases {
            #expect(words.contains(status.summary.prefix(20)), "exit status \(status.rawValue) missing")
        }
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "INPUTS", "TRUST", "RULE LANGUAGE", "EXIT STATUS",
            "EXAMPLES",
        ] {
            #expect(text.contains("\n\(section)\n"), "section \(section) missing")
        }
    }

    @Test func manRendersTheInstalledPath() throws {
        guard let man = ExternalTool.path("man", package: "man-db") else { return }
        let result = try ExternalTool.run(man, ["-l", Self.page], environment: ["MANPAGER": "cat", "PAGER": "cat"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("RECEIPT-CHECK(1)"))
    }
}
