/// A response's signed elements verified one at a time, none after the first failure, keeping only their
/// reports, so that a paged history can let each page go before the next.
struct ResponseElements {
    let context: VerificationContext
    /// Each verified element's report, in the order they came.
    private(set) var reports: [ValidationReport] = []
    /// Every element that came, verified or not.
    private(set) var count = 0
    /// The elements that name an app (all but renewal infos, which name none).
    private(set) var namingApp = 0
    private var passes: [Check] = []
    /// The element that failed, if one did: its index and check, worded once the count is known.
    private var failure: (index: Int, reason: ReasonCode, detail: String)?

    init(context: VerificationContext) {
        self.context = context
    }

    /// Verifies `element`, unless one before it failed; it is counted either way.
    mutating func add(_ element: ServerResponse.Element) {
        let index = count
        count += 1
        if element.kind != .renewalInfo { namingApp += 1 }
        guard failure == nil else { return }
        var inner = ValidationReport(input: element.path)
        inner.format = .jws
        // As a single JWS; only a renewal info, which names no app, is checked as a notification's nested one.
        JWSVerifier(context: context).validate(
            element.text, into: &inner, expecting: element.kind, nested: element.kind == .renewalInfo,
            bindsDevice: false)
        reports.append(inner)
        if inner.status == .valid {
            passes.append(.pass(.element, "elements[\(index)] \(element.path) (\(element.kind.rawValue)) verified"))
            return
        }
        let reason = inner.reason ?? .malformed
        let why = inner.message ?? "not valid"
        failure = (index, reason, "elements[\(index)]: \(reason.rawValue) (\(element.path): \(why))")
    }

    /// Records the element checks on `report`, the count of all first, and hands the reports over.
    mutating func finish(_ kind: ServerResponse.Kind, into report: inout ValidationReport) -> [ValidationReport] {
        report.record(
            .pass(.container, "App Store Server API \(kind.title): \(count) signed element\(count == 1 ? "" : "s")"))
        for check in passes {
            report.record(check)
        }
        if let failure {
            let rest = count - failure.index - 1
            let unverified = rest == 0 ? "" : "; the \(rest) element\(rest == 1 ? "" : "s") after it not verified"
            report.record(.fail(.element, failure.reason, failure.detail + unverified))
        }
        passes = []
        var out: [ValidationReport] = []
        swap(&out, &reports)
        return out
    }
}
