import ReceiptSystem

extension Verdict {
    /// Writes the bytes of ``json(pretty:)`` to `descriptor` in chunks as they are produced, never held whole;
    /// returns the first failed write's error, nil when all was written.
    public func writeJSON(pretty: Bool, to descriptor: FileDescriptor) throws(JSONError) -> SystemError? {
        var failure: SystemError?
        try writeJSON(pretty: pretty) { chunk in
            failure = descriptor.write(chunk)
            return failure == nil
        }
        return failure
    }
}
