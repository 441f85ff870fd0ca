/// Online checks, once a chain verified: the chain judged now as well, then each certificate's revocation.
enum OnlineCheckStep {
    static func check(_ chain: [Certificate], context: VerificationContext, into report: inout ValidationReport) {
        guard let revocation = context.revocation, report.checks.allSatisfy(\.passed) else { return }
        report.record(ValidityCheck.check(chain, at: revocation.settings.now, source: "now, for online checks"))
        guard report.checks.allSatisfy(\.passed) else { return }
        report.record(revocation.check(chain))
    }
}
