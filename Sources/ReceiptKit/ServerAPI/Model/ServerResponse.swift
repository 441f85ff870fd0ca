/// An App Store Server API response body: its unsigned members and its signed elements, each verified
/// like a single JWS before anything in it is believed.
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
        /// An Advanced Commerce API answer: `signedTransactionInfo` and, for a subscription, `signedRenewalInfo`.
        case advancedCommerce = "advanced_commerce_response"

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
            case .advancedCommerce: "AdvancedCommerceResponse"
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

    /// Whether `members` make a StatusResponse (an empty one told by its `bundleId`); its `data` is signed.
    static func isStatus(_ members: [String: JSONValue]) -> Bool {
        guard case .array(let groups)? = members[.data] else { return false }
        return groups.contains(where: { $0.member(.lastTransactions) != nil }) || members["bundleId"] != nil
    }

    /// The unsigned member `name` as a string.
    func field(_ name: String) -> String? { fields[name]?.stringValue }
}

extension JSONValue {
    /// The member `name` of an object; nil for anything else.
    func member(_ name: String) -> JSONValue? {
        if case .object(let members) = self { members[name] } else { nil }
    }

    /// The member Apple names `member` of an object; nil for anything else.
    func member(_ member: BodyMember) -> JSONValue? {
        self.member(member.rawValue)
    }
}
