/// A setting of ReceiptKit that a finding points its reader to, named through a ``SettingWording``: the
/// API's by default, a front end's own words (its flags) in ``ValidationOptions/wording``.
public enum Setting: Sendable, Hashable, CaseIterable {
    /// ``ValidationOptions/time``: when certificates are checked.
    case time
    /// ``TrustPolicy/storeKitTestCertificate``: the Xcode StoreKit Testing certificate trusted.
    case storeKitTestCertificate
    /// ``ValidationOptions/deviceIdentifier``: the device a receipt is bound to.
    case deviceIdentifier
    /// ``ValidationOptions/environment``: the environment inputs must come from.
    case environment
    /// ``ValidationOptions/bundleID``: the app decisions are bound to.
    case bundleID
    /// ``RuleConfiguration/platform``: what an original application version means.
    case platform
    /// ``RuleConfiguration/maximumAge``: the age past which an input says nothing of purchases.
    case maxAge
    /// ``RuleConfiguration/appFacts``: the facts rules read.
    case appFacts
    /// ``RuleConfiguration/time``: when rules, subscriptions and ages are evaluated.
    case ruleTime
}

extension Setting {
    /// What a message says of a setting, with the value it is about where there is one.
    public enum Mention: Sendable, Hashable {
        /// The setting itself.
        case name(Setting)
        /// The setting at a value (``Setting/maxAge`` at the limit the input is past).
        case value(Setting, String)
        /// How to change it for another outcome, to the value given where the message knows it.
        case change(Setting, to: String? = nil)
        /// The setting as where a value came from (the trusted StoreKit Testing certificate).
        case source(Setting)
    }
}
