import Foundation
import ReceiptKit
import Testing

@testable import ReceiptCheckCLI

/// The picture a person reads: an axis fitted to the customer with a break before a far first purchase,
/// calendar ticks whose labels fit, close marks grouped, and every kind the text draws drawn too.
@Suite struct TimelinePictureTests {
    static let day = 86_400.0
    static let start = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01

    static func monthly(_ count: Int, product: String = "pro") -> [Timeline.Purchase] {
        (0..<count).map { index in
            Timeline.Purchase(
                product: product, start: start.addingTimeInterval(Double(index) * 30 * day),
                end: start.addingTimeInterval(Double(index + 1) * 30 * day), stretch: .paid, cancelled: nil,
                upgraded: false)
        }
    }

    static func svg(_ timeline: Timeline) -> String {
        var html = HTMLWriter()
        TimelineSVG.write(timeline, into: &html)
        return html.out
    }

    /// A tick's label as the picture writes it.
    static func label(_ date: Date, _ step: TimelineTicks.Step) -> String {
        var html = HTMLWriter()
        html.day(date, length: step.labelLength)
        return html.out
    }

    /// On a phone the narrow picture takes the wide one's place: each name above its bar, the axis
    /// across the whole width, fitted to the screen by the stylesheet.
    @Test func aPhoneGetsANarrowPictureWithNamesAboveTheBars() throws {
        let svg = Self.svg(Timeline(purchases: Self.monthly(3), reminders: [:], decision: nil))
        let parts = svg.components(separatedBy: "<div class=\"plot narrow\">")
        #expect(parts.count == 2, "\(svg)")
        #expect(parts[0].contains("<text class=\"t-label\" x=\"182\" y=\"53\" text-anchor=\"end\">pro</text>"))
        let narrow = try #require(parts.last)
        #expect(narrow.contains("width=\"320\""), "\(narrow)")
        #expect(narrow.contains("<text class=\"t-label\" x=\"4\" y=\"46\">pro</text>"), "\(narrow)")
        #expect(narrow.contains("<rect class=\"period s-paid-period\""))
        #expect(
            HTMLStyle.sheet.contains(
                "@media screen and (max-width:560px){figure.timeline .plot.wide{display:none}"
                    + "figure.timeline .plot.narrow{display:block;width:100%}"
                    + "figure.timeline .plot.narrow svg{width:100%;height:auto}"))
    }

    @Test func anAppBoughtYearsBeforeIsDrawnBeyondABreak() throws {
        var timeline = Timeline(purchases: Self.monthly(3), reminders: [:], decision: nil)
        let years = Self.start.addingTimeInterval(-4 * 365 * Self.day)
        timeline.original = Timeline.Original(date: years, firstBuild: "37", decisions: [])
        let scale = try #require(TimelineScale(timeline, left: 190, width: 520))
        #expect(scale.beforeBreak == years)
        #expect(scale.left == 190 + TimelineScale.breakWidth)
        // The three months fill the scaled width (less its margins): each month over 140 px.
        #expect(scale.x(Self.start.addingTimeInterval(30 * Self.day)) - scale.x(Self.start) > 130)
        let svg = Self.svg(timeline)
        #expect(svg.contains("<g class=\"axis-break\"><title>time cut between 2020-"), "\(svg)")
        #expect(svg.contains(">app, bought 2020-01-02</text>"), "\(svg)")
        // The title names the customer's first and last dates, not the axis's margins.
        #expect(svg.contains("<title>Timeline of 1 product from 2020-01-02 to 2024-03-31</title>"), "\(svg)")
        // The ticks the picture writes in place read as their labels.
        let drawn = try #require(TimelineScale(timeline, left: TimelineSVG.plotLeft, width: TimelineSVG.plotWidth))
        let step = try #require(TimelineTicks.step(span: drawn.span, width: drawn.width))
        let ticks = TimelineTicks.ticks(from: drawn.first, to: drawn.last, step: step)
        #expect(ticks.count >= 3)
        for tick in ticks {
            let label = Self.label(tick, step)
            #expect(svg.contains(" text-anchor=\"middle\">\(label)</text>"), "\(label)")
        }
        // A first purchase a week before is on the scale: no break.
        timeline.original = Timeline.Original(
            date: Self.start.addingTimeInterval(-7 * Self.day), firstBuild: nil, decisions: [])
        let near = try #require(TimelineScale(timeline, left: 190, width: 520))
        #expect(near.beforeBreak == nil && near.left == 190)
        let nearSVG = Self.svg(timeline)
        #expect(!nearSVG.contains("axis-break"))
        #expect(nearSVG.contains("<title>Timeline of 1 product from 2023-12-25 to 2024-03-31</title>"), "\(nearSVG)")
    }

    /// An original purchase dated after every purchase (a receipt may say so) is on the scale, inside the plot.
    @Test func anOriginalPurchaseAfterTheRestIsInsideThePicture() throws {
        var timeline = Timeline(purchases: Self.monthly(3), reminders: [:], decision: nil)
        let later = Self.start.addingTimeInterval(455 * Self.day)
        timeline.original = Timeline.Original(date: later, firstBuild: nil, decisions: [])
        let scale = try #require(TimelineScale(timeline, left: TimelineSVG.plotLeft, width: TimelineSVG.plotWidth))
        #expect(scale.beforeBreak == nil)
        #expect(scale.x(later) > scale.left && scale.x(later) < scale.left + scale.width, "\(scale.x(later))")
        let svg = Self.svg(timeline)
        let opening = #"<rect class="m m-original" x=""#
        let found = try #require(svg.range(of: opening), "\(svg)")
        let x = try #require(Double(svg[found.upperBound...].prefix { $0 != "\"" }))
        #expect(x + 10 < TimelineSVG.plotLeft + TimelineSVG.plotWidth, "\(svg)")
    }

    @Test func ticksFallOnCalendarStepsWhoseLabelsFit() throws {
        #expect(TimelineTicks.step(span: 10 * Self.day, width: 450) == .days(2))
        #expect(TimelineTicks.step(span: 150 * Self.day, width: 450) == .months(1))
        #expect(TimelineTicks.step(span: 3 * 365 * Self.day, width: 450) == .months(6))
        #expect(TimelineTicks.step(span: 40 * 365 * Self.day, width: 450) == .years(5))
        let last = Self.start.addingTimeInterval(160 * Self.day)
        let ticks = TimelineTicks.ticks(from: Self.start.addingTimeInterval(14 * Self.day), to: last, step: .months(1))
        #expect(ticks.map { Self.label($0, .months(1)) } == ["2024-02", "2024-03", "2024-04", "2024-05", "2024-06"])
        let weeks = TimelineTicks.ticks(
            from: Self.start, to: Self.start.addingTimeInterval(20 * Self.day), step: .days(7))
        // 2024-01-01 was a Monday.
        #expect(weeks.map { Self.label($0, .days(7)) } == ["2024-01-01", "2024-01-08", "2024-01-15"])
        // The calendar arithmetic is ReceiptKit's, copied: it names the days RFC 3339 writes.
        for days in [-719_162, -719_103, -1, 0, 59, 11_016, 19_723, 2_932_896] {
            let (year, month, dayOfMonth) = TimelineTicks.civil(days)
            let written = try #require(RFC3339.format(Date(timeIntervalSince1970: Double(days) * Self.day)))
            let parts = written.prefix(10).split(separator: "-").compactMap { Int($0) }
            #expect(parts == [year, month, dayOfMonth], "\(days): \(written)")
            #expect(TimelineTicks.days(year, month, dayOfMonth) == days)
        }
        #expect(TimelineTicks.ticks(from: .distantPast, to: .distantFuture, step: .years(1000)).count <= 400)
        // Daily ticks over four thousand years stop at the limit; the year 9999, which RFC 3339 still
        // writes, has its months; a span to 1e300 s, past any calendar, has none.
        #expect(TimelineTicks.ticks(from: .distantPast, to: .distantFuture, step: .days(1)).count == 400)
        let lastYear = try #require(try RFC3339.parse("9999-01-01T00:00:00Z"))
        let months = TimelineTicks.ticks(
            from: lastYear, to: lastYear.addingTimeInterval(360 * Self.day), step: .months(1))
        #expect(months.map { Self.label($0, .months(1)) }.last == "9999-12", "\(months)")
        #expect(months.count == 12)
        #expect(TimelineTicks.ticks(from: Self.start, to: Date(timeIntervalSince1970: 1e300), step: .years(1)) == [])
        // Over any span, neighbouring labels stay apart at the picture's width.
        for span in [1.0, 3, 9, 40, 200, 800, 5000, 40_000] {
            let scaleSpan = span * Self.day
            let step = try #require(TimelineTicks.step(span: scaleSpan, width: 450))
            let dates = TimelineTicks.ticks(from: Self.start, to: Self.start.addingTimeInterval(scaleSpan), step: step)
            let xs = dates.map { $0.timeIntervalSince(Self.start) / scaleSpan * 450 }
            for (left, right) in zip(xs, xs.dropFirst()) {
                #expect(right - left > Double(step.labelLength) * TimelineTicks.characterWidth, "\(span) days")
            }
        }
    }

    @Test func marksTooCloseToTellApartAreOneMarkThatCountsThem() {
        let refunded = Timeline.Purchase(
            product: "pro", start: Self.start, end: Self.start.addingTimeInterval(365 * Self.day), stretch: .paid,
            cancelled: Self.start.addingTimeInterval(365 * Self.day - 3600), upgraded: false)
        let svg = Self.svg(Timeline(purchases: [refunded], reminders: [:], decision: nil))
        #expect(
            svg.contains(#"<g class="mark m-group" data-count="2" data-members="refund-or-revocation expiry""#),
            "\(svg)")
        #expect(
            svg.contains(
                "<title>2 events:\nrefund or revocation 2024-12-30T23:00:00Z\nexpiry 2024-12-31T00:00:00Z</title>"))
        #expect(svg.contains(#"<text class="t-count""#))
        // A week apart on a year: two marks in the wide picture (the narrow one has under 8 px a week).
        let apart = Timeline.Purchase(
            product: "pro", start: Self.start, end: Self.start.addingTimeInterval(365 * Self.day), stretch: .paid,
            cancelled: Self.start.addingTimeInterval(358 * Self.day), upgraded: false)
        let wide = Self.svg(Timeline(purchases: [apart], reminders: [:], decision: nil))
            .components(separatedBy: "<div class=\"plot narrow\">")[0]
        #expect(!wide.contains("m-group"))
    }

    /// Marks each under 8 px from the last but 11 px across are two marks, not one circle: a group spans
    /// less than 8 px from its first mark.
    @Test func aChainOfCloseMarksIsNotOneGroup() throws {
        var row = Timeline.Row(name: "pro")
        row.periods.append(
            Timeline.Period(start: Self.start, end: Self.start.addingTimeInterval(365 * Self.day), stretch: .paid))
        let events: [Timeline.Event] = [.refund, .upgrade, .oneTimePurchase]
        for (index, event) in events.enumerated() {
            row.marks.append(
                Timeline.Mark(date: Self.start.addingTimeInterval(Double(100 + 3 * index) * Self.day), event: event))
        }
        var timeline = Timeline(purchases: [], reminders: [:], decision: nil)
        timeline.rows.append(row)
        let scale = try #require(TimelineScale(timeline, left: TimelineSVG.plotLeft, width: TimelineSVG.plotWidth))
        let step = scale.x(Self.start.addingTimeInterval(3 * Self.day)) - scale.x(Self.start)
        #expect(step < TimelineSVG.groupDistance && 2 * step >= TimelineSVG.groupDistance, "\(step)")
        #expect(TimelineSVG.groups(row, scale).map(\.marks.count) == [2, 1])
        let svg = Self.svg(timeline)
        #expect(
            svg.contains(#"<g class="mark m-group" data-count="2" data-members="refund-or-revocation upgrade""#),
            "\(svg)")
        #expect(svg.contains(#"<g class="mark m-one-time-purchase""#), "\(svg)")
    }

    /// A period of minutes on a year is drawn wide enough to see; a long product id keeps its end in the
    /// picture and is whole in its title.
    @Test func nothingIsDrawnTooSmallOrCutWithoutItsWhole() {
        let name = "com.example.receiptcheck.pro.monthly"
        let purchases = [
            Timeline.Purchase(
                product: name, start: Self.start, end: Self.start.addingTimeInterval(300), stretch: .paid,
                cancelled: nil, upgraded: false),
            Timeline.Purchase(
                product: name, start: Self.start.addingTimeInterval(300 * Self.day),
                end: Self.start.addingTimeInterval(365 * Self.day), stretch: .paid, cancelled: nil, upgraded: false),
        ]
        var timeline = Timeline(purchases: purchases, reminders: [:], decision: nil)
        let build = "1.0.0-beta.42+build.2023.02.14.nightly"
        timeline.original = Timeline.Original(date: Self.start, firstBuild: build, decisions: [])
        let svg = Self.svg(timeline)
        // A first build keeps its start beside the mark, and is whole in the mark's title.
        #expect(svg.contains(", first build \(build.prefix(TimelineSVG.labelLength - 1))\u{2026}</text>"), "\(svg)")
        #expect(svg.contains("<title>original purchase 2024-01-01T00:00:00Z, first build \(build)</title>"))
        #expect(
            svg.contains(
                #" width="3" height="14"><title>paid period 2024-01-01T00:00:00Z to 2024-01-01T00:05:00Z</title>"#),
            "\(svg)")
        #expect(svg.contains("<g class=\"row\"><title>\(name)</title>"))
        #expect(svg.contains(">\u{2026}\(name.suffix(TimelineSVG.labelLength - 1))</text>"))
    }

    /// Each kind of period and event the model holds is drawn by the text and by the picture: a kind one
    /// of them leaves out fails here.
    @Test func everyKindTheTextDrawsThePictureDraws() {
        for stretch in Timeline.Stretch.allCases {
            var timeline = Timeline(purchases: [], reminders: [:], decision: nil)
            var row = Timeline.Row(name: "pro")
            row.periods.append(
                Timeline.Period(start: Self.start, end: Self.start.addingTimeInterval(30 * Self.day), stretch: stretch))
            timeline.rows.append(row)
            let text = SubscriptionTimeline.render(timeline)
            #expect(!text.contains("|" + String(repeating: " ", count: 60) + "|"), "\(stretch) is not in the text")
            #expect(Self.svg(timeline).contains("<rect class=\"period s-\(stretch.className)\""), "\(stretch)")
        }
        for event in Timeline.Event.allCases {
            var timeline = Timeline(purchases: [], reminders: [:], decision: nil)
            var row = Timeline.Row(name: "pro")
            row.periods.append(
                Timeline.Period(start: Self.start, end: Self.start.addingTimeInterval(30 * Self.day), stretch: .paid))
            row.marks.append(Timeline.Mark(date: Self.start.addingTimeInterval(15 * Self.day), event: event))
            timeline.rows.append(row)
            let text = SubscriptionTimeline.render(timeline)
            #expect(
                !text.contains("|" + String(repeating: "=", count: 60) + "|"), "\(event) is not in the text: \(text)")
            #expect(
                Self.svg(timeline).contains("<g class=\"mark m-\(event.className)\""), "\(event) is not in the picture")
        }
    }

    /// A new customer's page (an app receipt without purchases): the offered trial and its reminder, as
    /// the text report says them.
    @Test func aNewCustomersOfferedTrialIsDrawn() throws {
        let workspace = try TerminalEscapingTests.Workspace()
        let pki = workspace.path + "/pki"
        #expect(try CLI.run(["make-test-pki", pki]).status == 0)
        var spec = try String(contentsOfFile: CLI.fixture("specs/production.json"), encoding: .utf8)
        let purchases = try #require(spec.range(of: #""in_app": ["#))
        spec = String(spec[..<purchases.upperBound]) + "]}\n"
        let receipt = try workspace.sign(spec, pki: pki, name: "new-customer")
        let arguments = [
            "verify", "--root", pki + "/root.pem", "--bundle-id", "com.example.receiptcheck", "--now",
            "2024-05-10T09:00:00Z", "--rule", #"premium: subscription "com.example.receiptcheck.monthly" active"#,
            "--trial-days", "7", "--reminder-days", "2", receipt,
        ]
        let text = try CLI.run(arguments)
        #expect(
            text.stdout.contains("free trial offered: today 2024-05-10, reminder 2024-05-15, ends 2024-05-17"),
            "\(text.stdout)\(text.stderr)")
        let page = try CLI.run(["verify", "--format", "html"] + arguments.dropFirst()).stdout
        #expect(page.contains(#"<rect class="period s-offered-free-trial""#), "\(page)")
        #expect(page.contains("<title>offered free trial 2024-05-10T09:00:00Z to 2024-05-17T09:00:00Z</title>"))
        #expect(page.contains(#"<g class="mark m-trial-reminder" data-date="2024-05-15T09:00:00Z">"#))
        #expect(page.contains(">free trial offered</text>"))
        // The app bought in 2023, a year before the week of the trial: beyond the break, with its date.
        #expect(page.contains(">app, bought 2023-02-14</text>"))
        #expect(page.contains(#" data-break="2023-02-14T08:30:00Z""#))
    }
}
