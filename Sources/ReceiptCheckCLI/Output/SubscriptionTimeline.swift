import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A one-row-per-product picture of a receipt's purchase history across a shared date axis.
///
/// The axis runs from the first purchase to the last date any purchase mentions, so a history of
/// five-minute sandbox renewals and one of yearly renewals both fill the width.
enum SubscriptionTimeline {
    static let width = 60
    static let legend =
        "P purchase  r renewal  = paid  ~ free trial  ! trial reminder  + intro offer  ] expiry  x refund  * one-time purchase  ^ now"

    /// `reminders`: the reminder day of each product's trial in force (`TrialTimeline`), marked `!`.
    static func render(_ receipt: ParsedReceipt, now: Date, reminders: [String: Date] = [:]) -> String {
        let dated = receipt.purchases.filter { $0.purchaseDate != nil }
        let dates = dated.flatMap { [$0.purchaseDate, $0.expiresDate, $0.cancellationDate].compactMap { $0 } }
        guard let first = dates.min(), let last = dates.max() else { return "" }
        let span = max(last.timeIntervalSince(first), 86_400)
        func column(_ date: Date) -> Int {
            let fraction = date.timeIntervalSince(first) / span
            return min(width - 1, max(0, Int((fraction * Double(width - 1)).rounded())))
        }
        var products: [String] = []
        for purchase in dated {
            let name = purchase.productID ?? "(no product id)"
            if !products.contains(name) { products.append(name) }
        }
        let labelWidth = min(36, products.map { TerminalText.escaped($0).count }.max() ?? 0)
        var out = "  timeline:\n"
        let axisStart = RuleReportText.day(first)
        let axisEnd = RuleReportText.day(last)
        let gap = max(1, width + 2 - axisStart.count - axisEnd.count)
        out += "    \(pad("", labelWidth)) \(axisStart)\(String(repeating: " ", count: gap))\(axisEnd)\n"
        for product in products {
            var row = [Character](repeating: " ", count: width)
            let purchases = dated.filter { ($0.productID ?? "(no product id)") == product }
                .sorted { ($0.purchaseDate ?? first) < ($1.purchaseDate ?? first) }
            var previousEnd: Date?
            for purchase in purchases {
                guard let start = purchase.purchaseDate else { continue }
                guard let end = purchase.expiresDate else {
                    mark(&row, column(start), "*")
                    if let refund = purchase.cancellationDate { mark(&row, column(refund), "x") }
                    continue
                }
                let fill: Character =
                    purchase.isTrialPeriod == true ? "~" : (purchase.isInIntroOfferPeriod == true ? "+" : "=")
                for index in column(start)...max(column(start), column(end)) {
                    mark(&row, index, fill)
                }
                let renewed = previousEnd.map { abs($0.timeIntervalSince(start)) < 60 } ?? false
                mark(&row, column(start), renewed ? "r" : "P")
                previousEnd = end
                if let refund = purchase.cancellationDate { mark(&row, column(refund), "x") }
            }
            if let end = previousEnd {
                mark(&row, column(end), "]")
            }
            if let reminder = reminders[product], reminder >= first, reminder <= last {
                mark(&row, column(reminder), "!")
            }
            out += "    \(pad(TerminalText.escaped(product), labelWidth)) |\(String(row))|\n"
        }
        if now >= first, now <= last {
            out += "    \(pad("", labelWidth))  \(String(repeating: " ", count: column(now)))^ now\n"
        }
        out += "    \(legend)\n"
        return out
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
