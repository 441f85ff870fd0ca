/// A transaction's `type`: the kind of In-App Purchase product (Apple's `type`).
///
/// Which kind decides what a rule's `product` or `subscription` may grant from the transaction.
public enum TransactionType: AppStoreEnumeration {
    /// `Auto-Renewable Subscription`.
    case autoRenewable
    /// `Non-Consumable`.
    case nonConsumable
    /// `Consumable`.
    case consumable
    /// `Non-Renewing Subscription`.
    case nonRenewing
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(String)

    /// Every documented value, in Apple's order.
    public static let documented: [TransactionType] = [.autoRenewable, .nonConsumable, .consumable, .nonRenewing]

    /// The value as Apple writes it.
    public var rawValue: String {
        switch self {
        case .autoRenewable: "Auto-Renewable Subscription"
        case .nonConsumable: "Non-Consumable"
        case .consumable: "Consumable"
        case .nonRenewing: "Non-Renewing Subscription"
        case .other(let value): value
        }
    }
}
