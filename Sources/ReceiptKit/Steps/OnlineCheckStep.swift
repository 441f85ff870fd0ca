/// The step online checks add once a chain verified and every check so far passed: the chain judged at
/// the current time as well as at the input's, then each certificate below the root proven not revoked.
enum OnlineCheckStep {
    static func check(_ chain: [Certificate], context: VerificationContext, into report: inout ValidationReport) {
        guard let revocation = context.revocation, report.checks.allSatisfy(\.passed) else { return }
        report.record(ValidityCheck.check(chain, at: revocation.settings.now, source: "now, for online checks"))
        guard report.checks.allSatisfy(\.passed) else { return }
        report.record(revocation.check(chain))
    }
}
