#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes the report on a StoreKit 2 JWS (its nested reports too) as one compact JSON line, byte for
/// byte what `JSONEncoder` with sorted keys and unescaped slashes writes, keys written in sorted order
/// by hand, as `ReportJSONWriter` does for receipts.
///
/// `JSONEncoder` cost a quarter of a JWS line (0.52 M of 2.1 M instructions). A report holding a
/// receipt, a server response or combined inputs is declined (nil): `SortedJSONEncoder` writes those.
/// `JWSReportJSONTests` compares the bytes with `JSONEncoder`'s.
enum JWSReportJSONWriter {
    /// The compact JSON without a newline, or nil when the report is not one this writer knows.
    static func compact(_ report: ValidationReport) -> [UInt8]? {
        guard report.jws != nil else { return nil }
        var writer = CompactJSONWriter()
        do {
            try write(report, to: &writer, depth: 0)
        } catch {
            return nil
        }
        return writer.out
    }

    /// A notification's nested reports hold no nested reports of their own; `depth` bounds the recursion
    /// even so.
    private static func write(_ report: ValidationReport, to writer: inout CompactJSONWriter, depth: Int)
        throws(CompactJSONWriter.Declined)
    {
        guard depth < 4, report.receipt == nil, report.response == nil, report.inputs == nil else {
            throw CompactJSONWriter.Declined()
        }
        writer.raw("{\"checks\":[")
        for check in report.checks {
            writer.separator()
            writer.raw("{\"detail\":")
            writer.string(check.detail)
            writer.raw(",\"name\":")
            writer.string(check.name.rawValue)
            writer.raw(",\"passed\":")
            writer.bool(check.passed)
            if let reason = check.reason {
                writer.raw(",\"reason\":")
                writer.string(reason.rawValue)
            }
            writer.raw("}")
        }
        writer.raw("]")
        if let encoding = report.encoding {
            writer.key("encoding")
            writer.string(encoding.rawValue)
        }
        if let format = report.format {
            writer.key("format")
            writer.string(format.rawValue)
        }
        writer.key("input")
        writer.string(report.input)
        if let jws = report.jws {
            writer.key("jws")
            try write(jws, to: &writer, depth: depth)
        }
        if let message = report.message {
            writer.key("message")
            writer.string(message)
        }
        if let reason = report.reason {
            writer.key("reason")
            writer.string(reason.rawValue)
        }
        writer.key("status")
        writer.string(report.status.rawValue)
        if let trust = report.trust {
            writer.key("trust")
            write(trust, to: &writer)
        }
        writer.raw("}")
    }

    private static func write(_ jws: JWSReport, to writer: inout CompactJSONWriter, depth: Int)
        throws(CompactJSONWriter.Declined)
    {
        writer.raw("{")
        if let algorithm = jws.algorithm {
            writer.key("algorithm")
            writer.string(algorithm)
        }
        if let keyID = jws.keyID {
            writer.key("key_id")
            writer.string(keyID)
        }
        if let kind = jws.kind {
            writer.key("kind")
            writer.string(kind.rawValue)
        }
        if !jws.nested.isEmpty {
            writer.key("nested")
            writer.raw("{")
            for (member, report) in jws.nested.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                writer.separator()
                writer.string(member)
                writer.raw(":")
                try write(report, to: &writer, depth: depth + 1)
            }
            writer.raw("}")
        }
        if let payload = jws.payload {
            writer.key("payload")
            switch payload {
            case .appTransaction(let model): try writer.object(model)
            case .transaction(let model): try writer.object(model)
            case .renewalInfo(let model): try writer.object(model)
            case .notification(let model): try writer.object(model)
            case .realtimeRequest(let model): try writer.object(model)
            case .unidentified(let members): try CompactJSONWriter.append(members, to: &writer.out, depth: 0)
            }
        }
        writer.raw("}")
    }

    private static func write(_ trust: TrustReport, to writer: inout CompactJSONWriter) {
        writer.raw("{\"anchors\":[")
        for anchor in trust.anchors {
            writer.separator()
            writer.string(anchor)
        }
        writer.raw("],\"chain\":[")
        for certificate in trust.chain {
            writer.separator()
            writer.raw("{\"issuer\":")
            writer.string(certificate.issuer)
            date("not_after", certificate.notAfter, to: &writer)
            date("not_before", certificate.notBefore, to: &writer)
            writer.raw(",\"sha256\":")
            writer.string(certificate.sha256)
            writer.raw(",\"subject\":")
            writer.string(certificate.subject)
            writer.raw("}")
        }
        writer.raw("]")
        if let digest = trust.digest {
            writer.key("digest")
            writer.string(digest)
        }
        writer.key("kind")
        writer.string(trust.kind?.rawValue ?? "untrusted")
        writer.key("time_source")
        writer.string(trust.timeSource)
        date("validation_time", trust.validationTime, to: &writer)
        writer.raw("}")
    }

    /// A date member as the report types write one, `RFC3339.format`'s text, left out where it gives nil.
    private static func date(_ name: StaticString, _ value: Date?, to writer: inout CompactJSONWriter) {
        guard let value else { return }
        let mark = writer.out.count
        writer.key(name)
        writer.out.append(UInt8(ascii: "\""))
        if RFC3339.append(value, to: &writer.out) {
            writer.out.append(UInt8(ascii: "\""))
        } else {
            writer.out.removeSubrange(mark...)
        }
    }
}
