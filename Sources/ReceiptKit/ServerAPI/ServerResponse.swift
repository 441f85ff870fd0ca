/// An App Store Server API response body: its unsigned members as they came and its signed elements,
/// each to be verified like a single JWS before anything in it is believed.
public struct ServerResponse: Sendable, Equatable {
    /// Which App Store Server API response; the raw value is the report's `kind`.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Get Transaction History: `signedTransactions[]`.
        case history = "history_response"
        /// Get All Subscription Statuses: `data[].lastTransactions[]`, transaction and renewal info each.
        case status = "status_response"
        /// Get Transaction Info: `signedTransactionInfo`.
        case transactionInfo = "transaction_info_response"
        /// Get App Transaction Info: `signedAppTransactionInfo`.
        case appTransactionInfo = "app_transaction_info_response"
        /// Get Notification History: `notificationHistory[].signedPayload`.
        case notificationHistory = "notification_history_response"

        /// Whether Apple's response names the app's Apple id (`appAppleId`) beside its elements.
        var namesAppAppleID: Bool { self == .history || self == .status }

        /// Apple's name for it.
        public var title: String {
            switch self {
            case .history: "HistoryResponse"
            case .status: "StatusResponse"
            case .transactionInfo: "TransactionInfoResponse"
            case .appTransactionInfo: "AppTransactionInfoResponse"
            case .notificationHistory: "NotificationHistoryResponse"
            }
        }
    }

    /// One signed member: where it sat (`signedTransactions[3]`), the payload kind its place names, the JWS text.
    public struct Element: Sendable, Equatable {
        /// Where the element sat in the body (`signedTransactions[3]`).
        public let path: String
        /// The payload kind its place in the body names.
        public let kind: JWSPayload.Kind
        /// The compact JWS, unverified.
        public let text: [UInt8]
    }

    /// The response's shape.
    public let kind: Kind
    /// The members that are not signed elements (`bundleId`, `hasMore`, `revision`, ...), unverified.
    public let fields: [String: JSONValue]
    /// The signed elements, in the order they came.
    public let elements: [Element]

    /// The response `members` make, nil when they are none of Apple's; a response of a known shape whose
    /// signed members are not strings is an error, so a damaged response is not taken for something else.
    static func recognise(_ members: [String: JSONValue]) throws(ReceiptError) -> ServerResponse? {
        if let history = members["signedTransactions"] {
            return try make(.history, members, signed: ["signedTransactions"]) { elements throws(ReceiptError) in
                for (index, item) in try array(history, "signedTransactions").enumerated() {
                    elements.append(try element(item, "signedTransactions[\(index)]", .transaction))
                }
            }
        }
        if let history = members["notificationHistory"] {
            return try make(.notificationHistory, members, signed: ["notificationHistory"]) {
                elements throws(ReceiptError) in
                for (index, item) in try array(history, "notificationHistory").enumerated() {
                    let path = "notificationHistory[\(index)]"
                    guard case .object(let entry) = item, let payload = entry["signedPayload"] else {
                        throw ReceiptError(.unsupportedFormat, "\(path) has no \"signedPayload\"")
                    }
                    elements.append(try element(payload, "\(path).signedPayload", .notification))
                }
            }
        }
        if isStatus(members), case .array(let groups)? = members["data"] {
            return try make(.status, members, signed: ["data"]) { elements throws(ReceiptError) in
                for (group, value) in groups.enumerated() {
                    let last = try array(value.member("lastTransactions") ?? .null, "data[\(group)].lastTransactions")
                    for (index, item) in last.enumerated() {
                        let path = "data[\(group)].lastTransactions[\(index)]"
                        // Anything but an object would be skipped, and the body valid without it.
                        guard case .object = item else {
                            throw ReceiptError(.unsupportedFormat, "\(path) is not an object")
                        }
                        for (member, kind) in [
                            ("signedTransactionInfo", JWSPayload.Kind.transaction),
                            ("signedRenewalInfo", .renewalInfo),
                        ] {
                            guard let signed = item.member(member) else { continue }
                            elements.append(try element(signed, "\(path).\(member)", kind))
                        }
                    }
                }
            }
        }
        if let signed = members["signedTransactionInfo"] {
            return try make(.transactionInfo, members, signed: ["signedTransactionInfo"]) {
                elements throws(ReceiptError) in
                elements.append(try element(signed, "signedTransactionInfo", .transaction))
            }
        }
        if let signed = members["signedAppTransactionInfo"] {
            return try make(.appTransactionInfo, members, signed: ["signedAppTransactionInfo"]) {
                elements throws(ReceiptError) in
                elements.append(try element(signed, "signedAppTransactionInfo", .appTransaction))
            }
        }
        return nil
    }

    /// Whether `members` make a StatusResponse: `data` groups holding `lastTransactions`, or an empty one
    /// (no subscriptions) told by its `bundleId` beside the empty `data`. Such a `data` is a signed member.
    static func isStatus(_ members: [String: JSONValue]) -> Bool {
        guard case .array(let groups)? = members["data"] else { return false }
        return groups.contains(where: { $0.member("lastTransactions") != nil }) || members["bundleId"] != nil
    }

    private static func make(
        _ kind: Kind, _ members: [String: JSONValue], signed: Set<String>,
        _ collect: (inout [Element]) throws(ReceiptError) -> Void
    ) throws(ReceiptError) -> ServerResponse {
        // A second signed member beside the response's own was refused as ambiguous_input when the body was
        // read (ReceiptInput), so what is verified here is all a reader of the body can take for signed.
        var elements: [Element] = []
        try collect(&elements)
        return ServerResponse(kind: kind, fields: members.filter { !signed.contains($0.key) }, elements: elements)
    }

    private static func array(_ value: JSONValue, _ path: String) throws(ReceiptError) -> [JSONValue] {
        guard case .array(let items) = value else {
            throw ReceiptError(.unsupportedFormat, "\(path) is not an array")
        }
        return items
    }

    private static func element(_ value: JSONValue, _ path: String, _ kind: JWSPayload.Kind) throws(ReceiptError)
        -> Element
    {
        guard case .string(let text) = value else {
            throw ReceiptError(.unsupportedFormat, "\(path) is not a string (a signed JWS)")
        }
        return Element(path: path, kind: kind, text: Array(text.utf8))
    }

    /// The unsigned member `name` as a string.
    func field(_ name: String) -> String? { fields[name]?.stringValue }
}

extension JSONValue {
    /// The member `name` of an object; nil for anything else.
    func member(_ name: String) -> JSONValue? {
        if case .object(let members) = self { members[name] } else { nil }
    }
}
