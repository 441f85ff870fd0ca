extension NotificationPayload {
    /// What a notification of App Store Server Notifications V2 says happened (Apple's
    /// `notificationType`): the types documented through 2026, so reports can say when Apple sends one this
    /// version does not know.
    public enum NotificationType: AppStoreEnumeration {
        /// `CONSUMPTION_REQUEST`.
        case consumptionRequest
        /// `DID_CHANGE_RENEWAL_PREF`.
        case didChangeRenewalPref
        /// `DID_CHANGE_RENEWAL_STATUS`.
        case didChangeRenewalStatus
        /// `DID_FAIL_TO_RENEW`.
        case didFailToRenew
        /// `DID_RENEW`.
        case didRenew
        /// `EXPIRED`.
        case expired
        /// `EXTERNAL_PURCHASE_TOKEN`.
        case externalPurchaseToken
        /// `GRACE_PERIOD_EXPIRED`.
        case gracePeriodExpired
        /// `METADATA_UPDATE`.
        case metadataUpdate
        /// `MIGRATION`.
        case migration
        /// `OFFER_REDEEMED`.
        case offerRedeemed
        /// `ONE_TIME_CHARGE`.
        case oneTimeCharge
        /// `PRICE_CHANGE`.
        case priceChange
        /// `PRICE_INCREASE`.
        case priceIncrease
        /// `REFUND`.
        case refund
        /// `REFUND_DECLINED`.
        case refundDeclined
        /// `REFUND_REVERSED`.
        case refundReversed
        /// `RENEWAL_EXTENDED`.
        case renewalExtended
        /// `RENEWAL_EXTENSION`.
        case renewalExtension
        /// `RESCIND_CONSENT`.
        case rescindConsent
        /// `REVOKE`.
        case revoke
        /// `SUBSCRIBED`.
        case subscribed
        /// `TEST`.
        case test
        /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
        /// documented value.
        case other(String)

        /// Every documented value.
        public static let documented: [NotificationPayload.NotificationType] = [
            .consumptionRequest, .didChangeRenewalPref, .didChangeRenewalStatus, .didFailToRenew, .didRenew, .expired,
            .externalPurchaseToken, .gracePeriodExpired, .metadataUpdate, .migration, .offerRedeemed, .oneTimeCharge,
            .priceChange, .priceIncrease, .refund, .refundDeclined, .refundReversed, .renewalExtended,
            .renewalExtension, .rescindConsent, .revoke, .subscribed, .test,
        ]

        /// The value as Apple writes it.
        public var rawValue: String {
            switch self {
            case .consumptionRequest: "CONSUMPTION_REQUEST"
            case .didChangeRenewalPref: "DID_CHANGE_RENEWAL_PREF"
            case .didChangeRenewalStatus: "DID_CHANGE_RENEWAL_STATUS"
            case .didFailToRenew: "DID_FAIL_TO_RENEW"
            case .didRenew: "DID_RENEW"
            case .expired: "EXPIRED"
            case .externalPurchaseToken: "EXTERNAL_PURCHASE_TOKEN"
            case .gracePeriodExpired: "GRACE_PERIOD_EXPIRED"
            case .metadataUpdate: "METADATA_UPDATE"
            case .migration: "MIGRATION"
            case .offerRedeemed: "OFFER_REDEEMED"
            case .oneTimeCharge: "ONE_TIME_CHARGE"
            case .priceChange: "PRICE_CHANGE"
            case .priceIncrease: "PRICE_INCREASE"
            case .refund: "REFUND"
            case .refundDeclined: "REFUND_DECLINED"
            case .refundReversed: "REFUND_REVERSED"
            case .renewalExtended: "RENEWAL_EXTENDED"
            case .renewalExtension: "RENEWAL_EXTENSION"
            case .rescindConsent: "RESCIND_CONSENT"
            case .revoke: "REVOKE"
            case .subscribed: "SUBSCRIBED"
            case .test: "TEST"
            case .other(let value): value
            }
        }

        /// The raw values of the documented types.
        public static let types: Set<String> = Set(documented.map(\.rawValue))

        /// The raw values of the documented subtypes.
        public static let subtypes: Set<String> = Set(NotificationPayload.Subtype.documented.map(\.rawValue))

        /// `TYPE / SUBTYPE`, each marked when this version does not know it.
        public static func describe(type: String?, subtype: String?) -> String {
            describe(
                type: type.map(NotificationType.init(rawValue:)),
                subtype: subtype.map(NotificationPayload.Subtype.init(rawValue:)))
        }

        /// `TYPE / SUBTYPE`, each marked when this version does not know it.
        public static func describe(type: NotificationType?, subtype: NotificationPayload.Subtype?) -> String {
            var parts: [String] = []
            if let type {
                parts.append(type.isDocumented ? type.rawValue : "\(type.rawValue) (a type this version does not know)")
            }
            if let subtype {
                parts.append(
                    subtype.isDocumented
                        ? subtype.rawValue : "\(subtype.rawValue) (a subtype this version does not know)")
            }
            return parts.joined(separator: " / ")
        }
    }
}
