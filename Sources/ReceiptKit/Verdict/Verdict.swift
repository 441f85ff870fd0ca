#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One input's verdict: what verification found and, when rules were given, what they decided. Made only
/// by ``ReceiptValidator``, so rules see only what it proved, for the app it names.
public struct Verdict: Sendable, Encodable {
    /// What verification found: the checks, the trust, the decoded contents.
    public let report: ValidationReport
    /// What the rules decided; nil when no rules were given.
    public let decisions: RuleResults?
    /// Whether the input is valid and every required entitlement was granted.
    public let satisfiesRequirements: Bool
    /// What the required entitlements come to, as `verify` decides; always denied for an invalid input.
    public let decision: Decision

    init(report: ValidationReport, decisions: RuleResults? = nil, rules: RuleConfiguration? = nil) {
        self.report = report
        self.decisions = decisions
        var decision = Decision.granted
        if let rules, let decisions {
            decision = rules.decision(by: decisions)
        }
        if report.status != .valid {
            decision = .denied
        }
        self.decision = decision
        satisfiesRequirements = decision == .granted
    }

    /// The verdict on a validator's report, with `rules` deciding for the app `binding` names.
    init(report: ValidationReport, rules: RuleConfiguration?, binding: AppBinding) {
        self.init(report: report, decisions: rules?.results(for: report, binding: binding), rules: rules)
    }

    /// Whether the input is valid and the rules granted the entitlement `name`.
    public func grants(_ name: String) -> Bool {
        report.status == .valid && decisions?.grants(name) == true
    }

    /// The report's keys with the decisions' beside them, as one JSON object (their keys are distinct).
    public func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        try decisions?.encode(to: encoder)
    }
}

extension ReceiptValidator {
    /// Verifies one input and decides its entitlements with `rules`; a bad input is a verdict granting nothing.
    public func verdict(_ bytes: [UInt8], input name: String, rules: RuleConfiguration?) -> Verdict {
        decide(validate(bytes, input: name), rules: rules)
    }

    /// The verdict on an input that could not be read: malformed, nothing granted.
    public func verdict(unreadable input: String, error: ReceiptError, rules: RuleConfiguration?) -> Verdict {
        decide(.unreadable(input: input, error: error), rules: rules)
    }

    /// One verdict over several inputs of one customer, decided over their facts together; every input must
    /// be valid and of the validator's app, or nothing is granted.
    public func verdict(combining reports: [ValidationReport], rules: RuleConfiguration?) -> Verdict {
        guard let bundleID = options.bundleID else {
            var report = ValidationReport(input: "combined")
            report.inputs = reports
            report.reject(ReceiptError(.bundleIDMismatch, "combined inputs must name one app: no bundle id given"))
            return decide(report, rules: rules)
        }
        let combined = CombinedInputs.combine(reports, bundleID: bundleID)
        guard let rules else {
            return Verdict(report: combined.report)
        }
        let decisions =
            combined.facts.map {
                rules.results(for: $0, receipt: reports.lazy.compactMap(\.receipt).first, binding: binding)
            } ?? rules.refused(because: combined.report.message ?? "not valid", receipt: nil, binding: binding)
        return Verdict(report: combined.report, decisions: decisions, rules: rules)
    }

    /// The verdict on a report this validator made, decided again with other rules (`verify --refresh`).
    public func verdict(deciding report: ValidationReport, rules: RuleConfiguration?) -> Verdict {
        decide(report, rules: rules)
    }

    /// The verdict on one of this validator's reports, decided for its app.
    private func decide(_ report: ValidationReport, rules: RuleConfiguration?) -> Verdict {
        Verdict(report: report, rules: rules, binding: binding)
    }
}
