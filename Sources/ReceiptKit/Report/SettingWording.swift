/// Words for the settings messages point to: a front end conforms to name its own controls.
public protocol SettingWording: Sendable {
    /// The words for one mention of a setting, placed inside the library's sentence.
    func words(for mention: Setting.Mention) -> String
}

/// ReceiptKit's own words: its API's names (``ValidationOptions``, ``TrustPolicy``, ``RuleConfiguration``).
public struct APISettingWording: SettingWording {
    /// The library's words.
    public init() {}

    /// The mention in the API's names, e.g. `set ValidationOptions.time to .now or .fixed(date)`.
    public func words(for mention: Setting.Mention) -> String {
        switch mention {
        case .name(let setting):
            return Self.name(setting)
        case .value(.maxAge, let limit):
            return "maximum age \(limit)"
        case .value(let setting, let value):
            return "\(Self.name(setting)) \(value)"
        case .change(.time, _):
            return "set ValidationOptions.time to .now or .fixed(date)"
        case .change(.storeKitTestCertificate, _):
            return "give it as TrustPolicy's storeKitTestCertificate to accept it"
        case .change(.environment, let value?):
            return "set ValidationOptions.environment to \(value) to read it in tests"
        case .change(.appFacts, let name?):
            return "add \(name) to RuleConfiguration.appFacts"
        case .change(.maxAge, _):
            return "set RuleConfiguration.maximumAge to nil"
        case .change(let setting, let value):
            return "set \(Self.name(setting))" + (value.map { " to \($0)" } ?? "")
        case .source(.storeKitTestCertificate):
            return "given as TrustPolicy's storeKitTestCertificate"
        case .source(let setting):
            return "given as \(Self.name(setting))"
        }
    }

    /// The API member that holds the setting.
    static func name(_ setting: Setting) -> String {
        switch setting {
        case .time: "ValidationOptions.time"
        case .storeKitTestCertificate: "TrustPolicy.storeKitTestCertificate"
        case .deviceIdentifier: "ValidationOptions.deviceIdentifier"
        case .environment: "ValidationOptions.environment"
        case .bundleID: "ValidationOptions.bundleID"
        case .platform: "RuleConfiguration.platform"
        case .maxAge: "RuleConfiguration.maximumAge"
        case .appFacts: "RuleConfiguration.appFacts"
        case .ruleTime: "RuleConfiguration.time"
        }
    }
}
