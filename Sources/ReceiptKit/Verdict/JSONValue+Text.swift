extension JSONValue {
    /// The value as JSON text without a newline: keys sorted as `JSONEncoder` sorts them, slashes
    /// unescaped, compact or indented as its `.prettyPrinted`; nil for what JSON cannot hold (a number
    /// that is not finite) or nesting past the writer's bound.
    public func json(pretty: Bool) -> String? {
        var writer = CompactJSONWriter()
        do throws(CompactJSONWriter.DeclinedError) {
            try writer.json(self)
        } catch {
            return nil
        }
        let segments = writer.takeSegments()
        return String(decoding: pretty ? PrettyJSON.reformat(segments) : Verdict.joined(segments), as: UTF8.self)
    }
}
