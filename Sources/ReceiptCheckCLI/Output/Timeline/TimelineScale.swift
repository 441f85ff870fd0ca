#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The picture's axis, fitted with a margin to all but an app purchase more than a quarter of the span before
/// the rest: that one is drawn past a break at the plot's left, not by stretching the scale.
struct TimelineScale: Sendable {
    /// The scaled axis: `first` at x `left`, `first` + `span` at `left` + `width`.
    let first: Date
    let span: TimeInterval
    let left: Double
    let width: Double
    /// The app's first purchase, drawn before the break; nil when it is on the scale or absent.
    let beforeBreak: Date?
    /// The first and last dates drawn, without the margins: what the picture's title names.
    let earliest: Date
    let latest: Date

    /// Each side's margin, a fraction of the dates' span.
    static let margin = 0.04
    /// How far before the rest, as a fraction of their span, the first purchase is cut off.
    static let breakAfter = 0.25
    /// The part of the plot left of the break: the first purchase's mark, then the break.
    static let breakWidth = 70.0

    init?(_ timeline: Timeline, left plotLeft: Double, width plotWidth: Double) {
        let focus = timeline.focusBounds
        let original = timeline.original?.date
        guard let low = focus?.low ?? original, let high = focus?.high ?? original else { return nil }
        let raw = max(high.timeIntervalSince(low), 86_400)
        // Stretching to it would squeeze the rest to less than four fifths of the width.
        if let original, focus != nil, low.timeIntervalSince(original) > raw * Self.breakAfter {
            beforeBreak = original
            left = plotLeft + Self.breakWidth
            width = plotWidth - Self.breakWidth
        } else {
            beforeBreak = nil
            left = plotLeft
            width = plotWidth
        }
        // On the scale, the first purchase widens it at either end: an app receipt may date it after the rest.
        let start = min(low, beforeBreak == nil ? (original ?? low) : low)
        let end = beforeBreak == nil ? max(high, original ?? high) : high
        let full = max(end.timeIntervalSince(start), 86_400)
        earliest = beforeBreak ?? start
        latest = end
        first = start.addingTimeInterval(-full * Self.margin)
        span = full * (1 + 2 * Self.margin)
    }

    func x(_ date: Date) -> Double {
        left + date.timeIntervalSince(first) / span * width
    }

    var last: Date { first.addingTimeInterval(span) }
}
