import CReceipt

/// An OpenSSL call that failed, with the reasons OpenSSL queued for it.
///
/// OpenSSL reports failures on a thread-local queue rather than through return values, and a
/// stale entry left there would be blamed on the next unrelated call, so every failure path
/// drains the whole queue into this value.
public struct OpenSSLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What receipt-check was doing, e.g. "signing the receipt".
    public let operation: String
    /// One line per queued error, oldest first: OpenSSL's reason string plus its data string
    /// when there is one (the only place some calls say *why*).
    public let reasons: [String]

    public init(operation: String, reasons: [String]) {
        self.operation = operation
        self.reasons = reasons
    }

    /// Empties the calling thread's OpenSSL error queue into an error for `operation`.
    public static func drain(_ operation: String) -> OpenSSLError {
        OpenSSLError(operation: operation, reasons: drainQueue())
    }

    /// Empties the queue, for callers that expect a failure and want no trace of it left behind.
    @discardableResult
    static func drainQueue() -> [String] {
        var reasons: [String] = []
        while true {
            var data: UnsafePointer<CChar>? = nil
            var flags: Int32 = 0
            let code = CReceipt_ERR_get_error_all(nil, nil, nil, &data, &flags)
            if code == 0 {
                break
            }
            var line = reasonText(code)
            if (flags & ERR_TXT_STRING) != 0, let data, data.pointee != 0 {
                line += " (\(String(cString: data)))"
            }
            reasons.append(line)
        }
        return reasons
    }

    private static func reasonText(_ code: UInt) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let text = buffer.withUnsafeMutableBufferPointer { pointer -> String in
            guard let base = pointer.baseAddress else { return "" }
            ERR_error_string_n(code, base, pointer.count)
            return String(cString: base)
        }
        return text.isEmpty ? "OpenSSL error \(code)" : text
    }

    public var description: String {
        reasons.isEmpty
            ? "\(operation) failed (OpenSSL gave no reason)"
            : "\(operation) failed: " + reasons.joined(separator: "; ")
    }
}
