/// A command line that cannot be acted on; reported with the usage line and exit status 64.
struct UsageError: Error, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
