import ReceiptKit
import ReceiptSystem
import Synchronization

/// Standard output and error, each call written at once. The first failed write is said once and recorded: the
/// run stops and exits 74, so output is never lost unnoticed; later writes are dropped.
struct Console: Sendable {
    private let failure = OutputFailure()

    /// A write has failed: the run should stop and exit `ExitStatus.ioError`.
    var hasFailed: Bool { failure.hasFailed }

    func out(_ text: String) {
        emit(text, to: .standardOutput)
    }

    /// One error line on standard error, prefixed as Unix tools do, its control characters escaped.
    func error(_ message: String) {
        emit("receipt-check: error: \(TerminalText.escaped(message))\n", to: .standardError)
    }

    func warning(_ message: String) {
        emit("receipt-check: warning: \(TerminalText.escaped(message))\n", to: .standardError)
    }

    /// Text for standard error as given: the caller escapes what came from the input.
    func err(_ text: String) {
        emit(text, to: .standardError)
    }

    /// Bytes as given (a signed receipt written to `-`, a batch's reports); false when not all were written.
    @discardableResult
    func out(bytes: [UInt8]) -> Bool {
        guard !hasFailed else { return false }
        return checked(FileDescriptor.standardOutput.write(bytes), on: .standardOutput)
    }

    /// The verdict's JSON streamed in chunks (a report too large to hold as text); a failed write stops it.
    func out(_ verdict: Verdict, pretty: Bool) throws(Verdict.JSONError) {
        guard !hasFailed else { return }
        _ = checked(try verdict.writeJSON(pretty: pretty, to: .standardOutput), on: .standardOutput)
    }

    /// The status to exit with: `ioError` once a write has failed, whatever the command decided.
    func exitStatus(_ status: ExitStatus) -> ExitStatus {
        hasFailed ? .ioError : status
    }

    private func emit(_ text: String, to descriptor: FileDescriptor) {
        guard !hasFailed else { return }
        _ = checked(descriptor.write(text), on: descriptor)
    }

    private func checked(_ error: SystemError?, on descriptor: FileDescriptor) -> Bool {
        guard let error else { return true }
        fail(descriptor, error)
        return false
    }

    private func fail(_ descriptor: FileDescriptor, _ error: SystemError) {
        guard failure.record() else { return }
        let stream = descriptor == .standardOutput ? "standard output" : "standard error"
        if descriptor != .standardError {
            _ = FileDescriptor.standardError.write(
                "receipt-check: error: cannot write to \(stream): \(error.message)\n")
        }
    }
}

/// Whether a write of the run has failed; shared by every copy of the run's `Console`.
private final class OutputFailure: Sendable {
    private let failed = Atomic(false)

    var hasFailed: Bool { failed.load(ordering: .acquiring) }

    /// Records a failure; true for the first one only, so it is reported once.
    func record() -> Bool {
        failed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}
