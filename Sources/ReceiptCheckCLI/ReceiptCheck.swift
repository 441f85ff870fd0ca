import ReceiptKit
import ReceiptSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command line: picks the subcommand, parses its options, runs it, exits with its status.
public enum ReceiptCheck {
    /// Every subcommand; the first is the default when none is named.
    static var commands: [any Command.Type] {
        [
            VerifyCommand.self, InspectCommand.self, MakeTestPKICommand.self, MakeReceiptCommand.self, SignCommand.self,
            ServeCommand.self, CustomerCommand.self, StoreCommand.self,
            APICommand.self, HelpCommand.self, VersionCommand.self, GenerateManCommand.self,
            GenerateCompletionsCommand.self,
        ]
    }

    /// The names of the commands the top-level help lists, for "did you mean".
    static var visibleNames: [String] {
        commands.map { $0.spec }.filter { !$0.hidden }.map(\.name)
    }

    /// Runs the command line of this process and exits with its status.
    public static func main() -> Never {
        // Every run ends in exit() and encrypts nothing: libcrypto starts without its exit handler and legacy
        // cipher table (docs/performance.md, "One receipt's whole process").
        OpenSSLStartup.forProcessThatExits()
        StandardDescriptors.prepare()
        let console = Console()
        var arguments = CommandLine.arguments.dropFirst()
        guard let defaultCommand = commands.first else {
            exit(ExitStatus.internalError.rawValue)
        }
        switch arguments.first {
        case "--help", "-h":
            console.out(HelpCommand.text(commands.map { $0.spec }))
            exit(console.exitStatus(.valid).rawValue)
        case "--version":
            console.out(VersionCommand.text)
            exit(console.exitStatus(.valid).rawValue)
        default:
            break
        }
        var command: any Command.Type = defaultCommand
        // No command's name begins with "-": an option first (`receipt-check --json FILE`) builds no spec for a name.
        if let first = arguments.first, !first.hasPrefix("-"), let named = commands.first(where: { $0.name == first }) {
            command = named
            arguments = arguments.dropFirst()
        } else if let first = arguments.first,
            let meant = CommandTypo.meant(by: first, among: visibleNames)
        {
            let error = UsageError(
                "no command or file '\(first)' (did you mean '\(meant)'?); 'receipt-check help' lists them")
            exit(console.exitStatus(ErrorReport.report(error, to: console, usage: defaultCommand.spec.usage)).rawValue)
        }
        do {
            let parsed = try CommandLineReader.parse(arguments, for: command.spec)
            if parsed[CommonOptionTable.help] {
                console.out(command.spec.help)
                exit(console.exitStatus(.valid).rawValue)
            }
            exit(console.exitStatus(command.run(parsed, console: console)).rawValue)
        } catch {
            exit(console.exitStatus(ErrorReport.report(error, to: console, usage: command.spec.usage)).rawValue)
        }
    }
}
