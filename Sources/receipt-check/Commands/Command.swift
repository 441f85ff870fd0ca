/// A subcommand of receipt-check: its spec (options, help) and what it does.
protocol Command {
    static var spec: CommandSpec { get }
    /// Runs the command; returns the process exit status.
    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus
}
