/// The exit status `receipt-check verify` gives a verdict, for a program that links the library and acts
/// as a script reading the tool would.
extension Verdict {
    /// 0 granted, 1 denied, 3 unknown (ask Apple again) for a valid input, decided over the required
    /// entitlements; for an input that is not valid, the status of its report (``ValidationReport/exitStatus``).
    public var exitStatus: Int32 {
        report.status == .valid ? decision.exitStatus : report.exitStatus
    }
}

extension ValidationReport {
    /// The exit status the tool gives this report alone: 0 valid, 2 invalid, 65 undecodable, 66 unreadable,
    /// 70 an internal error, 75 a check that must be tried again (a revocation status not proven).
    public var exitStatus: Int32 {
        switch status {
        case .valid: 0
        case .invalid:
            switch reason {
            case .internalError?: 70
            case .revocationUnavailable?: 75
            default: 2
            }
        case .malformed: Self.exitStatus(unread: reason ?? .malformed)
        case .unreadable: 66
        }
    }

    /// The exit status of an input (or a file a run needs) that could not be read or decoded, for `reason`:
    /// 66 when it could not be read, 70 for a failure of the verifier's own, 65 for anything else.
    public static func exitStatus(unread reason: ReasonCode) -> Int32 {
        switch reason {
        case .unreadableInput: 66
        case .internalError: 70
        default: 65
        }
    }
}
