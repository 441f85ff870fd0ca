extension JSONValue {
    /// The value as JSON text without a newline: keys sorted as `JSONEncoder` sorts them, slashes
    /// unescaped, compact or indented as its `.prettyPrinted`; nil for what JSON cannot hold (a number
    /// that is not finite) or nesting past the writer's bound.
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
