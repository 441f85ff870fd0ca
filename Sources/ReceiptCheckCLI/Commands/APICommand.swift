import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `api OPERATION [ARGS]`: one App Store Server API request, its answer verified and reported as `verify` does.
enum APICommand: Command {
    static let name = "api"

    static let spec = CommandSpec(
        name: name,
        summary: """
            Sends one App Store Server API request (OPERATION is one of Apple's, in kebab case: \
            get-transaction-history, get-all-subscription-statuses, get-transaction-info, ...; see the man \
            page) with a token signed by the .p8 key, and verifies the answer offline exactly as verify \
            verifies the same body: signed data is reported as verify reports it (--json, --rules, --require, \
            --combine), unsigned answers as they came. get-transaction-history reads every page unless \
            --revision names one; --all-pages reads every page of a history, refund history or notification \
            history, after a saved --revision or --pagination-token only what is newer, and says on standard \
            error (and in the JSON's response.resume_from) the one to save for next time. Apple's errors exit 66 with Apple's errorCode (refused credentials 77, an id \
            Apple does not know 67, a server not reached safely 69; with --json an error object on standard \
            output); a 429, 5xx or network failure is retried with backoff, then exits 75. --environment auto \
            asks production, then the sandbox only when production answers that it does not know the \
            transaction (404 4040010 or 4040005), and says on standard error which one answered. \
            The Advanced Commerce API's server calls (cancel-subscription, change-subscription-metadata, \
            change-subscription-price, migrate-subscription, revoke-subscription, request-transaction-refund) \
            take TRANSACTION_ID and --body FILE, read as Apple's model of the request and checked against \
            Apple's rules before anything is sent (a refusal exits 64).
            """,
        operands: "OPERATION [ARGS...]", minimumOperands: 1,
        options: APIOptionTable.validationOptions + [VerifyOptionTable.combine.spec] + APIOptionTable.connectionOptions
            + APIOptionTable.requestOptions + [APIOptionTable.sandboxBaseURL.spec])

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        var arguments = arguments
        let variables = ProcessInfo.processInfo.environment
        APIOptionTable.addEnvironment(to: &arguments, variables: variables, console: console)
        let names = AppStoreServerAPIOperation.allCases.map(\.rawValue)
        guard let name = arguments.operands.first, let operation = AppStoreServerAPIOperation(rawValue: name) else {
            // A near miss names the one meant rather than all thirty.
            if let typed = arguments.operands.first, let meant = NameSuggestion.closest(to: typed, among: names) {
                let message = "no OPERATION '\(typed)' (did you mean '\(meant)'?); the man page lists every OPERATION"
                return fail(UsageError(message), console)
            }
            return fail(UsageError("expected an OPERATION: " + names.joined(separator: ", ")), console)
        }
        let wanted = APIRequestArguments.operands(of: operation)
        let values = Array(arguments.operands.dropFirst())
        guard values.count == wanted.count else {
            let shown = ([name] + wanted).joined(separator: " ")
            return fail(
                UsageError("\(name) takes \(wanted.count) argument\(wanted.count == 1 ? "" : "s"): \(shown)"), console)
        }
        let client: AppStoreServerAPIClient
        let credentials: APIOptionTable.Credentials
        let request: AppStoreServerAPIRequest
        let runner: BatchRunner
        let version: AppStoreServerAPIRequest.TransactionHistoryVersion
        let asked: AppStoreServerAPIRequest.IdentifierKind
        let allPages: Bool
        let others: [InputPath]
        var fallback: APIEnvironmentAuto.Fallback?
        do {
            credentials = try APIOptionTable.credentials(arguments)
            let given = try APIEnvironmentAuto.arguments(arguments, auto: credentials.auto)
            let arguments = given.production
            others = try arguments.values(APIOptionTable.with)
            try APIOptionTable.validate(arguments, operation: operation)
            request = try APIRequestArguments.request(operation, values, arguments) { file, limit in
                try InputFile.contents(of: file.path, limit: limit)
            }
            version = try APIRequestArguments.historyVersion(arguments)
            allPages = try APIRequestArguments.readsAllPages(operation, arguments)
            asked = try APIRequestArguments.idKind(operation, arguments)
            let rules = try RuleOptionTable.configuration(arguments, bindsToApp: true, read: OptionFiles.read)
            let settings = try BatchOptionTable.settings(arguments, command: spec)
            let validator = try ValidatorSetup.validator(arguments)
            runner = BatchRunner(
                validator: validator, settings: settings, limit: try ValidationOptionTable.sizeLimit(arguments),
                detailed: false, rules: rules, enforcesRequirements: true, status: { ExitStatus($0) })
            client = try APIClientSetup.client(
                arguments, credentials: credentials, validator: validator, variables: variables, console: console)
            if let sandbox = given.sandbox {
                let validator = try ValidatorSetup.validator(sandbox)
                var sandboxCredentials = credentials
                (sandboxCredentials.environment, sandboxCredentials.auto) = (.sandbox, false)
                fallback = APIEnvironmentAuto.Fallback(
                    client: try APIClientSetup.client(
                        sandbox, credentials: sandboxCredentials, validator: validator, variables: variables,
                        console: console),
                    runner: BatchRunner(
                        validator: validator, settings: runner.settings, limit: runner.limit, detailed: false,
                        rules: runner.rules, enforcesRequirements: true, status: { ExitStatus($0) }))
            }
        } catch {
            return fail(error, console)
        }
        // A history's every page unless a revision narrows it to one, so that a decision sees the whole history.
        let filter =
            allPages && operation == .getTransactionHistory ? try? APIRequestArguments.historyFilter(arguments) : nil
        let revision = arguments[APIOptionTable.revision]
        let transactionID = values.first ?? ""
        let rules = runner.rules
        // --max-size bounds the history as one input: its pages in all.
        let limit = runner.limit
        // Only --combine reads the history again as an input; otherwise its verified reports are all it needs.
        let combine = arguments[VerifyOptionTable.combine]
        let ask = { (client: AppStoreServerAPIClient) in
            AsyncWait.result { () async -> Result<AppStoreServerAPIResponse, AppStoreServerAPIError> in
                do throws(AppStoreServerAPIError) {
                    if let filter {
                        return .success(
                            try await client.transactionHistory(
                                transactionID: transactionID, revision: revision, filter: filter, version: version,
                                rules: rules, maximumBytes: limit, keepsBody: combine, asked: asked))
                    }
                    if allPages {
                        let pages = try await client.allPages(
                            of: request, rules: rules, maximumBytes: limit, keepsBody: combine)
                        return .success(pages)
                    }
                    return .success(try await client.send(request, rules: rules))
                } catch {
                    return .failure(error)
                }
            }
        }
        var outcome = ask(client)
        var answering = runner
        let say = { (text: String) in console.err("receipt-check: \(text)\n") }
        if let fallback {
            // Only Apple's "not in this environment" moves on: a 401, a 5xx or any other refusal of production's
            // is its answer, never a reason to take the sandbox's.
            if case .failure(let error) = outcome, error.isNotInThisEnvironment {
                let asked = TerminalText.escaped(transactionID)
                say("production does not know \(asked): asking the sandbox")
                outcome = ask(fallback.client)
                answering = fallback.runner
                if case .success = outcome { say("the sandbox answered") }
            } else if case .success = outcome {
                say("production answered")
            }
        }
        if allPages, case .success(let response) = outcome {
            say(resumeLine(operation, response: response, arguments: arguments))
        }
        switch outcome {
        case .failure(let error):
            return APIErrorOutput(error: error, credentials: credentials).report(
                format: runner.settings.format, to: console)
        case .success(let response):
            return APIResponseOutput.print(
                response, runner: answering, others: others, arguments: arguments, console: console,
                usage: spec.usage)
        }
    }

    /// The one line that says what a reading of every page resumes from next time, the option to give it
    /// with; a token from the server, escaped for the terminal.
    static func resumeLine(
        _ operation: AppStoreServerAPIOperation, response: AppStoreServerAPIResponse, arguments: ParsedArguments
    ) -> String {
        let option = operation == .getNotificationHistory ? APIOptionTable.paginationToken : APIOptionTable.revision
        let name = operation == .getNotificationHistory ? "pagination token" : "revision"
        guard let next = response.verdict?.report.response?.resumeFrom else {
            let start = arguments[option] == nil ? "the start" : "the same \(option.flag)"
            return "no \(name) to save: the pages were not all accepted, or named none; read them again from \(start)"
        }
        return "to read only what is newer next time: \(allPagesFlag) \(option.flag) \(TerminalText.escaped(next))"
    }

    private static let allPagesFlag = APIOptionTable.allPages.flag
}
