/// The exit status `receipt-check verify` gives a verdict, so a program and a script act alike.
extension Verdict {
    /// 0 granted, 1 denied, 3 unknown for a valid input; else its report's ``ValidationReport/exitStatus``.
    public var exitStatus: Int32 {
        report.status == .valid ? decision.exitStatus : report.exitStatus
    }
}

extension ValidationReport {
    /// 0 valid, 2 invalid, 65 undecodable, 66 unreadable, 70 internal error, 75 a check to try again.
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

    /// For an input that could not be read or decoded: 66 unread, 70 the verifier's own failure, else 65.
    public static func exitStatus(unread reason: ReasonCode) -> Int32 {
        switch reason {
        case .unreadableInput: 66
        case .internalError: 70
        default: 65
        }
    }
}
