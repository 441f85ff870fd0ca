/// Why the service's FastCGI side could not start or go on: its message is for the operator.
public struct FastCGIError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
