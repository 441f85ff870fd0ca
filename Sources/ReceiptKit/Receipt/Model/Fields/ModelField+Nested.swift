/// Fields whose value is another model, written from the nested model's own list.
extension ModelField {
    /// A nested model; absent leaves the member out.
    static func model<Nested: FieldModel>(_ key: StaticString, _ get: @escaping @Sendable (Model) -> Nested?) -> Self {
        Self(
            key: key, attribute: nil, value: { .model(get($0)) }, setter: nil,
            write: { writer, key, model throws(CompactJSONWriter.DeclinedError) in
                guard let nested = get(model) else { return }
                writer.key(key)
                try writer.object(nested)
            })
    }

    /// Nested models in order; absent leaves the member out, none is `[]`.
    static func models<Nested: FieldModel>(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> [Nested]?
    ) -> Self {
        Self(
            key: key, attribute: nil, value: { .models(get($0)) }, setter: nil,
            write: { writer, key, model throws(CompactJSONWriter.DeclinedError) in
                guard let models = get(model) else { return }
                writer.key(key)
                try writer.array(models)
            })
    }

    /// Nested models under keys of their own; absent leaves the member out.
    static func modelsByKey<Nested: FieldModel>(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> [String: Nested]?
    ) -> Self {
        Self(
            key: key, attribute: nil, value: { .modelsByKey(get($0)) }, setter: nil,
            write: { writer, key, model throws(CompactJSONWriter.DeclinedError) in
                guard let models = get(model) else { return }
                writer.key(key)
                try writer.objects(byKey: models)
            })
    }
}
