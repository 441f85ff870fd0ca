/// An error of one of a few kinds with a sentence for a person: switch on ``kind``, show ``message``,
/// never parse it.
public struct KindedError<Category: Sendable & Equatable>: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds this error tells apart, e.g. `SigningError.Kind`.
    public typealias Kind = Category

    /// What kind of failure, to tell them apart without reading ``message``.
    public let kind: Kind
    /// What happened, in words; never a key or a token.
    public let message: String

    /// What the server said beside the error (status, request id, `Retry-After`); nil when none answered.
    public var server: ServerAnswer?

    /// An error of `kind`, saying `message`.
    public init(_ kind: Kind, _ message: String, server: ServerAnswer? = nil) {
        self.kind = kind
        self.message = message
        self.server = server
    }

    /// The message.
    public var description: String { message }
}
