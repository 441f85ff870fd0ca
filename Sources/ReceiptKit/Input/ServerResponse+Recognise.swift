extension ServerResponse {
    /// The response `members` make, nil for none of Apple's; a known shape with non-string signed members throws.
    static func recognise(_ members: [String: JSONValue]) throws(ReceiptError) -> ServerResponse? {
        if let history = members[.signedTransactions] {
            return try make(.history, members, signed: .signedTransactions) { elements throws(ReceiptError) in
                for (index, item) in try array(history, "\(BodyMember.signedTransactions)").enumerated() {
                    elements.append(try element(item, "\(BodyMember.signedTransactions)[\(index)]", .transaction))
                }
            }
        }
        if let history = members[.notificationHistory] {
            return try make(.notificationHistory, members, signed: .notificationHistory) {
                elements throws(ReceiptError) in
                for (index, item) in try array(history, "\(BodyMember.notificationHistory)").enumerated() {
                    elements.append(try notificationEntry(item, "\(BodyMember.notificationHistory)[\(index)]"))
                }
            }
        }
        if isStatus(members), case .array(let groups)? = members[.data] {
            return try make(.status, members, signed: .data) { elements throws(ReceiptError) in
                for (group, value) in groups.enumerated() {
                    let groupPath = "\(BodyMember.data)[\(group)].\(BodyMember.lastTransactions)"
                    let last = try array(value.member(.lastTransactions) ?? .null, groupPath)
                    for (index, item) in last.enumerated() {
                        let path = "\(groupPath)[\(index)]"
                        // Anything but an object would be skipped, and the body valid without it.
                        guard case .object = item else {
                            throw ReceiptError(.unsupportedFormat, "\(path) is not an object")
                        }
                        for (member, kind) in [
                            (BodyMember.signedTransactionInfo, JWSPayload.Kind.transaction),
                            (.signedRenewalInfo, .renewalInfo),
                        ] {
                            guard let signed = item.member(member) else { continue }
                            elements.append(try element(signed, "\(path).\(member)", kind))
                        }
                    }
                }
            }
        }
        if let signed = members[.signedTransactionInfo] {
            return try make(.transactionInfo, members, signed: .signedTransactionInfo) {
                elements throws(ReceiptError) in
                elements.append(try element(signed, "\(BodyMember.signedTransactionInfo)", .transaction))
            }
        }
        if let signed = members[.signedAppTransactionInfo] {
            return try make(.appTransactionInfo, members, signed: .signedAppTransactionInfo) {
                elements throws(ReceiptError) in
                elements.append(try element(signed, "\(BodyMember.signedAppTransactionInfo)", .appTransaction))
            }
        }
        return nil
    }

    private static func make(
        _ kind: Kind, _ members: [String: JSONValue], signed: BodyMember,
        _ collect: (inout [Element]) throws(ReceiptError) -> Void
    ) throws(ReceiptError) -> ServerResponse {
        // A second signed member was already refused as ambiguous_input (ReceiptInput).
        var elements: [Element] = []
        try collect(&elements)
        return ServerResponse(kind: kind, fields: members.filter { $0.key != signed.rawValue }, elements: elements)
    }

    private static func array(_ value: JSONValue, _ path: String) throws(ReceiptError) -> [JSONValue] {
        guard case .array(let items) = value else {
            throw ReceiptError(.unsupportedFormat, "\(path) is not an array")
        }
        return items
    }

    /// The signed payload of the notification history entry `item`, which sat at `path`.
    static func notificationEntry(_ item: JSONValue, _ path: String) throws(ReceiptError) -> Element {
        guard case .object(let entry) = item, let payload = entry[.signedPayload] else {
            throw ReceiptError(.unsupportedFormat, "\(path) has no \"\(BodyMember.signedPayload)\"")
        }
        return try element(payload, "\(path).\(BodyMember.signedPayload)", .notification)
    }

    /// The signed element `value`, which sat at `path`: a string, or the body is not one of Apple's.
    static func element(_ value: JSONValue, _ path: String, _ kind: JWSPayload.Kind) throws(ReceiptError) -> Element {
        guard case .string(let text) = value else {
            throw ReceiptError(.unsupportedFormat, "\(path) is not a string (a signed JWS)")
        }
        return Element(path: path, kind: kind, text: Array(text.utf8))
    }
}
