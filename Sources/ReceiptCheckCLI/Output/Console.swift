import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output and error. Each call is written at once, so a pipeline sees every
/// result as soon as it is ready.
///
/// Every write is checked. The first that fails (a full disk, a closed pipe or descriptor, an
/// I/O error) is said once on standard error, when that still works, and recorded: the run then
/// stops and exits 74, so output is never lost unnoticed. Later writes are dropped.
struct Console: Sendable {
    private let failure = OutputFailure()

    /// A write has failed: the run should stop and exit `ExitStatus.ioError`.
    var hasFailed: Bool { failure.hasFailed }

    func out(_ text: String) {
        emit(text, to: STDOUT_FILENO)
    }

    /// One error line on standard error, prefixed the way Unix tools do. Control characters of
    /// the message (which may quote the input) are escaped.
    func error(_ message: String) {
        emit("receipt-check: error: \(TerminalText.escaped(message))\n", to: STDERR_FILENO)
    }

    func warning(_ message: String) {
        emit("receipt-check: warning: \(TerminalText.escaped(message))\n", to: STDERR_FILENO)
    }

    /// Text for standard error as given: the caller escapes what came from the input.
    func err(_ text: String) {
        emit(text, to: STDERR_FILENO)
    }

    /// Binary output (a signed receipt written to `-`), unchanged; false when it could not all be written.
    @discardableResult
    func out(bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { out($0) }
    }

    /// Bytes as given (a chunk of a streamed report); false when they could not all be written.
    func out(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !hasFailed else { return false }
        return checkedWrite(buffer, to: STDOUT_FILENO)
    }

    /// The status to exit with: `ioError` once a write has failed, whatever the command decided.
    func exitStatus(_ status: ExitStatus) -> ExitStatus {
        hasFailed ? .ioError : status
    }

    private func emit(_ text: String, to descriptor: Int32) {
        guard !hasFailed else { return }
        var text = text
        text.withUTF8 { _ = checkedWrite($0, to: descriptor) }
    }

    private func checkedWrite(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
        if let code = OutputDescriptor.write(buffer, to: descriptor) {
            fail(descriptor, code)
            return false
        }
        return true
    }

    private func fail(_ descriptor: Int32, _ code: Int32) {
        guard failure.record() else { return }
        let stream = descriptor == STDOUT_FILENO ? "standard output" : "standard error"
        var message = "receipt-check: error: cannot write to \(stream): \(String(cString: strerror(code)))\n"
        if descriptor != STDERR_FILENO {
            message.withUTF8 { _ = OutputDescriptor.write($0, to: STDERR_FILENO) }
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
