import Foundation
import Testing

@testable import ReceiptCheckCLI

@Suite(.timeLimit(.minutes(10))) struct VersionAndHelpTests {
    @Test(arguments: [["--version"], ["version"]])
    func versionNamesTheReleaseAndOpenSSL(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first == "receipt-check \(Version.release)")
        #expect(lines.last?.hasPrefix("OpenSSL 3.") == true, "\(result.stdout)")
        #expect(result.stderr.isEmpty)
    }

    @Test func versionTakesNoOperand() throws {
        let result = try CLI.run(["version", "extra"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unexpected operand 'extra'"))
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func topLevelHelpListsEveryVisibleCommand(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("usage: receipt-check [verify] [options] INPUT..."))
        for command in ReceiptCheck.commands.map({ $0.spec }) {
            #expect(result.stdout.contains("  \(command.name) ") != command.hidden, "\(command.name)")
        }
        for status in ExitStatus.allCases {
            #expect(result.stdout.contains(status.summary))
        }
    }

    @Test func helpCommandGivesTheCommandsOwnHelp() throws {
        let viaHelp = try CLI.run(["help", "make-receipt"])
        let viaFlag = try CLI.run(["make-receipt", "--help"])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdout.contains("--digest NAME"))
    }

    @Test func helpForAnUnknownCommandIsAUsageError() throws {
        let result = try CLI.run(["help", "frobnicate"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("no command or help topic 'frobnicate'"))
        #expect(result.stdout.isEmpty)
    }

    @Test func abstractIsTheFirstSentence() {
        let spec = CommandSpec(
            name: "x", summary: "First part,\nsame sentence. Second one.", operands: "", minimumOperands: 0,
            options: [])
        #expect(spec.abstract == "First part, same sentence.")
    }
}
