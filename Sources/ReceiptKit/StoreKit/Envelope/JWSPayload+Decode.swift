extension JWSPayload {
    /// Decodes `bytes` as `expected`, or as the kind its members show when nil, parsed once within the limits.
    package static func decode(_ bytes: [UInt8], expecting expected: Kind?) throws(ReceiptError) -> JWSPayload {
        let json = try JSONText.parse(bytes, what: "the JWS payload", reason: .invalidJWS)
        guard case .object(let members) = json else {
            throw ReceiptError(.invalidJWS, "the JWS payload is not a JSON object")
        }
        let shown = classify(members)
        // Every member being optional, a payload of another kind would decode: its members must show the kind.
        if let expected, shown != expected {
            throw ReceiptError(.invalidJWS, "\(shown.withArticle) payload where \(expected.withArticle) belongs")
        }
        do {
            switch shown {
            case .appTransaction: return .appTransaction(try AppTransaction(json: json))
            case .transaction: return .transaction(try JWSTransaction(json: json))
            case .renewalInfo: return .renewalInfo(try JWSRenewalInfo(json: json))
            case .notification: return .notification(try NotificationPayload(json: json))
            case .realtimeRequest: return .realtimeRequest(try RealtimeRequest(json: json))
            case .unidentified: return .unidentified(members)
            }
        } catch {
            throw ReceiptError(.invalidJWS, "the JWS payload cannot be decoded: \(error)")
        }
    }

    /// Which payload the members describe, by a kind marker member (`ModelField.kindMarker()`), tried in this
    /// order; a real-time request, whose two names say little alone, needs both.
    private static func classify(_ members: [String: JSONValue]) -> Kind {
        let present = { (name: String) in members[name] != nil }
        for marker in kindMarkers {
            if marker.needsAll ? marker.names.allSatisfy(present) : marker.names.contains(where: present) {
                return marker.kind
            }
        }
        return .unidentified
    }

    /// What `classify` reads, from the models' field lists.
    static let kindMarkers: [(kind: Kind, names: [String], needsAll: Bool)] = [
        (.notification, markers(NotificationPayload.fields), false),
        (.transaction, markers(JWSTransaction.fields), false),
        (.realtimeRequest, markers(RealtimeRequest.fields), true),
        (.renewalInfo, markers(JWSRenewalInfo.fields), false),
        (.appTransaction, markers(AppTransaction.fields), false),
    ]

    private static func markers<Model>(_ fields: [ModelField<Model>]) -> [String] {
        fields.filter(\.marksKind).map(\.name)
    }
}
