extension JWSPayload {
    /// Decodes `bytes` as `expected`, or as the kind its members show when nil: parsed once, with
    /// the parser's limits, and read from that one parse.
    package static func decode(_ bytes: [UInt8], expecting expected: Kind?) throws(ReceiptError) -> JWSPayload {
        let json = try JSONText.parse(bytes, what: "the JWS payload", reason: .invalidJWS)
        guard case .object(let members) = json else {
            throw ReceiptError(.invalidJWS, "the JWS payload is not a JSON object")
        }
        let shown = classify(members)
        // A payload signed as one kind and put in another's place (a renewal info among a history's
        // transactions) would decode, every member being optional: its members must show the kind expected.
        if let expected, shown != expected {
            throw ReceiptError(
                .invalidJWS, "\(shown.withArticle) payload where \(expected.withArticle) belongs")
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

    /// Which payload the members describe; the kinds share few names, so one telling member each suffices.
    private static func classify(_ members: [String: JSONValue]) -> Kind {
        if members["notificationType"] != nil { return .notification }
        if members["transactionId"] != nil { return .transaction }
        if members["requestIdentifier"] != nil, members["userLocale"] != nil { return .realtimeRequest }
        if members["autoRenewStatus"] != nil || members["autoRenewProductId"] != nil { return .renewalInfo }
        if members["receiptCreationDate"] != nil || members["receiptType"] != nil
            || members["applicationVersion"] != nil
        {
            return .appTransaction
        }
        return .unidentified
    }
}
