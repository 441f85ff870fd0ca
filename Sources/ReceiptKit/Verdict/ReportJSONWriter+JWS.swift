extension ReportJSONWriter {
    /// The `jws` member of a report: header fields, the reports on nested JWS and the decoded payload,
    /// each model written from its member list. False where only `JSONEncoder` may write the value.
    mutating func jws(_ jws: JWSReport, depth: Int) -> Bool {
        raw("{")
        if let algorithm = jws.algorithm {
            sink.key("algorithm")
            string(algorithm)
        }
        if let keyID = jws.keyID {
            sink.key("key_id")
            string(keyID)
        }
        if let kind = jws.kind {
            sink.key("kind")
            string(kind.rawValue)
        }
        if !jws.nested.isEmpty {
            sink.key("nested")
            raw("{")
            for (member, report) in jws.nested.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                sink.separator()
                string(member)
                raw(":")
                guard self.report(report, depth: depth + 1) else { return false }
            }
            raw("}")
        }
        if let payload = jws.payload {
            sink.key("payload")
            do throws(CompactJSONWriter.DeclinedError) {
                switch payload {
                case .appTransaction(let model): try sink.object(model)
                case .transaction(let model): try sink.object(model)
                case .renewalInfo(let model): try sink.object(model)
                case .notification(let model): try sink.object(model)
                case .realtimeRequest(let model): try sink.object(model)
                case .unidentified(let members): try CompactJSONWriter.append(members, to: &sink.out, depth: 0)
                }
            } catch {
                return false
            }
        }
        raw("}")
        return true
    }
}
