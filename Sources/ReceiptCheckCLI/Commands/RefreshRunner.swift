import ReceiptKit

/// `verify --refresh`: when only the input's age keeps the rules from deciding, the customer's statuses and
/// history are fetched, verified and decided on with the input as `--combine` does; a failed fetch is an error.
struct RefreshRunner {
    let runner: BatchRunner
    let client: AppStoreServerAPIClient
    let combine: Bool
    /// What the requests are signed with, named when Apple refuses them.
    let credentials: APIOptionTable.Credentials

    func run(_ source: inout InputSource, console: Console, usage: String) -> ExitStatus {
        var reports: [ValidationReport] = []
        while let input = source.next() {
            guard reports.count < CombineRunner.maximumInputs else {
                return refuse("--refresh takes at most \(CombineRunner.maximumInputs) inputs", console, usage)
            }
            reports.append(runner.report(for: input))
        }
        guard !reports.isEmpty else { return refuse("--refresh needs an input", console, usage) }
        guard combine || reports.count == 1 else {
            return refuse("--refresh decides on one customer's input: give one, or --combine", console, usage)
        }
        let verdict =
            combine
            ? runner.validator.verdict(combining: reports, rules: runner.rules)
            : runner.validator.verdict(deciding: reports[0], rules: runner.rules)
        guard Self.isStaleOnly(verdict, reports: reports, runner: runner) else {
            return print(verdict, console: console)
        }
        guard let transactionID = reports.lazy.flatMap(Self.transactionIDs(of:)).first else {
            return refuse(
                "--refresh: the input names no transaction id to ask the App Store Server API with", console, usage)
        }
        let client = self.client
        let rules = runner.rules
        let limit = runner.limit
        let fetched = AsyncWait.result { () async -> Result<[Verdict], AppStoreServerAPIError> in
            do throws(AppStoreServerAPIError) {
                // One deadline for both: the refresh is one operation.
                let deadline = client.deadline()
                let statuses = try await client.send(
                    try .getAllSubscriptionStatuses(transactionID: transactionID), rules: rules, deadline: deadline)
                let history = try await client.transactionHistory(
                    transactionID: transactionID, rules: rules, maximumBytes: limit, deadline: deadline,
                    keepsBody: false)
                return .success([statuses.verdict, history.verdict].compactMap { $0 })
            } catch {
                return .failure(error)
            }
        }
        switch fetched {
        case .failure(let error):
            // No answer is no decision: the stale one is not printed either, only the error.
            return APIErrorOutput(error: error, credentials: credentials).report(
                format: runner.settings.format, to: console)
        case .success(let fresh):
            let combined = runner.validator.verdict(combining: reports + fresh.map(\.report), rules: runner.rules)
            return print(combined, console: console)
        }
    }

    /// Whether the rules leave something undecided that they would decide without the age limit: only then
    /// is fresh data worth a request.
    static func isStaleOnly(_ verdict: Verdict, reports: [ValidationReport], runner: BatchRunner) -> Bool {
        guard verdict.report.status == .valid, let rules = runner.rules, rules.maximumAge != nil else { return false }
        let unlimited = RuleConfiguration(
            rules: rules.rules, required: rules.required, platform: rules.platform, time: rules.time,
            reminderDays: rules.reminderDays, maximumAge: nil, appFacts: rules.appFacts, trialDays: rules.trialDays,
            wording: rules.wording)
        let again =
            reports.count == 1 && verdict.report.inputs == nil
            ? runner.validator.verdict(deciding: reports[0], rules: unlimited)
            : runner.validator.verdict(combining: reports, rules: unlimited)
        return again.decisions?.entitlements != verdict.decisions?.entitlements
    }

    /// The transaction ids a verified input carries, its own before the original ones: any of them names
    /// the customer to the App Store Server API.
    static func transactionIDs(of report: ValidationReport) -> [String] {
        guard report.status == .valid else { return [] }
        var payloads: [JWSPayload] = []
        if let payload = report.jws?.payload { payloads.append(payload) }
        payloads += (report.jws?.nested.sorted { $0.key < $1.key }.map(\.value) ?? []).compactMap { $0.jws?.payload }
        payloads += (report.response?.elements ?? []).compactMap { $0.jws?.payload }
        var originals: [String] = []
        var others: [String] = []
        for purchase in report.receipt?.purchases ?? [] {
            originals += [purchase.originalTransactionID].compactMap { $0 }
            others += [purchase.transactionID].compactMap { $0 }
        }
        for payload in payloads {
            switch payload {
            case .transaction(let transaction):
                originals += [transaction.originalTransactionId].compactMap { $0 }
                others += [transaction.transactionId].compactMap { $0 }
            case .renewalInfo(let renewal): originals += [renewal.originalTransactionId].compactMap { $0 }
            // A notification's transaction and renewal info are its nested reports, read above.
            case .notification, .appTransaction, .realtimeRequest, .unidentified: break
            }
        }
        return others + originals
    }

    private func print(_ verdict: Verdict, console: Console) -> ExitStatus {
        runner.print(large: verdict, console: console)
    }

    private func refuse(_ message: String, _ console: Console, _ usage: String) -> ExitStatus {
        ErrorReport.report(UsageError(message), to: console, usage: usage)
    }
}
