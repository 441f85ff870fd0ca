#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The days a free-trial paywall shows: start, reminder, end.
public struct TrialTimeline: Sendable, Equatable, Encodable {
    /// When the trial starts.
    public let start: Date
    /// `reminderDays` before the end; nil when the lead is 0, the trial too short, or auto-renew is off.
    public let reminder: Date?
    /// When the trial ends and the subscription converts.
    public let end: Date

    /// The timeline of a trial from `start` to `end`, reminding `reminderDays` before the end.
    public init(start: Date, end: Date, reminderDays: Int, remind: Bool = true) {
        self.start = start
        self.end = end
        let reminder = end.addingTimeInterval(-Double(reminderDays) * 86_400)
        self.reminder = remind && reminderDays > 0 && reminder > start ? reminder : nil
    }

    /// A trial a paywall offers, starting at `now` if the customer takes it today.
    public static func offer(at now: Date, days: Int, reminderDays: Int) -> TrialTimeline {
        TrialTimeline(start: now, end: now.addingTimeInterval(Double(days) * 86_400), reminderDays: reminderDays)
    }

    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension TrialTimeline: FieldModel {
    package static let fields: [ModelField<TrialTimeline>] = [
        .formattedDate("end") { $0.end },
        .formattedDate("reminder") { $0.reminder },
        .formattedDate("start") { $0.start },
    ]
}
