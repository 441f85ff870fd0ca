/// Why a transaction happened: the customer's purchase or a subscription's renewal (Apple's
/// `transactionReason`).
public enum TransactionReason: AppStoreEnumeration {
    /// `PURCHASE`: the customer bought it (an upgrade too).
    case purchase
    /// `RENEWAL`: the App Store renewed a subscription (a downgrade too).
    case renewal
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(String)

    /// Every documented value, in Apple's order.
    public static let documented: [TransactionReason] = [.purchase, .renewal]

    /// The value as Apple writes it.
    public var rawValue: String {
        switch self {
        case .purchase: "PURCHASE"
        case .renewal: "RENEWAL"
        case .other(let value): value
        }
    }
}
