/// What a rule decided of one entitlement; the words and exit statuses are the command line's, one contract.
public enum Decision: String, Sendable, Equatable, CaseIterable, Encodable {
    /// The rules hold for the verified input at the evaluation time.
    case granted
    /// The input shows that the rules do not hold: nothing newer from Apple would change that.
    case denied
    /// The input cannot tell (too old, a fact, field or platform missing): ask Apple again and decide on that.
    case unknown

    /// The exit status `verify` gives a valid input whose required entitlements are decided so.
    public var exitStatus: Int32 {
        switch self {
        case .granted: 0
        case .denied: 1
        case .unknown: 3
        }
    }

    /// The decision that a condition's three-valued outcome (Kleene's logic: nil is unknown) makes.
    init(_ value: Bool?) {
        switch value {
        case true: self = .granted
        case false: self = .denied
        case nil: self = .unknown
        }
    }
}
