/// A member whose JSON type is not the one its field needs.
struct JSONTypeError: Error, Sendable, CustomStringConvertible {
    let member: String?
    let expected: String

    var description: String {
        member.map { "the member \"\($0)\" is not \(expected)" } ?? "not \(expected)"
    }
}
