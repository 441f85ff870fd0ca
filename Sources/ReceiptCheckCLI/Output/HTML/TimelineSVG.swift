import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The picture drawing of a `Timeline`: inline SVG, one row per product across one date axis, beside
/// a table of the same facts.
///
/// The axis runs from the earliest to the latest date the timeline holds (periods, marks, the app's
/// first purchase, the decision), a day at least: x = `plotLeft` + (date - first) / span * `plotWidth`.
/// Periods differ by height and outline, marks by shape; each carries a `<title>` and the legend
/// names every shape drawn.
enum TimelineSVG {
    static let width = 760.0
    static let plotLeft = 190.0
    static let plotWidth = 520.0
    static let top = 34.0
    static let rowHeight = 30.0
    /// Product names longer than this are cut in the picture (the table has them whole).
    static let labelLength = 28

    static func write(_ timeline: Timeline, into html: inout HTMLWriter) {
        guard let axis = Timeline.Axis(timeline.allDates) else {
            html.raw("<p>No dated purchase to draw.</p>\n")
            return
        }
        func x(_ date: Date) -> Double { plotLeft + axis.fraction(date) * plotWidth }
        let originalRow = timeline.original?.date != nil ? 1 : 0
        let rowCount = timeline.rows.count + originalRow
        let plotBottom = top + Double(rowCount) * rowHeight
        let used = usedShapes(timeline)
        let legendRows = (used.count + 3) / 4
        let pictureHeight = plotBottom + 26 + Double(legendRows) * 18 + 6
        let first = RuleReportText.day(axis.first)
        let last = RuleReportText.day(axis.last)
        html.raw("<figure class=\"timeline\">\n")
        html.raw(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"\(number(width))\" height=\"\(number(pictureHeight))\""
                + " viewBox=\"0 0 \(number(width)) \(number(pictureHeight))\""
                + " data-first=\"\(RuleReportText.show(axis.first))\" data-span=\"\(number(axis.span))\""
                + " data-plot-left=\"\(number(plotLeft))\" data-plot-width=\"\(number(plotWidth))\">\n")
        html.raw("<title>Timeline of \(timeline.rows.count) product")
        html.raw(timeline.rows.count == 1 ? "" : "s")
        html.raw(" from \(first) to \(last)</title>\n<desc>")
        html.text(description(timeline))
        html.raw("</desc>\n")
        // The axis: its first and last day, a line under the rows.
        html.raw(
            "<text class=\"t-day\" x=\"\(number(plotLeft))\" y=\"14\">\(first)</text>"
                + "<text class=\"t-day\" x=\"\(number(plotLeft + plotWidth))\" y=\"14\" text-anchor=\"end\">\(last)</text>\n"
                + "<line class=\"t-axis\" x1=\"\(number(plotLeft))\" y1=\"\(number(plotBottom))\""
                + " x2=\"\(number(plotLeft + plotWidth))\" y2=\"\(number(plotBottom))\"/>\n")
        for (index, row) in timeline.rows.enumerated() {
            let middle = top + (Double(index) + 0.5) * rowHeight
            html.raw("<g class=\"row\"><title>")
            html.text(row.name)
            html.raw(
                "</title><text class=\"t-label\" x=\"\(number(plotLeft - 8))\" y=\"\(number(middle + 4))\" text-anchor=\"end\">"
            )
            html.text(row.name.count > labelLength ? row.name.prefix(labelLength - 1) + "\u{2026}" : row.name)
            html.raw("</text></g>\n")
            for (period, count) in row.runs {
                let start = x(period.start)
                let barHeight = height(period.stretch)
                html.raw(
                    "<rect class=\"period s-\(slug(period.stretch.rawValue))\" x=\"\(number(start))\""
                        + " y=\"\(number(middle - barHeight / 2))\" width=\"\(number(max(1, x(period.end) - start)))\""
                        + " height=\"\(number(barHeight))\"><title>\(times(period.stretch.rawValue, count)) "
                        + "\(RuleReportText.show(period.start)) to \(RuleReportText.show(period.end))</title></rect>\n")
            }
            // Renewals are many on a long history: one group of ticks, so the page stays light.
            let renewals = row.marks.filter { $0.event == .renewal }
            if let first = renewals.first, let last = renewals.last {
                html.raw(
                    "<g class=\"mark m-renewal\" data-count=\"\(renewals.count)\" data-date=\"\(RuleReportText.show(first.date))\">"
                        + "<title>\(times("renewal", renewals.count)) \(RuleReportText.show(first.date))"
                        + (renewals.count > 1 ? " to \(RuleReportText.show(last.date))" : "")
                        + "</title><path class=\"m\" d=\"")
                for renewal in renewals {
                    html.raw("M\(number(x(renewal.date))) \(number(middle - 9))V\(number(middle + 9))")
                }
                html.raw("\"/></g>\n")
            }
            for mark in row.marks where mark.event != .renewal {
                html.raw(
                    "<g class=\"mark m-\(slug(mark.event.rawValue))\" data-date=\"\(RuleReportText.show(mark.date))\">"
                        + "<title>\(mark.event.rawValue) \(RuleReportText.show(mark.date))</title>"
                        + shape(mark.event, x: x(mark.date), y: middle) + "</g>\n")
            }
        }
        if let original = timeline.original, let date = original.date {
            let middle = top + (Double(timeline.rows.count) + 0.5) * rowHeight
            html.raw(
                "<text class=\"t-label\" x=\"\(number(plotLeft - 8))\" y=\"\(number(middle + 4))\" text-anchor=\"end\">app</text>\n"
                    + "<g class=\"mark m-original\" data-date=\"\(RuleReportText.show(date))\"><title>original purchase "
                    + "\(RuleReportText.show(date))</title>" + originalShape(x: x(date), y: middle))
            html.raw(
                "<text class=\"t-label\" x=\"\(number(min(x(date) + 9, plotLeft + plotWidth - 150)))\" y=\"\(number(middle + 4))\">"
            )
            html.text("original purchase" + (original.firstBuild.map { ", first build " + $0 } ?? ""))
            html.raw("</text></g>\n")
        }
        if let decision = timeline.decision {
            let at = x(decision)
            html.raw(
                "<g class=\"decision-mark\" data-date=\"\(RuleReportText.show(decision))\"><title>decision at "
                    + "\(RuleReportText.show(decision))</title><line class=\"decision\" x1=\"\(number(at))\" y1=\"20\""
                    + " x2=\"\(number(at))\" y2=\"\(number(plotBottom + 4))\"/>"
                    + "<text class=\"decision-label\" x=\"\(number(at))\" y=\"\(number(plotBottom + 16))\""
                    + " text-anchor=\"middle\">decision</text></g>\n")
        }
        legend(used, top: plotBottom + 26, into: &html)
        html.raw("</svg>\n")
        facts(timeline, into: &html)
        html.raw("</figure>\n")
    }

    /// One sentence per row: `premium: paid period ×3, refund or revocation ×1`.
    static func description(_ timeline: Timeline) -> String {
        var sentences: [String] = []
        for row in timeline.rows {
            var counts: [String] = []
            for stretch in Timeline.Stretch.allCases {
                let count = row.periods.filter { $0.stretch == stretch }.count
                if count > 0 { counts.append("\(stretch.rawValue) \u{D7}\(count)") }
            }
            for event in Timeline.Event.allCases {
                let count = row.marks.filter { $0.event == event }.count
                if count > 0 { counts.append("\(event.rawValue) \u{D7}\(count)") }
            }
            sentences.append(row.name + ": " + counts.joined(separator: ", "))
        }
        if let decision = timeline.decision {
            sentences.append("decision at " + RuleReportText.show(decision))
        }
        return sentences.joined(separator: "; ") + "."
    }

    /// The facts of the picture as rows: product, what, from, until.
    private static func facts(_ timeline: Timeline, into html: inout HTMLWriter) {
        var rows: [[String?]] = []
        for row in timeline.rows {
            for (period, count) in row.runs {
                rows.append([
                    row.name, times(period.stretch.rawValue, count), RuleReportText.show(period.start),
                    RuleReportText.show(period.end),
                ])
            }
            let renewals = row.marks.filter { $0.event == .renewal }
            if let first = renewals.first, let last = renewals.last {
                rows.append([
                    row.name, times("renewal", renewals.count), RuleReportText.show(first.date),
                    renewals.count > 1 ? RuleReportText.show(last.date) : nil,
                ])
            }
            for mark in row.marks where mark.event != .renewal {
                rows.append([row.name, mark.event.rawValue, RuleReportText.show(mark.date), nil])
            }
        }
        if let original = timeline.original {
            rows.append([
                "app", "original purchase" + (original.firstBuild.map { ", first build " + $0 } ?? ""),
                original.date.map(RuleReportText.show), nil,
            ])
        }
        if let decision = timeline.decision {
            rows.append(["", "decision", RuleReportText.show(decision), nil])
        }
        html.table(
            class: "facts", caption: "What the timeline shows",
            columns: [("product", nil), ("what", nil), ("from", nil), ("until", nil)], rows: rows)
    }

    private static func height(_ stretch: Timeline.Stretch) -> Double {
        switch stretch {
        case .paid, .freeTrial: 14
        case .introductory, .promotional, .offerCode, .winBack: 10
        case .gracePeriod, .billingRetry: 5
        }
    }

    /// Each shape, centred on (x, y): the bounding box's middle is the date.
    private static func shape(_ event: Timeline.Event, x: Double, y: Double) -> String {
        let (cx, cy) = (number(x), number(y))
        switch event {
        case .purchase:
            return "<circle class=\"m\" cx=\"\(cx)\" cy=\"\(cy)\" r=\"5\"/>"
        case .renewal:
            return "<path class=\"m\" d=\"M\(cx) \(number(y - 9))V\(number(y + 9))\"/>"
        case .oneTimePurchase:
            return
                "<path class=\"m\" d=\"M\(cx) \(number(y - 6))L\(number(x + 6)) \(cy)L\(cx) \(number(y + 6))L\(number(x - 6)) \(cy)Z\"/>"
        case .refund:
            return
                "<path class=\"m m-refund\" d=\"M\(number(x - 6)) \(number(y - 6))L\(number(x + 6)) \(number(y + 6))M\(number(x - 6)) \(number(y + 6))L\(number(x + 6)) \(number(y - 6))\"/>"
        case .upgrade:
            return
                "<path class=\"m m-upgrade\" d=\"M\(cx) \(number(y - 7))L\(number(x + 6)) \(number(y + 5))L\(number(x - 6)) \(number(y + 5))Z\"/>"
        case .expiry:
            return
                "<path class=\"m\" d=\"M\(number(x - 4)) \(number(y - 9))H\(number(x + 4))V\(number(y + 9))H\(number(x - 4))\" fill=\"none\"/>"
        case .trialReminder:
            return
                "<path class=\"m m-trial-reminder\" d=\"M\(number(x - 5)) \(number(y - 13))H\(number(x + 5))L\(cx) \(number(y - 5))Z\"/>"
        }
    }

    private static func originalShape(x: Double, y: Double) -> String {
        "<rect class=\"m m-original\" x=\"\(number(x - 5))\" y=\"\(number(y - 5))\" width=\"10\" height=\"10\"/>"
    }

    /// The shapes the picture uses, in legend order.
    private static func usedShapes(_ timeline: Timeline) -> [String] {
        var used: [String] = []
        for stretch in Timeline.Stretch.allCases
        where timeline.rows.contains(where: { row in
            row.periods.contains { $0.stretch == stretch }
        }) {
            used.append("s:" + stretch.rawValue)
        }
        for event in Timeline.Event.allCases
        where timeline.rows.contains(where: { row in
            row.marks.contains { $0.event == event }
        }) {
            used.append("m:" + event.rawValue)
        }
        if timeline.original?.date != nil { used.append("original purchase") }
        if timeline.decision != nil { used.append("decision") }
        return used
    }

    private static func legend(_ used: [String], top: Double, into html: inout HTMLWriter) {
        html.raw("<g class=\"legend\">")
        for (index, item) in used.enumerated() {
            let x = 20 + Double(index % 4) * 185
            let y = top + Double(index / 4) * 18
            var label = item
            if item.hasPrefix("s:"), let stretch = Timeline.Stretch(rawValue: String(item.dropFirst(2))) {
                label = stretch.rawValue
                html.raw(
                    "<rect class=\"s-\(slug(label))\" x=\"\(number(x))\" y=\"\(number(y - height(stretch) / 2))\""
                        + " width=\"18\" height=\"\(number(height(stretch)))\"/>")
            } else if item.hasPrefix("m:"), let event = Timeline.Event(rawValue: String(item.dropFirst(2))) {
                label = event.rawValue
                html.raw(shape(event, x: x + 9, y: y))
            } else if item == "original purchase" {
                html.raw(originalShape(x: x + 9, y: y))
            } else {
                html.raw(
                    "<line class=\"decision\" x1=\"\(number(x + 9))\" y1=\"\(number(y - 8))\" x2=\"\(number(x + 9))\" y2=\"\(number(y + 8))\"/>"
                )
            }
            html.raw("<text x=\"\(number(x + 24))\" y=\"\(number(y + 4))\">\(label)</text>")
        }
        html.raw("</g>\n")
    }

    /// `paid period ×644` for several, the words alone for one.
    private static func times(_ words: String, _ count: Int) -> String {
        count == 1 ? words : words + " \u{D7}\(count)"
    }

    /// `free trial` as `free-trial`: a class name.
    private static func slug(_ words: String) -> String {
        String(decoding: words.utf8.map { $0 == UInt8(ascii: " ") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
    }

    /// A coordinate with one decimal, without Foundation's formatters.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }
}
