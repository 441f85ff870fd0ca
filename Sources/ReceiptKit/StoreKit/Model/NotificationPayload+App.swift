extension NotificationPayload {
    /// The app a notification is about, read as Apple's `verifyAndDecodeNotification` reads it: from
    /// `data`, else `summary`, else `externalPurchaseToken`, else `appData`.
    public struct App: Sendable, Equatable {
        /// The app's bundle identifier.
        public var bundleId: String?
        /// The app's Apple ID; absent in sandbox.
        public var appAppleId: Int64?
        /// As Apple writes it; for an external purchase token, `Sandbox` when its id starts `SANDBOX`.
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
        if let summary {
            return App(
                bundleId: summary.bundleId, appAppleId: summary.appAppleId, environment: summary.environment,
                member: "summary")
        }
        if let token = externalPurchaseToken {
            let id = token.externalPurchaseId
            return App(
                bundleId: token.bundleId, appAppleId: token.appAppleId,
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
}
