/// A subcommand of receipt-check: its spec (options, help) and what it does.
protocol Command {
    static var spec: CommandSpec { get }
    /// The command's name, which picking the command compares: a command whose spec is costly to build
    /// (api's) gives it alone, so that a run of another command never builds that spec.
    static var name: String { get }
    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus
}

extension Command {
    static var name: String { spec.name }

    /// Says `error`, with this command's usage line when it calls for one; the status to exit with.
    static func fail(_ error: any Error, _ console: Console) -> ExitStatus {
        ErrorReport.report(error, to: console, usage: spec.usage)
    }
}
