/// A field of the rule language and the name rules give it, declared by the model field it is.
struct RuleName: Sendable {
    let field: RuleField
    let name: StaticString

    /// `field`, which is the field of key `key` among `fields`, named `name` (the key itself unless given:
    /// a fact of StoreKit 2 alone is named in the rule language's snake case rather than by Apple's member).
    /// Nil when no field has that key (`RuleFieldNamesTests` finds every rule field named).
    static func field<Model>(
        _ field: RuleField, is key: StaticString, of fields: [ModelField<Model>], as name: StaticString? = nil
    ) -> RuleName? {
        let wanted = key.description
        guard fields.contains(where: { $0.name == wanted }) else { return nil }
        return RuleName(field: field, name: name ?? key)
    }
}
