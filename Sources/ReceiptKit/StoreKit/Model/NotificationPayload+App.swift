extension NotificationPayload {
    /// The app a notification is about, read as Apple's `verifyAndDecodeNotification` reads it: from
    /// `data`, else `summary`, else `externalPurchaseToken`, else `appData`, whichever it has.
    public struct App: Sendable, Equatable {
        /// The app's bundle identifier.
        public var bundleId: String?
        /// The app's Apple ID; absent in sandbox.
        public var appAppleId: Int64?
        /// As Apple writes it (`Production`, `Sandbox`); for an external purchase token, `Sandbox` when its
        /// id starts `SANDBOX`, else `Production`.
        public var environment: AppStoreValue<AppStoreEnvironment>?
        /// Which member it was read from.
        public var member: String
    }

    /// The app the notification is about; nil when no member names one.
    public var app: App? {
        if let data {
            return App(
                bundleId: data.bundleId, appAppleId: data.appAppleId, environment: data.environment, member: "data")
        }
        if case .object(let summary)? = summary {
            return App(
                bundleId: summary["bundleId"]?.stringValue, appAppleId: Self.integer(summary["appAppleId"]),
                environment: summary["environment"]?.stringValue.map(AppStoreValue.init(rawValue:)),
                member: "summary")
        }
        if case .object(let token)? = externalPurchaseToken {
            let id = token["externalPurchaseId"]?.stringValue
            return App(
                bundleId: token["bundleId"]?.stringValue, appAppleId: Self.integer(token["appAppleId"]),
                environment: id.map { $0.hasPrefix("SANDBOX") ? .known(.sandbox) : .known(.production) },
                member: "externalPurchaseToken")
        }
        if let appData {
            return App(
                bundleId: appData.bundleId, appAppleId: appData.appAppleId, environment: appData.environment,
                member: "appData")
        }
        return nil
    }

    private static func integer(_ value: JSONValue?) -> Int64? {
        guard let value else { return nil }
        return try? Int64(json: value)
    }
}
