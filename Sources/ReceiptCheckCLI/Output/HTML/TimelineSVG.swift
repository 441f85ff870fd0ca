import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `Timeline` as inline SVG, one row per product on one date axis (`TimelineScale`, whose values the svg's
/// `data-*` attributes carry), beside a table of the same facts.
enum TimelineSVG {
    static let width = Layout.wide.width
    static let plotLeft = Layout.wide.plotLeft
    static let plotWidth = Layout.wide.plotWidth
    static let top = 34.0
    /// Product names longer than this are cut at their start in the wide picture (the title has them whole).
    static let labelLength = Layout.wide.labelLength

    /// Where a picture puts its parts. A page holds both: the stylesheet shows the wide one on a screen
    /// wider than a phone, the narrow one (each row's name above its bar, fitted to the width) on a phone.
    struct Layout: Sendable {
        let name: String
        let width: Double
        let plotLeft: Double
        let plotWidth: Double
        let rowHeight: Double
        /// The name's baseline below the row's top, when it sits above the bar; nil for a left gutter.
        let labelAbove: Double?
        let labelLength: Int
        let legendColumns: Int
        let legendColumn: Double
        /// The wide picture titles every row, period and mark; the narrow one leaves them to the wide
        /// one and the facts table (a phone has no pointer to show them), so a page of thousands stays light.
        let titles: Bool

        static let wide = Layout(
            name: "wide", width: 960, plotLeft: 190, plotWidth: 720, rowHeight: 30, labelAbove: nil,
            labelLength: 28, legendColumns: 4, legendColumn: 185, titles: true)
        static let narrow = Layout(
            name: "narrow", width: 320, plotLeft: 34, plotWidth: 258, rowHeight: 48, labelAbove: 12,
            labelLength: 44, legendColumns: 2, legendColumn: 150, titles: false)

        func middle(_ index: Int) -> Double {
            top + Double(index) * rowHeight + (labelAbove == nil ? rowHeight / 2 : 32)
        }
    }

    /// `legend`: false in a batch's folded sections, which leave it to the page summary's one (`writeLegend`).
    static func write(_ timeline: Timeline, legend drawsLegend: Bool = true, into html: inout HTMLWriter) {
        guard TimelineScale(timeline, left: plotLeft, width: plotWidth) != nil else {
            html.raw("<p>No dated purchase to draw.</p>\n")
            return
        }
        // Both pictures draw the same shapes: named once for their legends.
        let used = usedShapes(timeline)
        html.raw("<figure class=\"timeline\">\n")
        picture(timeline, .wide, used: used, legend: drawsLegend, into: &html)
        picture(timeline, .narrow, used: used, legend: drawsLegend, into: &html)
        facts(timeline, into: &html)
        html.raw("</figure>\n")
    }

    private static func picture(
        _ timeline: Timeline, _ layout: Layout, used: [Shape], legend drawsLegend: Bool, into html: inout HTMLWriter
    ) {
        guard let scale = TimelineScale(timeline, left: layout.plotLeft, width: layout.plotWidth) else { return }
        let x = scale.x
        let plotLeft = layout.plotLeft
        let plotWidth = layout.plotWidth
        let originalRow = timeline.original?.date != nil ? 1 : 0
        let rowCount = timeline.rows.count + originalRow
        let plotBottom = top + Double(rowCount) * layout.rowHeight
        let columns = layout.legendColumns
        let legendRows = drawsLegend ? (used.count + columns - 1) / columns : 0
        let pictureHeight = plotBottom + 26 + Double(legendRows) * 18 + 6
        html.raw("<div class=\"plot ")
        html.raw(layout.name)
        html.raw("\"><svg role=\"img\"")
        openPicture(layout, height: pictureHeight, into: &html)
        html.raw(" data-first=\"")
        html.date(scale.first)
        html.ascii("\"")
        html.attribute("data-span", scale.span)
        html.attribute("data-plot-left", scale.left)
        html.attribute("data-plot-width", scale.width)
        if let cut = scale.beforeBreak {
            html.raw(" data-break=\"")
            html.date(cut)
            html.ascii("\"")
        }
        html.raw(">\n<title>Timeline of ")
        html.integer(timeline.rows.count)
        html.raw(timeline.rows.count == 1 ? " product from " : " products from ")
        html.day(scale.earliest)
        html.raw(" to ")
        html.day(scale.latest)
        html.raw("</title>\n")
        if layout.titles {
            html.raw("<desc>")
            html.text(description(timeline))
            html.raw("</desc>\n")
        }
        ticks(scale, layout, bottom: plotBottom, into: &html)
        for (index, row) in timeline.rows.enumerated() {
            let middle = layout.middle(index)
            html.raw("<g class=\"row\">")
            if layout.titles {
                html.raw("<title>")
                html.text(row.name)
                html.raw("</title>")
            }
            openLabel(layout, row: index, into: &html)
            // A product id's end tells products apart (`…receiptcheck.monthly`); the title has it whole.
            label(row.name, length: layout.labelLength, keepingEnd: true, into: &html)
            html.raw("</text></g>\n")
            for (period, count) in row.runs {
                let start = x(period.start)
                let barHeight = height(period.stretch)
                html.raw("<rect class=\"period s-")
                html.raw(period.stretch.className)
                html.ascii("\"")
                html.attribute("x", start)
                html.attribute("y", middle - barHeight / 2)
                html.attribute("width", max(minimumWidth, x(period.end) - start))
                html.attribute("height", barHeight)
                guard layout.titles else {
                    html.raw("/>\n")
                    continue
                }
                html.raw("><title>")
                times(period.stretch.rawValue, count, into: &html)
                html.ascii(" ")
                html.date(period.start)
                html.raw(" to ")
                html.date(period.end)
                html.raw("</title></rect>\n")
            }
            // Renewals are many on a long history: one group of ticks, so the page stays light.
            if let (renewals, first, last) = renewals(row) {
                html.raw("<g class=\"mark m-renewal\" data-count=\"")
                html.integer(renewals)
                html.raw("\" data-date=\"")
                html.date(first)
                html.raw("\">")
                if layout.titles {
                    html.raw("<title>")
                    times("renewal", renewals, into: &html)
                    html.ascii(" ")
                    html.date(first)
                    if renewals > 1 {
                        html.raw(" to ")
                        html.date(last)
                    }
                    html.raw("</title>")
                }
                html.raw("<path class=\"m\" d=\"")
                for mark in row.marks where mark.event == .renewal {
                    html.point("M", x(mark.date), middle - 9)
                    html.coordinate("V", middle + 9)
                }
                html.raw("\"/></g>\n")
            }
            for group in groups(row, scale) {
                if group.marks.count == 1, let only = group.marks.first {
                    mark(only, x: group.x, y: middle, titled: layout.titles, into: &html)
                } else {
                    cluster(group.marks, x: group.x, y: middle, into: &html)
                }
            }
        }
        if let original = timeline.original, let date = original.date {
            self.original(original, date: date, scale: scale, layout, row: timeline.rows.count, into: &html)
        }
        if let decision = timeline.decision {
            let at = x(decision)
            html.raw("<g class=\"decision-mark\" data-date=\"")
            html.date(decision)
            html.raw("\"><title>decision at ")
            html.date(decision)
            html.raw("</title><line class=\"decision\"")
            html.attribute("x1", at)
            html.raw(" y1=\"20\"")
            html.attribute("x2", at)
            html.attribute("y2", plotBottom + 4)
            // The label reads away from the nearer end, so it stays inside the picture.
            let rightHalf = at > plotLeft + plotWidth / 2
            html.raw("/><text class=\"decision-label\"")
            html.attribute("x", rightHalf ? at - 4 : at + 4)
            html.attribute("y", plotBottom + 16)
            html.raw(rightHalf ? " text-anchor=\"end\">now: decision " : ">now: decision ")
            html.day(decision)
            html.raw("</text></g>\n")
        }
        if drawsLegend {
            legend(used, layout, top: plotBottom + 26, into: &html)
        }
        html.raw("</svg></div>\n")
    }

    /// A row's name, above the bar or in the left gutter; the element stays open for its text.
    private static func openLabel(_ layout: Layout, row: Int, into html: inout HTMLWriter) {
        html.raw("<text class=\"t-label\"")
        if let above = layout.labelAbove {
            html.attribute("x", 4)
            html.attribute("y", top + Double(row) * layout.rowHeight + above)
            html.ascii(">")
        } else {
            html.attribute("x", layout.plotLeft - 8)
            html.attribute("y", layout.middle(row) + 4)
            html.raw(" text-anchor=\"end\">")
        }
    }

    /// A period drawn narrower than this could not be seen; a shorter one is drawn this wide.
    static let minimumWidth = 3.0
    /// Marks of a row within this many pixels of the first of them are drawn as one that says how many.
    static let groupDistance = 8.0

    /// The calendar ticks, the axis line under the rows, and the break before a cut-off first purchase.
    private static func ticks(_ scale: TimelineScale, _ layout: Layout, bottom: Double, into html: inout HTMLWriter) {
        let right = scale.left + scale.width
        if let step = TimelineTicks.step(span: scale.span, width: scale.width) {
            let ticks = TimelineTicks.ticks(from: scale.first, to: scale.last, step: step)
            let xs = ticks.map(scale.x)
            // The grid is one path: a page of thousands of pictures stays light.
            html.raw("<g class=\"ticks\"><path class=\"t-grid\" d=\"")
            for at in xs {
                html.point("M", at, 20)
                html.coordinate("V", bottom)
            }
            html.raw("\"/>")
            // Ticks lie on the scaled axis, which leaves more than half the widest label (35 px) to the
            // picture's edges: every label fits.
            for (tick, at) in zip(ticks, xs) {
                html.raw("<text class=\"t-tick\"")
                html.attribute("x", at)
                html.raw(" y=\"14\" text-anchor=\"middle\">")
                html.day(tick, length: step.labelLength)
                html.raw("</text>")
            }
            html.raw("</g>\n")
        }
        html.raw("<line class=\"t-axis\"")
        html.attribute("x1", scale.beforeBreak == nil ? scale.left : scale.left - 14)
        html.attribute("y1", bottom)
        html.attribute("x2", right)
        html.attribute("y2", bottom)
        html.raw("/>\n")
        if let cut = scale.beforeBreak {
            let at = scale.left - 20
            html.raw("<g class=\"axis-break\"><title>time cut between ")
            html.day(cut)
            html.raw(" and ")
            html.day(scale.first)
            html.raw("</title><path class=\"t-break\" d=\"")
            html.point("M", at - 3, 20)
            html.coordinate("V", bottom + 6)
            html.point("M", at + 3, 20)
            html.coordinate("V", bottom + 6)
            html.raw("\"/><line class=\"t-axis\"")
            html.attribute("x1", layout.plotLeft)
            html.attribute("y1", bottom)
            html.attribute("x2", at - 6)
            html.attribute("y2", bottom)
            html.raw("/></g>\n")
        }
    }

    /// The app's row: its first purchase's date as label, its mark where the scale or the break puts it.
    private static func original(
        _ original: Timeline.Original, date: Date, scale: TimelineScale, _ layout: Layout, row: Int,
        into html: inout HTMLWriter
    ) {
        let plotLeft = layout.plotLeft
        let plotWidth = layout.plotWidth
        let middle = layout.middle(row)
        let at = scale.beforeBreak == nil ? scale.x(date) : plotLeft + 12
        openLabel(layout, row: row, into: &html)
        html.raw("app, bought ")
        html.day(date)
        html.raw("</text>\n<g class=\"mark m-original\" data-date=\"")
        html.date(date)
        html.raw("\"><title>original purchase ")
        html.date(date)
        if let build = original.firstBuild {
            html.raw(", first build ")
            html.text(build)
        }
        html.raw("</title>")
        originalShape(x: at, y: middle, into: &html)
        // Beside the mark, or past the break; reading away from the nearer end of the plot.
        let beside = scale.beforeBreak == nil ? at : scale.left
        let rightHalf = beside > plotLeft + plotWidth / 2
        html.raw("<text class=\"t-label\"")
        html.attribute("x", rightHalf ? beside - 9 : beside + 9)
        html.attribute("y", middle + 4)
        html.raw(rightHalf ? " text-anchor=\"end\">original purchase" : ">original purchase")
        if let build = original.firstBuild {
            html.raw(", first build ")
            label(build, length: labelLength, keepingEnd: false, into: &html)
        }
        html.raw("</text></g>\n")
    }

    /// `text` whole, or cut to `length` characters with an ellipsis at its start (`keepingEnd`) or end.
    private static func label(_ text: String, length: Int, keepingEnd: Bool, into html: inout HTMLWriter) {
        // Characters are counted only for a text that could be long: counting them is the costly part.
        guard text.utf8.count > length, text.count > length else {
            html.text(text)
            return
        }
        if keepingEnd {
            html.raw("\u{2026}")
            html.text(String(text.suffix(length - 1)))
        } else {
            html.text(String(text.prefix(length - 1)))
            html.raw("\u{2026}")
        }
    }

    /// A row's marks but renewals, by date, in runs within `groupDistance` pixels of their first mark (so a chain
    /// of close marks is not one wide circle), each drawn at the middle of its first and last.
    static func groups(_ row: Timeline.Row, _ scale: TimelineScale) -> [(marks: ArraySlice<Timeline.Mark>, x: Double)] {
        var marks = row.marks.filter { $0.event != .renewal }
        marks.sort { $0.date < $1.date }
        var groups: [(marks: ArraySlice<Timeline.Mark>, x: Double)] = []
        var runStart = 0
        var firstX = 0.0
        var lastX = 0.0
        for (index, mark) in marks.enumerated() {
            let at = scale.x(mark.date)
            if index > runStart, at - firstX < groupDistance {
                lastX = at
                continue
            }
            if index > runStart {
                groups.append((marks[runStart..<index], (firstX + lastX) / 2))
            }
            runStart = index
            firstX = at
            lastX = at
        }
        if runStart < marks.count {
            groups.append((marks[runStart...], (firstX + lastX) / 2))
        }
        return groups
    }

    private static func mark(_ mark: Timeline.Mark, x: Double, y: Double, titled: Bool, into html: inout HTMLWriter) {
        html.raw("<g class=\"mark m-")
        html.raw(mark.event.className)
        html.raw("\" data-date=\"")
        html.date(mark.date)
        html.raw("\">")
        if titled {
            html.raw("<title>")
            html.markup(mark.event.rawValue)
            html.ascii(" ")
            html.date(mark.date)
            html.raw("</title>")
        }
        shape(mark.event, x: x, y: y, into: &html)
        html.raw("</g>\n")
    }

    /// Marks too close to be told apart: one circle with their count, each listed in its title.
    private static func cluster(_ marks: ArraySlice<Timeline.Mark>, x: Double, y: Double, into html: inout HTMLWriter) {
        html.raw("<g class=\"mark m-group\" data-count=\"")
        html.integer(marks.count)
        html.raw("\" data-members=\"")
        for (index, mark) in marks.enumerated() {
            if index > 0 { html.ascii(" ") }
            html.raw(mark.event.className)
        }
        html.raw("\" data-date=\"")
        if let first = marks.first { html.date(first.date) }
        html.raw("\"><title>")
        html.integer(marks.count)
        html.raw(" events:")
        for mark in marks {
            html.raw("\n")
            html.markup(mark.event.rawValue)
            html.ascii(" ")
            html.date(mark.date)
        }
        html.raw("</title><circle class=\"m m-group\"")
        html.attribute("cx", x)
        html.attribute("cy", y)
        html.raw(" r=\"8\"/><text class=\"t-count\"")
        html.attribute("x", x)
        html.attribute("y", y + 4)
        html.raw(" text-anchor=\"middle\">")
        html.integer(marks.count)
        html.raw("</text></g>\n")
    }

    /// Every shape a picture can use, named: a batch page's one legend, in its summary.
    static func writeLegend(into html: inout HTMLWriter) {
        let all =
            Timeline.Stretch.allCases.map(Shape.stretch) + Timeline.Event.allCases.map(Shape.event) + [
                .original, .decision,
            ]
        html.raw("<figure class=\"timeline legend\">\n")
        for layout in [Layout.wide, .narrow] {
            let columns = layout.legendColumns
            let height = 14 + Double((all.count + columns - 1) / columns) * 18
            html.raw("<div class=\"plot ")
            html.raw(layout.name)
            html.raw("\"><svg role=\"img\"")
            openPicture(layout, height: height, into: &html)
            html.raw(">\n<title>What the timelines' shapes mean</title>\n")
            legend(all, layout, top: 14, into: &html)
            html.raw("</svg></div>\n")
        }
        html.raw("</figure>\n")
    }

    /// The svg's size and a view box of the same size; the element stays open for the caller's attributes.
    private static func openPicture(_ layout: Layout, height: Double, into html: inout HTMLWriter) {
        let width = layout.width
        html.attribute("width", width)
        html.attribute("height", height)
        html.raw(" viewBox=\"0 0 ")
        html.number(width)
        html.ascii(" ")
        html.number(height)
        html.ascii("\"")
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

    static let factsTable = HTMLTable(
        class: "facts", caption: "What the timeline shows",
        headings: """
            <th>product</th>\
            <th>what</th>\
            <th>from</th>\
            <th>until</th>
            """)

    private static func facts(_ timeline: Timeline, into html: inout HTMLWriter) {
        html.open(factsTable)
        for row in timeline.rows {
            for (period, count) in row.runs {
                fact(row.name, period.stretch.rawValue, count: count, period.start, period.end, into: &html)
            }
            if let (renewals, first, last) = renewals(row) {
                fact(row.name, "renewal", count: renewals, first, renewals > 1 ? last : nil, into: &html)
            }
            for mark in row.marks where mark.event != .renewal {
                fact(row.name, mark.event.rawValue, count: 1, mark.date, nil, into: &html)
            }
        }
        if let original = timeline.original {
            html.startRow()
            html.raw("<td>app</td><td>original purchase")
            if let build = original.firstBuild {
                html.raw(", first build ")
                html.text(build)
            }
            html.raw("</td><td>")
            if let date = original.date { html.date(date) }
            html.raw("</td><td></td>")
            html.endRow()
        }
        if let decision = timeline.decision {
            html.raw("<tr><td></td><td>decision</td><td>")
            html.date(decision)
            html.raw("</td><td></td></tr>\n")
        }
        html.closeTable()
    }

    /// One row of the facts: the product, what (`paid period ×3`), from and until (empty for nil).
    private static func fact(
        _ product: String, _ what: String, count: Int, _ from: Date, _ until: Date?, into html: inout HTMLWriter
    ) {
        html.startRow()
        html.cell(product)
        html.raw("<td>")
        times(what, count, into: &html)
        html.raw("</td><td>")
        html.date(from)
        html.raw("</td><td>")
        if let until { html.date(until) }
        html.raw("</td>")
        html.endRow()
    }

    private static func height(_ stretch: Timeline.Stretch) -> Double {
        switch stretch {
        case .paid, .freeTrial, .offeredTrial: 14
        case .introductory, .promotional, .offerCode, .winBack: 10
        case .gracePeriod, .billingRetry: 5
        }
    }

    /// Each shape, centred on (x, y): the bounding box's middle is the date.
    private static func shape(_ event: Timeline.Event, x: Double, y: Double, into html: inout HTMLWriter) {
        switch event {
        case .purchase:
            html.raw("<circle class=\"m\"")
            html.attribute("cx", x)
            html.attribute("cy", y)
            html.raw(" r=\"5\"/>")
        case .renewal:
            html.raw("<path class=\"m\" d=\"")
            html.point("M", x, y - 9)
            html.coordinate("V", y + 9)
            html.raw("\"/>")
        case .oneTimePurchase:
            html.raw("<path class=\"m\" d=\"")
            html.point("M", x, y - 6)
            html.point("L", x + 6, y)
            html.point("L", x, y + 6)
            html.point("L", x - 6, y)
            html.raw("Z\"/>")
        case .refund:
            html.raw("<path class=\"m m-refund\" d=\"")
            html.point("M", x - 6, y - 6)
            html.point("L", x + 6, y + 6)
            html.point("M", x - 6, y + 6)
            html.point("L", x + 6, y - 6)
            html.raw("\"/>")
        case .upgrade:
            html.raw("<path class=\"m m-upgrade\" d=\"")
            html.point("M", x, y - 7)
            html.point("L", x + 6, y + 5)
            html.point("L", x - 6, y + 5)
            html.raw("Z\"/>")
        case .expiry:
            html.raw("<path class=\"m\" d=\"")
            html.point("M", x - 4, y - 9)
            html.coordinate("H", x + 4)
            html.coordinate("V", y + 9)
            html.coordinate("H", x - 4)
            html.raw("\" fill=\"none\"/>")
        case .trialReminder:
            html.raw("<path class=\"m m-trial-reminder\" d=\"")
            html.point("M", x - 5, y - 13)
            html.coordinate("H", x + 5)
            html.point("L", x, y - 5)
            html.raw("Z\"/>")
        }
    }

    private static func originalShape(x: Double, y: Double, into html: inout HTMLWriter) {
        html.raw("<rect class=\"m m-original\"")
        html.attribute("x", x - 5)
        html.attribute("y", y - 5)
        html.raw(" width=\"10\" height=\"10\"/>")
    }

    /// What the legend shows, in its order.
    private enum Shape {
        case stretch(Timeline.Stretch)
        case event(Timeline.Event)
        case original
        case decision

        var label: String {
            switch self {
            case .stretch(let stretch): stretch.rawValue
            case .event(let event): event.rawValue
            case .original: "original purchase"
            case .decision: "decision"
            }
        }
    }

    private static func usedShapes(_ timeline: Timeline) -> [Shape] {
        var used: [Shape] = []
        for stretch in Timeline.Stretch.allCases
        where timeline.rows.contains(where: { row in row.periods.contains { $0.stretch == stretch } }) {
            used.append(.stretch(stretch))
        }
        for event in Timeline.Event.allCases
        where timeline.rows.contains(where: { row in row.marks.contains { $0.event == event } }) {
            used.append(.event(event))
        }
        if timeline.original?.date != nil { used.append(.original) }
        if timeline.decision != nil { used.append(.decision) }
        return used
    }

    private static func legend(_ used: [Shape], _ layout: Layout, top: Double, into html: inout HTMLWriter) {
        html.raw("<g class=\"legend\">")
        let columns = layout.legendColumns
        for (index, item) in used.enumerated() {
            let x = 20 + Double(index % columns) * layout.legendColumn
            let y = top + Double(index / columns) * 18
            switch item {
            case .stretch(let stretch):
                html.raw("<rect class=\"s-")
                html.raw(stretch.className)
                html.ascii("\"")
                html.attribute("x", x)
                html.attribute("y", y - height(stretch) / 2)
                html.raw(" width=\"18\"")
                html.attribute("height", height(stretch))
                html.raw("/>")
            case .event(let event):
                shape(event, x: x + 9, y: y, into: &html)
            case .original:
                originalShape(x: x + 9, y: y, into: &html)
            case .decision:
                html.raw("<line class=\"decision\"")
                html.attribute("x1", x + 9)
                html.attribute("y1", y - 8)
                html.attribute("x2", x + 9)
                html.attribute("y2", y + 8)
                html.raw("/>")
            }
            html.raw("<text")
            html.attribute("x", x + 24)
            html.attribute("y", y + 4)
            html.ascii(">")
            html.markup(item.label)
            html.raw("</text>")
        }
        html.raw("</g>\n")
    }

    /// A row's renewals, drawn and listed as one group: how many, the first and the last; nil for none.
    private static func renewals(_ row: Timeline.Row) -> (count: Int, first: Date, last: Date)? {
        var count = 0
        var first: Date?
        var last: Date?
        for mark in row.marks where mark.event == .renewal {
            count += 1
            if first == nil { first = mark.date }
            last = mark.date
        }
        guard let first, let last else { return nil }
        return (count, first, last)
    }

    /// `paid period ×644` for several, the words alone for one.
    private static func times(_ words: String, _ count: Int, into html: inout HTMLWriter) {
        html.markup(words)
        if count != 1 {
            html.raw(" \u{D7}")
            html.integer(count)
        }
    }

    /// A coordinate with one decimal, without Foundation's formatters.
    static func number(_ value: Double) -> String {
        var html = HTMLWriter(capacity: 8)
        html.number(value)
        return html.out
    }
}

extension Timeline.Stretch {
    /// The words as a class name: `free-trial`.
    var className: String {
        switch self {
        case .paid: "paid-period"
        case .freeTrial: "free-trial"
        case .introductory: "introductory-offer"
        case .promotional: "promotional-offer"
        case .offerCode: "offer-code"
        case .winBack: "win-back-offer"
        case .gracePeriod: "grace-period"
        case .billingRetry: "billing-retry"
        case .offeredTrial: "offered-free-trial"
        }
    }
}

extension Timeline.Event {
    /// The words as a class name: `one-time-purchase`.
    var className: String {
        switch self {
        case .purchase: "purchase"
        case .renewal: "renewal"
        case .oneTimePurchase: "one-time-purchase"
        case .refund: "refund-or-revocation"
        case .upgrade: "upgrade"
        case .expiry: "expiry"
        case .trialReminder: "trial-reminder"
        }
    }
}

extension HTMLWriter {
    /// ` name="value"`, a coordinate.
    fileprivate mutating func attribute(_ name: String, _ value: Double) {
        ascii(" ")
        // A name of a few letters, byte by byte: cheaper than copying it as a sequence.
        for byte in name.utf8 { ascii(Unicode.Scalar(byte)) }
        ascii("=")
        ascii("\"")
        number(value)
        ascii("\"")
    }

    /// A path command with a point: `M10 20`.
    fileprivate mutating func point(_ letter: Unicode.Scalar, _ x: Double, _ y: Double) {
        ascii(letter)
        number(x)
        ascii(" ")
        number(y)
    }

    /// A path command with one coordinate: `H14`, `V29`.
    fileprivate mutating func coordinate(_ letter: Unicode.Scalar, _ value: Double) {
        ascii(letter)
        number(value)
    }
}
