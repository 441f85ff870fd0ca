import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The rule results of one input as text: entitlements and why, warnings, subscriptions and a timeline.
enum RuleReportText {
    static func render(_ results: RuleResults?, report: ValidationReport) -> String {
        guard let results else { return "" }
        var out = ""
        if !results.entitlements.isEmpty {
            out += "  entitlements at \(show(results.time)):\n"
            for decision in results.entitlements {
                let mark =
                    switch decision.decision {
                    case .granted: "GRANTED"
                    case .denied: "denied "
                    case .unknown: "unknown"
                    }
                let reasons = decision.reasons.isEmpty ? ["no rule satisfied"] : decision.reasons
                let name = TerminalText.escaped(decision.name)
                out += "    \(mark) \(name): \(TerminalText.escaped(reasons[0]))\n"
                for reason in reasons.dropFirst() {
                    out += "            \(String(repeating: " ", count: name.count)) \(TerminalText.escaped(reason))\n"
                }
                if let message = decision.message {
                    out +=
                        "            \(String(repeating: " ", count: name.count)) message: \"\(TerminalText.escaped(message))\"\n"
                }
            }
        }
        if !results.warnings.isEmpty {
            out += "  warnings:\n"
            for warning in results.warnings {
                out += "    ! \(TerminalText.escaped(warning))\n"
            }
        }
        if !results.subscriptions.isEmpty {
            out += "  subscriptions at \(show(results.time)):\n"
            for status in results.subscriptions {
                var parts = [status.productID, status.state.rawValue.replacingUnderscores]
                if status.inTrial { parts.append("in free trial") }
                if status.inIntroOffer { parts.append("in intro offer") }
                if let end = status.periods.map(\.end).max() { parts.append("expires \(show(end))") }
                parts.append("\(status.periods.count) period" + (status.periods.count == 1 ? "" : "s"))
                out += "    " + TerminalText.escaped(parts.joined(separator: "  ")) + "\n"
                if let trial = status.trialTimeline {
                    out += "      free trial: " + days(trial, start: "started") + "\n"
                }
            }
        }
        if let offer = results.trialOffer {
            out += "  free trial offered: " + days(offer, start: "today") + "\n"
        }
        if let receipt = report.receipt, !receipt.purchases.isEmpty {
            var reminders: [String: Date] = [:]
            for status in results.subscriptions {
                if let reminder = status.trialTimeline?.reminder { reminders[status.productID] = reminder }
            }
            out += SubscriptionTimeline.render(receipt, now: results.time, reminders: reminders)
        }
        return out
    }

    /// `started 2024-01-01, reminder 2024-01-05, ends 2024-01-07`: the days a paywall shows.
    static func days(_ trial: TrialTimeline, start: String) -> String {
        var parts = ["\(start) \(day(trial.start))"]
        if let reminder = trial.reminder { parts.append("reminder \(day(reminder))") }
        parts.append("ends \(day(trial.end))")
        return parts.joined(separator: ", ")
    }

    static func show(_ date: Date) -> String {
        RFC3339.format(date) ?? "?"
    }

    /// `2024-01-31`: reminders and trial ends are days to a person.
    static func day(_ date: Date) -> String {
        String(show(date).prefix(10))
    }
}

extension String {
    fileprivate var replacingUnderscores: String {
        split(separator: "_").joined(separator: " ")
    }
}
