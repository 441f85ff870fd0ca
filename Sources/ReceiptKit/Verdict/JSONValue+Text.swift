extension JSONValue {
    /// The value as JSON text without a newline, as `JSONEncoder` writes it with sorted keys; nil for a
    /// number that is not finite or nesting past the writer's bound.
    public func json(pretty: Bool) -> String? {
        var writer = CompactJSONWriter(pretty: pretty)
        do throws(CompactJSONWriter.DeclinedError) {
            try writer.json(self)
        } catch {
            return nil
        }
        return String(decoding: writer.out, as: UTF8.self)
    }
}
