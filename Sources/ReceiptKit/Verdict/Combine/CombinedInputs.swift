/// Several verified inputs of one customer judged as one: everything must verify and belong together,
/// or nothing is granted, and the one report's checks say which input broke it.
package enum CombinedInputs {
    /// The combined report (`inputs` holds each input's), and the facts rules read when it is valid.
    static func combine(_ reports: [ValidationReport], bundleID: String) -> (
        report: ValidationReport, facts: EntitlementFacts?
    ) {
        var report = ValidationReport(input: "combined")
        report.inputs = reports
        var parts: [EntitlementFacts] = []
        for input in reports {
            guard let facts = EntitlementFacts(report: input) else {
                let why = [input.reason?.rawValue, input.message].compactMap { $0 }.joined(separator: ": ")
                report.record(
                    .fail(
                        .combine, input.reason ?? .malformed, "\(input.input) is not valid (\(why)); nothing is granted"
                    ))
                continue
            }
            if let check = belongs(input, facts, bundleID: bundleID) {
                report.record(check)
                continue
            }
            parts.append(facts)
            report.record(.pass(.combine, "\(input.input): \(facts.source.rawValue) of \(bundleID) taken"))
        }
        if report.checks.allSatisfy(\.passed) {
            sameCustomer(reports, parts, into: &report)
        }
        guard !reports.isEmpty, report.checks.allSatisfy(\.passed), let facts = EntitlementFacts(combining: parts)
        else {
            report.status = .invalid
            return (report, nil)
        }
        report.status = .valid
        return (report, facts)
    }

    /// Nil when `facts` may join: it names the app, or adds nothing that needs one.
    private static func belongs(_ input: ValidationReport, _ facts: EntitlementFacts, bundleID: String) -> Check? {
        guard let named = facts.bundleID else {
            guard facts.purchases.isEmpty, !facts.hasAppFacts else {
                return .fail(
                    .combine, .bundleIDMismatch,
                    "\(input.input) carries purchases but no signed bundle id; not combined")
            }
            return nil
        }
        guard named.isIdentical(to: bundleID) else {
            return .fail(.combine, .bundleIDMismatch, "\(input.input) is of \(named), not \(bundleID)")
        }
        return nil
    }

    /// One customer (`CustomerMatch`, each signed whole on its own) and one environment.
    private static func sameCustomer(
        _ reports: [ValidationReport], _ parts: [EntitlementFacts], into report: inout ValidationReport
    ) {
        let units = reports.flatMap(CustomerMatch.units(of:))
        if let mismatch = CustomerMatch.mismatch(units) {
            report.record(.fail(.combine, .customerMismatch, mismatch))
            return
        }
        var environments = Set(parts.map(\.environment))
        for payload in units.flatMap(\.payloads) {
            switch payload {
            case .appTransaction(let app): environments.insert(ReceiptEnvironment(storeKit: app.environment))
            case .transaction(let transaction):
                environments.insert(ReceiptEnvironment(storeKit: transaction.environment))
            case .renewalInfo(let renewal): environments.insert(ReceiptEnvironment(storeKit: renewal.environment))
            case .notification, .realtimeRequest, .unidentified: break
            }
        }
        // Every signed payload's own environment, not one per input: a response could mix them.
        environments.remove(.unknown)
        if environments.count > 1 {
            report.record(
                .fail(
                    .combine, .environmentMismatch,
                    "the inputs come from \(environments.map(\.rawValue).sorted().joined(separator: " and ")): one customer's are of one"
                ))
        }
    }
}
