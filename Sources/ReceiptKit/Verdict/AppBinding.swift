/// The app a validator's decisions are for, taken from its options alone so that rules cannot name
/// another: the bundle id every input was checked against, and the environment in which rules may read
/// a test input's original application version.
struct AppBinding: Sendable {
    /// The app every decision is bound to; nil when decisions are bound to none and grant nothing.
    let bundleID: String?
    /// Only when it names a test environment are such inputs' original versions read.
    let environment: ReceiptEnvironment?
    /// Whether the caller asked to analyse any app's inputs (``ReceiptValidator/unbound(policy:options:)``):
    /// the rules are evaluated so their reasons show; otherwise an unbound validator evaluates nothing.
    let analysis: Bool

    var isBound: Bool { bundleID != nil }
}
