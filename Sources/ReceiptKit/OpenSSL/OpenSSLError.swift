import CReceipt

/// A failed OpenSSL call, with the reasons OpenSSL queued for it.
///
/// OpenSSL reports *why* only through its thread-local error queue (for chain and signature
/// failures often only in the data string of an entry), so every failure drains the queue
/// here; a stale entry would otherwise be blamed on the next, unrelated call.
public struct OpenSSLError: Error, Sendable, CustomStringConvertible {
    /// What receipt-check was doing.
    public let operation: String
    /// OpenSSL's own reason strings, oldest first.
    public let reasons: [String]

    public init(_ operation: String, reasons: [String]) {
        self.operation = operation
        self.reasons = reasons
    }

    /// Captures and clears the calling thread's error queue.
    public static func drain(_ operation: String) -> OpenSSLError {
        OpenSSLError(operation, reasons: drainQueue())
    }

    public var description: String {
        reasons.isEmpty ? operation : "\(operation): \(reasons.joined(separator: "; "))"
    }

    /// Empties the error queue, returning each entry as readable text.
    @discardableResult
    public static func drainQueue() -> [String] {
        var reasons: [String] = []
        while true {
            var data: UnsafePointer<CChar>?
            var flags: Int32 = 0
            let code = CReceipt_ERR_get_error_all(nil, nil, nil, &data, &flags)
            if code == 0 {
                return reasons
            }
            var text = ERR_reason_error_string(code).map { String(cString: $0) } ?? "error \(code)"
            if flags & ERR_TXT_STRING != 0, let data, data.pointee != 0 {
                text += " (\(String(cString: data)))"
            }
            reasons.append(text)
        }
    }
}
