import Dispatch
import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks every input of a run on `jobs` worker threads and prints the reports in input order.
///
/// The producer (the calling thread) reads inputs one at a time and takes a place in a
/// `ReadAheadWindow` of `jobs * 64` inputs and `byteBudget` bytes before queueing each; the
/// place comes back when its report is printed. So at most that many inputs (or one input over
/// the budget) are read, being checked or waiting to be printed at any moment, whatever the
/// length of the run or the size of its inputs, and the first reports appear as soon as they are
/// ready. A failed write stops the producer, and the workers skip what was already queued.
struct BatchRunner {
    let validator: ReceiptValidator
    let settings: BatchOptionTable.Settings
    let limit: Int
    let detailed: Bool
    let rules: RuleConfiguration?
    /// A valid receipt missing a `--require`d entitlement exits 1, or 3 when unknown (verify, not inspect).
    let enforcesRequirements: Bool
    let status: @Sendable (ValidationReport) -> ExitStatus
    /// The run's format, chosen once for all its inputs.
    let printer: any ReportFormat

    init(
        validator: ReceiptValidator, settings: BatchOptionTable.Settings, limit: Int, detailed: Bool,
        rules: RuleConfiguration?, enforcesRequirements: Bool,
        status: @escaping @Sendable (ValidationReport) -> ExitStatus
    ) {
        (self.validator, self.settings, self.limit, self.detailed) = (validator, settings, limit, detailed)
        (self.rules, self.enforcesRequirements, self.status) = (rules, enforcesRequirements, status)
        printer = settings.format.printer
    }

    /// Bytes of input a run holds at once, beside the count. Checking an input holds several times its
    /// bytes (a receipt of 100,000 empty purchases about 8 times), so this, not `--jobs`, bounds what
    /// the checks in flight hold: 4 MiB keeps them within 64 MB at any `--jobs`, and an input over it is
    /// checked alone. Small inputs are bounded by the count long before this.
    static let byteBudget = 4 << 20

    func run(_ source: inout InputSource, console: Console) -> ExitStatus {
        let jobs = settings.jobs
        let window = ReadAheadWindow(maxCount: jobs * 64, maxBytes: Self.byteBudget)
        let quiet = settings.given[BatchOptionTable.quiet]
        let output = BatchOutput(
            console: console, window: window, ordered: !settings.given[BatchOptionTable.unordered],
            progress: !quiet && isatty(STDERR_FILENO) == 1, opening: printer.opening)
        guard let first = source.next() else {
            let status = output.finish(
                summary: !quiet, blankLines: source.blankLines, closing: printer.closing)
            guard let nothing = source.nothingFound(console: console) else { return status }
            return ExitStatus.worst([status, nothing])
        }
        guard let second = source.next() else {
            // One input has nothing to overlap with: it is checked on this thread, with no workers to start.
            let bytes = first.heldBytes(limit: limit)
            window.acquire(bytes: bytes)
            output.deliver(0, check(first), bytes: bytes)
            return output.finish(
                summary: !quiet && settings.isBatch, blankLines: source.blankLines, closing: printer.closing)
        }

        let queue = WorkQueue<(Int, BatchInput, Int)>()
        let group = DispatchGroup()
        let worker = self
        for _ in 0..<jobs {
            DispatchQueue.global().async(group: group) {
                while let (index, input, bytes) = queue.take() {
                    let result = console.hasFailed ? BatchResult.skipped : worker.check(input)
                    // Before delivery, which waits while a stalled reader holds the output: a worker
                    // waiting there would hold its large check's freed memory too.
                    HeapTrim.after(bytes: bytes)
                    output.deliver(index, result, bytes: bytes)
                }
            }
        }
        var index = 0
        var pending: BatchInput? = first
        var upcoming: BatchInput? = second
        while let input = pending, !console.hasFailed {
            let bytes = input.heldBytes(limit: limit)
            window.acquire(bytes: bytes)
            queue.put((index, input, bytes))
            index += 1
            pending = upcoming.take() ?? source.next()
        }
        for _ in 0..<jobs {
            queue.put(nil)
        }
        group.wait()
        return output.finish(summary: !quiet, blankLines: source.blankLines, closing: printer.closing)
    }

    /// Reads, validates and renders one input. Never throws: a bad input is a report.
    func check(_ input: BatchInput) -> BatchResult {
        // The verifyreceipt body reads the request's options and echoes the receipt sent.
        var bytes: [UInt8] = []
        let verdict: Verdict
        do throws(ReceiptError) {
            bytes = try contents(of: input)
            verdict = validator.verdict(bytes, input: input.name, rules: rules)
        } catch {
            verdict = validator.verdict(unreadable: input.name, error: error, rules: rules)
        }
        return render(verdict, name: input.name, bytes: bytes)
    }

    /// Reads and validates one input.
    func report(for input: BatchInput) -> ValidationReport {
        do throws(ReceiptError) {
            return validator.validate(try contents(of: input), input: input.name)
        } catch {
            return .unreadable(input: input.name, error: error)
        }
    }

    private func contents(of input: BatchInput) throws(ReceiptError) -> [UInt8] {
        switch input.content {
        case .path(let path, let directoryHint):
            try InputFile.contents(of: path, limit: limit, directoryHint: directoryHint)
        case .bytes(let content): content
        case .failure(let error): throw error
        }
    }

    /// The verdict as the run prints it. `bytes`: the input as read, which the verifyreceipt body needs.
    func render(_ verdict: Verdict, name: String, bytes: [UInt8] = []) -> BatchResult {
        var result = outcome(of: verdict, name: name)
        printer.render(verdict, name: name, bytes: bytes, detailed: detailed, into: &result)
        return result
    }

    /// What the verdict counts as (status, tally, the malformed input's error line), its text not yet
    /// written: `render` adds it, a combined run streams it.
    func outcome(of verdict: Verdict, name: String) -> BatchResult {
        let report = verdict.report
        var status = status(report)
        if enforcesRequirements, status == .valid, !verdict.satisfiesRequirements {
            status = verdict.decision == .unknown ? .undecided : .notEntitled
        }
        var result = BatchResult(
            output: [], error: nil, status: status, reportStatus: report.status, reason: report.reason)
        if report.status.isUndecoded, printer.echoesMalformedInputs, let message = report.message {
            result.error = "\(name): \(message)"
        }
        if status == .temporaryFailure, let message = report.message {
            // No verdict, whatever the format: the caller must hear why before retrying.
            result.error = "\(name): no verdict now (try again): \(message)"
        }
        return result
    }
}
