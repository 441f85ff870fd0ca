#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output and error. Each call is written at once, so a pipeline sees every
/// result as soon as it is ready.
struct Console: Sendable {
    func out(_ text: String) {
        emit(text, to: STDOUT_FILENO)
    }

    /// One error line on standard error, prefixed the way Unix tools do.
    func error(_ message: String) {
        emit("receipt-check: error: \(message)\n", to: STDERR_FILENO)
    }

    func warning(_ message: String) {
        emit("receipt-check: warning: \(message)\n", to: STDERR_FILENO)
    }

    func err(_ text: String) {
        emit(text, to: STDERR_FILENO)
    }

    /// Binary output (a signed receipt written to `-`), unchanged; false when it could not all be written.
    @discardableResult
    func out(bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { write($0, to: STDOUT_FILENO) }
    }

    private func emit(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { _ = write($0, to: descriptor) }
    }

    private func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(descriptor, base + offset, buffer.count - offset)
            if written < 0, errno == EINTR {
                continue
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif
