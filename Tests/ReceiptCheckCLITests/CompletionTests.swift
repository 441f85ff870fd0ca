import Foundation
import Testing

@testable import ReceiptCheckCLI

@Suite(.timeLimit(.minutes(10))) struct CompletionTests {
    static let files: [(shell: String, path: String)] = [
        ("bash", "share/bash-completion/completions/receipt-check"),
        ("zsh", "share/zsh/site-functions/_receipt-check"),
        ("fish", "share/fish/vendor_completions.d/receipt-check.fish"),
    ]

    static var visibleCommands: [CommandSpec] {
        ReceiptCheck.commands.map { $0.spec }.filter { !$0.hidden }
    }

    @Test(arguments: files.map(\.shell))
    func committedScriptIsTheGeneratedOne(shell: String) throws {
        let path = try #require(Self.files.first { $0.shell == shell }?.path)
        let generated = try CLI.run(["generate-completions", shell])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(
            try ExternalTool.committed(path) == generated.stdout, "\(path) is out of date: run 'make completions'")
    }

    @Test func unknownShellIsAUsageError() throws {
        let result = try CLI.run(["generate-completions", "tcsh"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("bash, zsh, fish"))
    }

    @Test func everyCommandAndOptionIsInEveryScript() throws {
        for (shell, path) in Self.files {
            let script = try ExternalTool.committed(path)
            for command in Self.visibleCommands {
                #expect(script.contains(command.name), "\(shell): command \(command.name) missing")
                for option in command.options {
                    let spelled = shell == "fish" ? "-l \(option.name)" : "--\(option.name)"
                    #expect(script.contains(spelled), "\(shell): \(command.name) --\(option.name) missing")
                }
            }
            #expect(!script.contains("generate-man"), "\(shell): hidden commands are not offered")
        }
    }

    @Test func bashScriptParsesLoadsAndCompletes() throws {
        guard let bash = ExternalTool.path("bash", package: "bash") else { return }
        let path = Self.files[0].path
        let syntax = try ExternalTool.run(bash, ["-n", path])
        #expect(syntax.status == 0, "\(syntax.stderr)")
        let loaded = try ExternalTool.run(bash, ["-c", "source \(path) && complete -p receipt-check"])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(loaded.stdout.contains("-F _receipt_check receipt-check"))
        #expect(loaded.stderr.isEmpty, "\(loaded.stderr)")
        let cases: [(words: String, expected: [String])] = [
            ("receipt-check --format ''", ["text", "json", "ndjson", "verifyreceipt", "html"]),
            ("receipt-check make-receipt --digest = ''", ["sha1", "sha256"]),
            ("receipt-check in", ["inspect"]),
            ("receipt-check help ''", Self.visibleCommands.map(\.name) + HelpTopic.allCases.map(\.name)),
            ("receipt-check help ex", ["exit-status"]),
            ("receipt-check verify --bundle", ["--bundle-id"]),
        ]
        for (words, expected) in cases {
            let script = """
                source \(path)
                COMP_WORDS=(\(words)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                _receipt_check
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try ExternalTool.run(bash, ["-c", script])
            #expect(result.status == 0, "\(words): \(result.stderr)")
            let offered = result.stdout.split(separator: "\n").map(String.init)
            #expect(offered == expected, "\(words)")
        }
    }

    @Test func zshScriptParsesAndRegisters() throws {
        guard let zsh = ExternalTool.path("zsh", package: "zsh") else { return }
        let path = Self.files[1].path
        let syntax = try ExternalTool.run(zsh, ["-n", path])
        #expect(syntax.status == 0, "\(syntax.stderr)")
        let script = "autoload -Uz compinit && compinit -u -D && source \(path) && print -r -- $_comps[receipt-check]"
        let loaded = try ExternalTool.run(zsh, ["-f", "-c", script])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(loaded.stdout == "_receipt-check\n")
        #expect(loaded.stderr.isEmpty, "\(loaded.stderr)")
    }

    @Test func fishScriptParsesLoadsAndCompletes() throws {
        guard let fish = ExternalTool.path("fish", package: "fish") else { return }
        let path = Self.files[2].path
        let syntax = try ExternalTool.run(fish, ["-n", path])
        #expect(syntax.status == 0, "\(syntax.stderr)")
        let script =
            "source \(path); complete -C'receipt-check --format '; complete -C'receipt-check make-receipt --dig'"
        let result = try ExternalTool.run(fish, ["--no-config", "-c", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let offered = result.stdout.split(separator: "\n").map {
            $0.split(separator: "\t").first.map(String.init) ?? ""
        }
        #expect(Array(offered.prefix(5)) == ["html", "json", "ndjson", "text", "verifyreceipt"])
        // fish 3 offers the options starting with --dig; fish 4 also those containing it.
        let options = offered.dropFirst(5)
        #expect(options.first == "--digest", "\(offered)")
        #expect(options.allSatisfy { $0.hasPrefix("--") && $0.contains("dig") }, "\(offered)")
    }
}
