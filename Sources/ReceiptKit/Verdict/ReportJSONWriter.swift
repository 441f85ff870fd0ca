#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes a report on a receipt or a StoreKit 2 JWS (its nested reports too) as one compact JSON
/// line, byte for byte what `JSONEncoder` with sorted keys and unescaped slashes writes, without its
/// generic machinery.
///
/// Reports are written once per input, so the writer must cost little beside verification; `JSONEncoder`
/// is the reference, not the writer (`make bench` shows the share). Keys are written in sorted order
/// by hand; `ReportJSONWriterTests` and `JWSReportJSONTests` compare the output with `JSONEncoder`'s on
/// every corpus input. A server response (alone or among combined inputs) is declined: `SortedJSONEncoder` writes
/// those.
struct ReportJSONWriter {
    var sink = CompactJSONWriter()
    /// A notification's nested reports hold none of their own; the bound stops the recursion even so.
    static let maximumNesting = 4

    /// The line with its newline, or nil when a date cannot be written (`JSONEncoder` then says why).
    static func line(_ report: ValidationReport) -> String? {
        compact(report).map { String(decoding: $0 + [0x0A], as: UTF8.self) }
    }

    /// The compact JSON without a newline (what `PrettyJSON` re-indents), or nil as for `line`.
    static func compact(_ report: ValidationReport) -> [UInt8]? {
        segments(report).map(joined)
    }

    /// Segments as one text; the one segment of a small report is returned as it is, not copied.
    static func joined(_ segments: [[UInt8]]) -> [UInt8] {
        segments.count == 1 ? segments[0] : Array(segments.joined())
    }

    /// The same text in the writer's segments (one for all but reports of tens of thousands of purchases).
    static func segments(_ report: ValidationReport) -> [[UInt8]]? {
        var writer = ReportJSONWriter()
        guard writer.report(report, depth: 0) else { return nil }
        return writer.sink.takeSegments()
    }

    mutating func report(_ report: ValidationReport, depth: Int) -> Bool {
        guard depth < Self.maximumNesting, report.response == nil else { return false }
        raw("{\"checks\":[")
        for (index, check) in report.checks.enumerated() {
            if index > 0 { raw(",") }
            raw("{\"detail\":")
            string(check.detail)
            raw(",\"name\":")
            string(check.name.rawValue)
            raw(",\"passed\":")
            raw(check.passed ? "true" : "false")
            if let reason = check.reason {
                raw(",\"reason\":")
                string(reason.rawValue)
            }
            raw("}")
        }
        raw("]")
        optional("encoding", report.encoding?.rawValue)
        optional("format", report.format?.rawValue)
        raw(",\"input\":")
        string(report.input)
        if let inputs = report.inputs {
            // Combined inputs: each input's report, written as it comes rather than as a tree of nodes.
            raw(",\"inputs\":[")
            for (index, input) in inputs.enumerated() {
                if index > 0 { raw(",") }
                guard self.report(input, depth: depth + 1) else { return false }
                sink.sealIfFull()
            }
            raw("]")
        }
        if let jws = report.jws {
            raw(",\"jws\":")
            guard self.jws(jws, depth: depth) else { return false }
        }
        optional("message", report.message)
        optional("reason", report.reason?.rawValue)
        if let receipt = report.receipt {
            raw(",\"receipt\":")
            do throws(CompactJSONWriter.DeclinedError) {
                try sink.object(receipt)
            } catch {
                return false
            }
        }
        raw(",\"status\":")
        string(report.status.rawValue)
        if let trust = report.trust {
            raw(",\"trust\":")
            self.trust(trust)
        }
        raw("}")
        return true
    }

    private mutating func trust(_ trust: TrustReport) {
        raw("{\"anchors\":[")
        for (index, anchor) in trust.anchors.enumerated() {
            if index > 0 { raw(",") }
            string(anchor)
        }
        raw("],\"chain\":[")
        for (index, certificate) in trust.chain.enumerated() {
            if index > 0 { raw(",") }
            raw("{\"issuer\":")
            string(certificate.issuer)
            optionalDate("not_after", certificate.notAfter)
            optionalDate("not_before", certificate.notBefore)
            raw(",\"sha256\":")
            string(certificate.sha256)
            raw(",\"subject\":")
            string(certificate.subject)
            raw("}")
        }
        raw("]")
        optional("digest", trust.digest)
        raw(",\"kind\":")
        string(trust.kind?.rawValue ?? "untrusted")
        raw(",\"time_source\":")
        string(trust.timeSource)
        optionalDate("validation_time", trust.validationTime)
        raw("}")
    }

    // MARK: - Members and values

    /// `"name":value` for a member that is present; the comma before it, if any, is the sink's.
    private mutating func optional(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        sink.key(name)
        string(value)
    }

    /// A date member of a report type, which writes `RFC3339.format`'s text and leaves the member out
    /// where that is nil.
    private mutating func optionalDate(_ name: StaticString, _ value: Date?) {
        guard let value else { return }
        let mark = sink.out.count
        if !date(name, value) {
            sink.out.removeSubrange(mark...)
        }
    }

    /// A date member; false when the date cannot be written as RFC 3339.
    private mutating func date(_ name: StaticString, _ value: Date?) -> Bool {
        guard let value else { return true }
        sink.key(name)
        sink.out.append(0x22)
        guard RFC3339.append(value, to: &sink.out) else { return false }
        sink.out.append(0x22)
        return true
    }

    mutating func raw(_ text: StaticString) {
        sink.raw(text)
    }

    mutating func string(_ text: String) {
        sink.string(text)
    }
}
