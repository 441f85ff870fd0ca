/// The query filters of Get Transaction History, as Apple's `TransactionHistoryRequest` names them.
public struct TransactionHistoryFilter: Sendable, Equatable {
    /// Milliseconds since 1970.
    public var startDate: Int64?
    /// Milliseconds since 1970.
    public var endDate: Int64?
    /// Only transactions of these products; all when empty.
    public var productIDs: [String]
    /// `AUTO_RENEWABLE`, `NON_RENEWABLE`, `CONSUMABLE`, `NON_CONSUMABLE`.
    public var productTypes: [String]
    /// `ASCENDING` or `DESCENDING`.
    public var sort: String?
    /// Only transactions of these subscription groups; all when empty.
    public var subscriptionGroupIdentifiers: [String]
    /// `FAMILY_SHARED` or `PURCHASED`.
    public var inAppOwnershipType: String?
    /// Only revoked transactions (true) or only those not revoked (false); both when nil.
    public var revoked: Bool?

    /// A filter of these values; the default filters nothing.
    public init(
        startDate: Int64? = nil, endDate: Int64? = nil, productIDs: [String] = [], productTypes: [String] = [],
        sort: String? = nil, subscriptionGroupIdentifiers: [String] = [], inAppOwnershipType: String? = nil,
        revoked: Bool? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.productIDs = productIDs
        self.productTypes = productTypes
        self.sort = sort
        self.subscriptionGroupIdentifiers = subscriptionGroupIdentifiers
        self.inAppOwnershipType = inAppOwnershipType
        self.revoked = revoked
    }

    /// Whether the filter leaves every transaction in, so that the history holds the transaction asked about.
    public var selectsAll: Bool {
        self == TransactionHistoryFilter(sort: sort)
    }

    /// The query items after `revision`, in the order Apple's Python library adds them (`revoked` as `True`/`False`).
    var queryItems: [AppStoreServerAPIRequest.QueryItem] {
        var items: [AppStoreServerAPIRequest.QueryItem] = []
        if let startDate { items.append(.init("startDate", String(startDate))) }
        if let endDate { items.append(.init("endDate", String(endDate))) }
        items += productIDs.map { .init("productId", $0) }
        items += productTypes.map { .init("productType", $0) }
        if let sort { items.append(.init("sort", sort)) }
        items += subscriptionGroupIdentifiers.map { .init("subscriptionGroupIdentifier", $0) }
        if let inAppOwnershipType { items.append(.init("inAppOwnershipType", inAppOwnershipType)) }
        if let revoked { items.append(.init("revoked", revoked ? "True" : "False")) }
        return items
    }
}
