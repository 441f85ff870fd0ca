/// The app a validator's decisions are for, from its options alone so that rules cannot name another.
struct AppBinding: Sendable {
    /// The app every decision is bound to; nil when decisions are bound to none and grant nothing.
    let bundleID: String?
    /// Only when it names a test environment are such inputs' original versions read.
    let environment: ReceiptEnvironment?
    /// Whether the caller asked to analyse any app's inputs: rules are evaluated so their reasons show.
    let analysis: Bool

    var isBound: Bool { bundleID != nil }
}
