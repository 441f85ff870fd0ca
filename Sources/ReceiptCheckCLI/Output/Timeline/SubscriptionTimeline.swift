import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `Timeline` as text, a 60-column row per product; the axis runs from the first purchase to the last date
/// any mentions, so that five-minute sandbox renewals and yearly ones both fill the width.
enum SubscriptionTimeline {
    static let width = 60
    static let legend =
        "P purchase  r renewal  = paid  ~ free trial  ! trial reminder  + intro offer  ] expiry  x refund  * one-time purchase  ^ now"

    /// `reminders`: the reminder day of each product's trial in force (`TrialTimeline`), marked `!`.
    static func render(_ receipt: ParsedReceipt, now: Date, reminders: [String: Date] = [:]) -> String {
        render(Timeline(receipt: receipt, reminders: reminders, decision: now))
    }

    static func render(_ timeline: Timeline) -> String {
        guard let axis = Timeline.Axis(timeline.eventDates) else { return "" }
        func column(_ date: Date) -> Int {
            min(width - 1, max(0, Int((axis.fraction(date) * Double(width - 1)).rounded())))
        }
        let labelWidth = min(36, timeline.rows.map { TerminalText.escaped($0.name).count }.max() ?? 0)
        var out = "  timeline:\n"
        let axisStart = RuleReportText.day(axis.first)
        let axisEnd = RuleReportText.day(axis.last)
        let gap = max(1, width + 2 - axisStart.count - axisEnd.count)
        out += "    \(pad("", labelWidth)) \(axisStart)\(String(repeating: " ", count: gap))\(axisEnd)\n"
        for row in timeline.rows {
            var cells = [Character](repeating: " ", count: width)
            for period in row.periods {
                for index in column(period.start)...max(column(period.start), column(period.end)) {
                    mark(&cells, index, fill(period.stretch))
                }
            }
            for event in row.marks where event.event != .trialReminder || axis.contains(event.date) {
                mark(&cells, column(event.date), symbol(event.event))
            }
            out += "    \(pad(TerminalText.escaped(row.name), labelWidth)) |\(String(cells))|\n"
        }
        if let now = timeline.decision, axis.contains(now) {
            out += "    \(pad("", labelWidth))  \(String(repeating: " ", count: column(now)))^ now\n"
        }
        out += "    \(legend)\n"
        return out
    }

    /// A receipt has paid, trial and intro periods; the other stretches draw as paid.
    private static func fill(_ stretch: Timeline.Stretch) -> Character {
        switch stretch {
        case .freeTrial, .offeredTrial: "~"
        case .introductory: "+"
        default: "="
        }
    }

    private static func symbol(_ event: Timeline.Event) -> Character {
        switch event {
        case .purchase: "P"
        case .renewal: "r"
        case .oneTimePurchase: "*"
        case .refund, .upgrade: "x"
        case .expiry: "]"
        case .trialReminder: "!"
        }
    }

    /// Many events can share a column on a long history; the one a person most needs to see wins.
    private static func mark(_ row: inout [Character], _ index: Int, _ symbol: Character) {
        if priority(symbol) > priority(row[index]) {
            row[index] = symbol
        }
    }

    private static func priority(_ symbol: Character) -> Int {
        switch symbol {
        case "x": 6
        case "P", "*": 5
        case "!": 4
        case "r": 3
        case "]": 2
        case "=", "~", "+": 1
        default: 0
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        if text.count > width { return "..." + text.suffix(width - 3) }
        return text + String(repeating: " ", count: width - text.count)
    }
}
