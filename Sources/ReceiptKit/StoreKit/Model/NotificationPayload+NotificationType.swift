extension NotificationPayload {
    /// What a V2 notification says happened (`notificationType`): the types documented through 2026.
    public enum NotificationType: String, AppStoreEnumeration {
        /// The customer asked for a refund of a consumable or other product: Apple asks for consumption data.
        case consumptionRequest = "CONSUMPTION_REQUEST"
        /// The customer changed the plan that takes effect at the next renewal.
        case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
        /// Automatic renewal was turned on or off.
        case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
        /// A renewal failed to bill.
        case didFailToRenew = "DID_FAIL_TO_RENEW"
        /// A subscription renewed.
        case didRenew = "DID_RENEW"
        /// A subscription expired.
        case expired = "EXPIRED"
        /// About an external purchase token (External Purchase API).
        case externalPurchaseToken = "EXTERNAL_PURCHASE_TOKEN"
        /// The billing grace period ended without the subscription renewing.
        case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
        /// A subscription's metadata changed (Advanced Commerce API).
        case metadataUpdate = "METADATA_UPDATE"
        /// A subscription moved to the Advanced Commerce API.
        case migration = "MIGRATION"
        /// The customer redeemed a promotional offer or offer code.
        case offerRedeemed = "OFFER_REDEEMED"
        /// The customer bought a consumable, non-consumable or non-renewing subscription.
        case oneTimeCharge = "ONE_TIME_CHARGE"
        /// A subscription's price changed (Advanced Commerce API).
        case priceChange = "PRICE_CHANGE"
        /// The system told the customer of a price increase.
        case priceIncrease = "PRICE_INCREASE"
        /// The App Store refunded a transaction.
        case refund = "REFUND"
        /// The App Store declined a refund the app asked for.
        case refundDeclined = "REFUND_DECLINED"
        /// The App Store reversed a refund it had granted.
        case refundReversed = "REFUND_REVERSED"
        /// The App Store extended a subscription's renewal date.
        case renewalExtended = "RENEWAL_EXTENDED"
        /// About a renewal date extension for all eligible subscribers.
        case renewalExtension = "RENEWAL_EXTENSION"
        /// A parent or guardian withdrew consent for a child's app use.
        case rescindConsent = "RESCIND_CONSENT"
        /// A Family Sharing member lost access to a purchase.
        case revoke = "REVOKE"
        /// The customer subscribed or subscribed again.
        case subscribed = "SUBSCRIBED"
        /// A test notification the app asked for.
        case test = "TEST"

        /// The raw values of the documented types.
        public static let types: Set<String> = Set(allCases.map(\.rawValue))

        /// The raw values of the documented subtypes.
        public static let subtypes: Set<String> = Set(NotificationPayload.Subtype.allCases.map(\.rawValue))

        /// `TYPE / SUBTYPE`, each marked when this version does not know it.
        public static func describe(type: String?, subtype: String?) -> String {
            describe(
                type: type.map(AppStoreValue<NotificationType>.init(rawValue:)),
                subtype: subtype.map(AppStoreValue<NotificationPayload.Subtype>.init(rawValue:)))
        }

        /// `TYPE / SUBTYPE`, each marked when this version does not know it.
        public static func describe(
            type: AppStoreValue<NotificationType>?, subtype: AppStoreValue<NotificationPayload.Subtype>?
        ) -> String {
            var parts: [String] = []
            if let type {
                parts.append(type.known != nil ? type.rawValue : "\(type.rawValue) (a type this version does not know)")
            }
            if let subtype {
                parts.append(
                    subtype.known != nil
                        ? subtype.rawValue : "\(subtype.rawValue) (a subtype this version does not know)")
            }
            return parts.joined(separator: " / ")
        }
    }
}
