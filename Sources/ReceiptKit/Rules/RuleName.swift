/// A field of the rule language and the name rules give it, declared by the model field it is.
struct RuleName: Sendable {
    let field: RuleField
    let name: StaticString

    /// `field`, the field of key `key` among `fields`, named `name` (the key unless given); nil when none has it.
    static func field<Model>(
        _ field: RuleField, is key: StaticString, of fields: [ModelField<Model>], as name: StaticString? = nil
    ) -> RuleName? {
        let wanted = key.description
        guard fields.contains(where: { $0.name == wanted }) else { return nil }
        return RuleName(field: field, name: name ?? key)
    }
}
