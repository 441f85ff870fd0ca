#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The options that turn verify and inspect into batch runs, and what they ask for.
enum BatchOptionTable {
    static let recursive = OptionKey<Bool>.flag(
        "recursive", short: "r",
        help: "read every file under each directory given (sorted, depth first); symbolic links below it are skipped")
    static let dereferenceRecursive = OptionKey<Bool>.flag(
        "dereference-recursive", short: "R",
        help: "as --recursive, but follow every symbolic link below it; a link back to a directory being read "
            + "is warned about and skipped")
    static let filesFrom = OptionKey<InputPath>.input(
        "files-from", help: "also read the inputs named in FILE, one path a line (- for standard input)")
    static let lines = OptionKey<Bool>.flag(
        "lines",
        help: "each line of standard input (or of each file given) is one receipt in base64, reported as FILE:LINE")
    static let jobs = OptionKey<Int>.number(
        "jobs", short: "j", "N", in: 1...1024, takes: "a number of parallel checks",
        help: "check N inputs at once (default: the number of cores)")
    static let unordered = OptionKey<Bool>.flag(
        "unordered", help: "print each result as soon as it is ready instead of in input order")
    static let quiet = OptionKey<Bool>.flag("quiet", short: "q", help: "no summary or progress on standard error")

    static let options: [OptionSpec] = [
        recursive.spec, dereferenceRecursive.spec, filesFrom.spec, lines.spec, jobs.spec, unordered.spec, quiet.spec,
    ]

    /// How the reports of a run are printed: each case by its own `ReportFormat` (`printer`, in `Output/`).
    enum OutputFormat: Sendable, Equatable {
        case text
        /// One pretty JSON object per input.
        case json
        /// One compact JSON object a line.
        case ndjson
        /// The body Apple's verifyReceipt endpoint returns, one a line.
        case verifyReceipt
        /// One self-contained HTML page; `collapsed` (a batch): each input's section starts folded.
        case html(collapsed: Bool)
    }

    /// What the batch options ask for, checked; `given` holds the options, whose keys read the rest where used.
    struct Settings: Sendable {
        var format: OutputFormat = .text
        var jobs = 1
        var filesFrom: InputPath?
        var given = ParsedArguments()

        /// Batch options were used, so a summary is due even for one input.
        var isBatch: Bool {
            given[recursive] || given[dereferenceRecursive] || filesFrom != nil || given[lines] || format == .ndjson
        }
    }

    static func settings(_ arguments: ParsedArguments, command: CommandSpec) throws(UsageError) -> Settings {
        var settings = Settings(given: arguments)
        let json = arguments[ValidationOptionTable.json]
        switch try arguments.value(ValidationOptionTable.format) {
        case .verifyreceipt:
            try checkVerifyReceipt(arguments)
            settings.format = .verifyReceipt
        case .ndjson:
            if json { throw UsageError("--json and --format ndjson contradict each other") }
            settings.format = .ndjson
        case .html:
            if json { throw UsageError("--json and --format html contradict each other") }
            settings.format = .html(collapsed: false)
        case .json: settings.format = .json
        case .text, nil: settings.format = json ? .json : .text
        }
        settings.filesFrom = try arguments.value(filesFrom)
        if settings.format == .html(collapsed: false), settings.isBatch {
            settings.format = .html(collapsed: true)
        }
        settings.jobs = try arguments.value(jobs) ?? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        if arguments.operands.isEmpty, settings.filesFrom == nil, !arguments[lines] {
            throw UsageError("missing \(command.operands)")
        }
        if settings.filesFrom?.isStandardInput == true, arguments[lines],
            arguments.operands.isEmpty || arguments.operands.contains("-")
        {
            throw UsageError("--files-from - and --lines cannot both read standard input")
        }
        return settings
    }

    /// What `--format verifyreceipt` needs: a production or sandbox `--environment`, and no rules.
    static func checkVerifyReceipt(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments[ValidationOptionTable.json] {
            throw UsageError("--json and --format verifyreceipt contradict each other")
        }
        // Apple's body has no entitlements: "not entitled" beside a status-0 body would say two things at once.
        if let rule = RuleOptionTable.options.first(where: arguments.isGiven) {
            throw UsageError(
                "--format verifyreceipt answers as Apple's endpoint, which judges no rules; --\(rule.name) does not apply"
            )
        }
        if let environment = try arguments.value(ValidationOptionTable.environment),
            environment != .production, environment != .sandbox,
            let text = arguments.text(of: ValidationOptionTable.environment.spec)
        {
            throw UsageError(
                "--format verifyreceipt emulates Apple's production or sandbox endpoint; --environment \(text) is neither"
            )
        }
    }
}
