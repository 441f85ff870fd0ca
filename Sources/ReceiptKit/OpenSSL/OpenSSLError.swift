internal import CReceipt

/// An OpenSSL call that failed, with the reasons it queued: every failure drains the thread's queue, so a
/// stale entry is never blamed on a later call; its strings are copied before the next call.
public struct OpenSSLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What receipt-check was doing, e.g. "signing the receipt".
    public let operation: String
    /// One line per queued error, oldest first, with its data string (the only place some calls say *why*).
    public let reasons: [String]
    /// OpenSSL's packed error codes, oldest first, to tell kinds of failure apart without their text.
    public let codes: [UInt]

    /// An error for `operation`, with OpenSSL's `reasons` and, when known, their packed `codes`.
    public init(operation: String, reasons: [String], codes: [UInt] = []) {
        self.operation = operation
        self.reasons = reasons
        self.codes = codes
    }

    /// Empties the calling thread's OpenSSL error queue into an error for `operation`.
    public static func drain(_ operation: String) -> OpenSSLError {
        let entries = drainEntries()
        return OpenSSLError(operation: operation, reasons: entries.map(\.line), codes: entries.map(\.code))
    }

    /// Empties the queue, for callers that expect a failure and want no trace of it left behind.
    @discardableResult
    package static func drainQueue() -> [String] {
        drainEntries().map(\.line)
    }

    /// Empties the queue into its codes and their text.
    static func drainEntries() -> [(code: UInt, line: String)] {
        var entries: [(code: UInt, line: String)] = []
        while true {
            var data: UnsafePointer<CChar>? = nil
            var flags: Int32 = 0
            let code = unsafe CReceipt_ERR_get_error_all(nil, nil, nil, &data, &flags)
            if code == 0 {
                break
            }
            var line = reasonText(code)
            if (flags & ERR_TXT_STRING) != 0, let data = unsafe data, unsafe data.pointee != 0 {
                line += unsafe " (\(String(cString: data)))"
            }
            entries.append((code, line))
        }
        return entries
    }

    /// Whether OpenSSL refused the digest itself (RHEL's SHA-1 policy) rather than finding a bad signature.
    public var refusesDigest: Bool {
        codes.contains { code in
            let library = ERR_GET_LIB(code)
            let reason = ERR_GET_REASON(code)
            return (library == ERR_LIB_PROV && reason == PROV_R_DIGEST_NOT_ALLOWED)
                || (library == ERR_LIB_EVP && reason == EVP_R_INVALID_DIGEST)
        }
    }

    /// The RSA provider's "digest not allowed" error, as a planted SHA-1 refusal throws it.
    static func digestNotAllowed(operation: String, reason: String) -> OpenSSLError {
        OpenSSLError(
            operation: operation, reasons: [reason],
            codes: [UInt(ERR_LIB_PROV) << UInt(ERR_LIB_OFFSET) | UInt(PROV_R_DIGEST_NOT_ALLOWED)])
    }

    private static func reasonText(_ code: UInt) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let text = unsafe buffer.withUnsafeMutableBufferPointer { pointer -> String in
            guard let base = pointer.baseAddress else { return "" }
            unsafe ERR_error_string_n(code, base, pointer.count)
            return unsafe String(cString: base)
        }
        return text.isEmpty ? "OpenSSL error \(code)" : text
    }

    public var description: String {
        reasons.isEmpty
            ? "\(operation) failed (OpenSSL gave no reason)"
            : "\(operation) failed: " + reasons.joined(separator: "; ")
    }
}
