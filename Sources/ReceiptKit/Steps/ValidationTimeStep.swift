#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The step every envelope shares once its chain verified: choose the moment and check validity there.
enum ValidationTimeStep {
    /// The moment the input itself names, for the default `ValidationTime.receiptCreationDate`.
    enum Claimed {
        /// A receipt's creation date, a JWS's signed date, with the report's `time_source` and words.
        case at(Date, source: String, detail: String)
        /// The input names a moment that is not a time: the check fails with `detail`.
        case unusable(detail: String)
        /// The input names none: checked now, as Apple's own verifier does, and the detail says so.
        case none(detail: String)
    }

    static func check(
        _ chain: [Certificate], time: ValidationTime, claimed: Claimed, into report: inout ValidationReport
    ) {
        let moment: Date
        let source: String
        let detail: String
        switch (time, claimed) {
        case (.receiptCreationDate, .at(let date, let named, let words)):
            (moment, source, detail) = (date, named, words)
        case (.receiptCreationDate, .unusable(let words)):
            report.record(.fail(.validity, .missingValidationTime, words))
            return
        case (.receiptCreationDate, .none(let words)):
            (moment, source, detail) = (Date(), "now", words)
        case (.now, _):
            (moment, source, detail) = (Date(), time.source, time.source)
        case (.fixed(let date), _):
            (moment, source, detail) = (date, time.source, time.source)
        }
        report.trust?.validationTime = moment
        report.trust?.timeSource = source
        report.record(ValidityCheck.check(chain, at: moment, source: detail))
    }
}
