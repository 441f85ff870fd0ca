import ReceiptKit
import ReceiptStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `store reconcile`: each stored customer (at most `--limit`) against Apple's statuses, under one `--deadline`;
/// reports the fields that differ with both sides' signed dates. Read only, unless `--apply`.
struct StoreReconcileRunner {
    enum Outcome {
        case agrees
        case differs(
            stored: SubscriptionSnapshot, apple: SubscriptionSnapshot, differences: [SubscriptionSnapshot.Difference],
            applied: [String])
        case refused(String)
        case failed(AppStoreServerAPIError)
    }

    let reconciler: StoreReconciler
    let intake: NotificationIntake?
    let client: AppStoreServerAPIClient
    let json: Bool

    func run(limit: Int, console: Console) -> ExitStatus {
        let customers: [String]
        do throws(StoreError) {
            customers = try reconciler.customers(limit: limit)
        } catch {
            console.error(error.message)
            return .unavailable
        }
        let client = self.client
        // One deadline for the run: a store of many customers is bounded by --limit and by it.
        let answers = AsyncWait.result {
            () async -> Result<[Result<AppStoreServerAPIResponse, AppStoreServerAPIError>], Never> in
            let deadline = client.deadline()
            var answers: [Result<AppStoreServerAPIResponse, AppStoreServerAPIError>] = []
            for id in customers {
                do throws(AppStoreServerAPIError) {
                    answers.append(
                        .success(
                            try await client.send(
                                try .getAllSubscriptionStatuses(transactionID: id), deadline: deadline)))
                } catch {
                    answers.append(.failure(error))
                }
            }
            return .success(answers)
        }
        guard case .success(let responses) = answers else { return .internalError }
        var results: [(id: String, outcome: Outcome)] = []
        for (id, response) in zip(customers, responses) {
            results.append((id, outcome(id, response)))
        }
        console.out(json ? Self.json(results, applying: intake != nil) : Self.text(results))
        return console.exitStatus(Self.status(results))
    }

    /// `store backfill`: each customer's whole transaction history (every page, one body) and statuses, under
    /// one deadline, each signed item handed to the intake as `store import` hands it; one line per item.
    func backfill(_ ids: [String], maximumBytes: Int, console: Console) -> ExitStatus {
        guard let intake else { return .internalError }
        let client = self.client
        let fetched = AsyncWait.result { () async -> Result<[(String, [UInt8])], AppStoreServerAPIError> in
            let deadline = client.deadline()
            var bodies: [(String, [UInt8])] = []
            do throws(AppStoreServerAPIError) {
                for id in ids {
                    let history = try await client.transactionHistory(
                        transactionID: id, maximumBytes: maximumBytes, deadline: deadline, keepsBody: true)
                    let statuses = try await client.send(
                        try .getAllSubscriptionStatuses(transactionID: id), deadline: deadline)
                    bodies += [(id, history.body), (id, statuses.body)]
                }
            } catch {
                return .failure(error)
            }
            return .success(bodies)
        }
        let bodies: [(String, [UInt8])]
        switch fetched {
        case .failure(let error):
            console.error(error.message)
            return ExitStatus(error)
        case .success(let given): bodies = given
        }
        var status = ExitStatus.valid
        for (id, body) in bodies {
            for element in NotificationBodies.split(body) {
                let outcome = intake.receive(element, signedData: true)
                console.out(TerminalText.escaped("\(id): \(StoreCommand.line(outcome))") + "\n")
                status = StoreCommand.worse(status, StoreCommand.status(outcome))
            }
        }
        return console.exitStatus(status)
    }

    private func outcome(_ id: String, _ response: Result<AppStoreServerAPIResponse, AppStoreServerAPIError>)
        -> Outcome
    {
        let answer: AppStoreServerAPIResponse
        switch response {
        case .failure(let error): return .failed(error)
        case .success(let given): answer = given
        }
        let apple: (snapshot: SubscriptionSnapshot, elements: [[UInt8]])
        switch reconciler.apple(id, statuses: answer) {
        case .failure(let error): return .refused(error.message)
        case .success(let given): apple = given
        }
        let stored: SubscriptionSnapshot
        do throws(StoreError) {
            stored = try reconciler.stored(id)
        } catch {
            return .refused(error.message)
        }
        let differences = stored.differences(from: apple.snapshot)
        guard !differences.isEmpty else { return .agrees }
        var applied: [String] = []
        if let intake {
            for element in apple.elements {
                applied.append(StoreCommand.line(intake.receive(element, signedData: true)))
            }
        }
        return .differs(stored: stored, apple: apple.snapshot, differences: differences, applied: applied)
    }

    /// 0 when every customer agrees; 1 when one differs; 2 when an answer of Apple's was refused (forged,
    /// another app's); an App Store Server API failure's own status (75, 69, 77...) above all.
    static func status(_ results: [(id: String, outcome: Outcome)]) -> ExitStatus {
        var status = ExitStatus.valid
        for (_, outcome) in results {
            switch outcome {
            case .agrees: break
            case .differs: if status == .valid { status = .notEntitled }
            case .refused: if status == .valid || status == .notEntitled { status = .invalid }
            case .failed(let error): return ExitStatus(error)
            }
        }
        return status
    }

    static func text(_ results: [(id: String, outcome: Outcome)]) -> String {
        var lines: [String] = []
        var counts = (agree: 0, differ: 0, refused: 0, failed: 0)
        for (id, outcome) in results {
            switch outcome {
            case .agrees: counts.agree += 1
            case .differs(let stored, let apple, let differences, let applied):
                counts.differ += 1
                let fields = differences.map { difference in
                    "\(difference.field) stored \(difference.stored ?? "none"), Apple \(difference.apple ?? "none")"
                }
                let (mine, theirs) = (stored.signedDates, apple.signedDates)
                lines.append(
                    "\(id) differs: \(fields.joined(separator: "; ")) (stored signed \(mine.transaction ?? "none") / "
                        + "\(mine.renewal ?? "none"), Apple signed \(theirs.transaction ?? "none") / "
                        + "\(theirs.renewal ?? "none"))")
                lines += applied.map { "\(id) \($0)" }
            case .refused(let message):
                counts.refused += 1
                lines.append("\(id) refused: \(message)")
            case .failed(let error):
                counts.failed += 1
                lines.append("\(id) not asked: \(error.message)")
            }
        }
        lines.append(
            "reconciled \(results.count) customers: \(counts.agree) agree, \(counts.differ) differ, "
                + "\(counts.refused) refused, \(counts.failed) failed")
        // Ids and values come from the store and Apple's answers: shown, never obeyed by the terminal.
        return lines.map { TerminalText.escaped($0) }.joined(separator: "\n") + "\n"
    }

    static func json(_ results: [(id: String, outcome: Outcome)], applying: Bool) -> String {
        var customers: [JSONValue] = []
        var counts: [String: Int64] = ["agree": 0, "differ": 0, "refused": 0, "failed": 0]
        let text = { (value: String?) in value.map(JSONValue.string) ?? .null }
        let dates = { (snapshot: SubscriptionSnapshot) -> JSONValue in
            .object([
                "transaction": text(snapshot.signedDates.transaction), "renewal": text(snapshot.signedDates.renewal),
            ])
        }
        for (id, outcome) in results {
            var entry: [String: JSONValue] = ["originalTransactionId": .string(id)]
            switch outcome {
            case .agrees:
                counts["agree", default: 0] += 1
                continue
            case .differs(let stored, let apple, let differences, let applied):
                counts["differ", default: 0] += 1
                entry["outcome"] = .string("differs")
                entry["differences"] = .array(
                    differences.map { difference in
                        .object([
                            "field": .string(difference.field), "stored": text(difference.stored),
                            "apple": text(difference.apple),
                        ])
                    })
                entry["storedSignedDates"] = dates(stored)
                entry["appleSignedDates"] = dates(apple)
                if applying { entry["applied"] = .array(applied.map(JSONValue.string)) }
            case .refused(let message):
                counts["refused", default: 0] += 1
                entry["outcome"] = .string("refused")
                entry["message"] = .string(message)
            case .failed(let error):
                counts["failed", default: 0] += 1
                entry["outcome"] = .string("failed")
                entry["message"] = .string(error.message)
            }
            customers.append(.object(entry))
        }
        var object: [String: JSONValue] = counts.mapValues(JSONValue.integer)
        object["checked"] = .integer(Int64(results.count))
        object["customers"] = .array(customers)
        return (JSONValue.object(object).json(pretty: false) ?? "{}") + "\n"
    }
}
