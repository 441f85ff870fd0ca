import ReceiptSystem

extension Verdict {
    /// Writes the same bytes as ``json(pretty:)`` to `descriptor` in chunks as they are produced, so that a
    /// large report (a combined one) is never held whole as text, nor copied to be written. Stops at the
    /// first write that fails and returns its error; nil when all was written. Throws, before writing
    /// anything, what ``json(pretty:)`` throws.
    public func writeJSON(pretty: Bool, to descriptor: FileDescriptor) throws(JSONError) -> SystemError? {
        var failure: SystemError?
        // Each chunk is the writer's own storage, alive for the call that hands it over; it is written
        // before that call returns and no pointer to it is kept.
        try unsafe writeJSON(pretty: pretty) { chunk in
            failure = unsafe descriptor.write(chunk)
            return failure == nil
        }
        return failure
    }
}
