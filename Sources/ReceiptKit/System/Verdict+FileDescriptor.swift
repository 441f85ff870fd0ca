import ReceiptSystem

extension Verdict {
    /// Writes the same bytes as ``json(pretty:)`` to `descriptor` in chunks as they are produced, so that a
    /// large report (a combined one) is never held whole as text. Stops at the first write that fails and
    /// returns its error; nil when all was written. Throws what ``writeJSON(pretty:chunkSize:to:)`` throws.
    public func writeJSON(pretty: Bool, to descriptor: FileDescriptor) throws(JSONError) -> SystemError? {
        var failure: SystemError?
        try writeJSON(pretty: pretty) { chunk in
            failure = descriptor.write(chunk)
            return failure == nil
        }
        return failure
    }
}
