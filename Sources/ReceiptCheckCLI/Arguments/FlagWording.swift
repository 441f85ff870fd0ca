import ReceiptKit

/// ReceiptKit's messages in this command's words: each setting a finding points to, as the flag that sets it.
struct FlagWording: SettingWording {
    func words(for mention: Setting.Mention) -> String {
        switch mention {
        case .name(let setting):
            return Self.flag(setting)
        case .value(let setting, let value):
            return "\(Self.flag(setting)) \(value)"
        case .change(.time, _):
            return "pass --at now or --at TIME"
        case .change(.storeKitTestCertificate, _):
            return "pass --storekit-test-cert FILE to accept it"
        case .change(.environment, let value?):
            return "pass --environment \(value) to read it in tests"
        case .change(.appFacts, let name?):
            return "--fact \(name)=VALUE or --facts FILE"
        case .change(.ruleTime, _):
            return "pass \(Self.flag(.ruleTime)) TIME"
        case .change(.maxAge, _):
            return "pass \(Self.flag(.maxAge)) none"
        case .change(let setting, let value):
            return "pass \(Self.flag(setting))" + (value.map { " \($0)" } ?? "")
        case .source(let setting):
            return "given with \(Self.flag(setting))"
        }
    }

    /// The option that sets `setting`, from its declaration in the option tables.
    static func flag(_ setting: Setting) -> String {
        switch setting {
        case .time: ValidationOptionTable.at.flag
        case .storeKitTestCertificate: ValidationOptionTable.storeKitTestCert.flag
        case .deviceIdentifier: ValidationOptionTable.deviceID.flag
        case .environment: ValidationOptionTable.environment.flag
        case .bundleID: ValidationOptionTable.bundleID.flag
        case .platform: RuleOptionTable.platform.flag
        case .maxAge: RuleOptionTable.maxAge.flag
        case .appFacts: RuleOptionTable.fact.flag
        case .ruleTime: RuleOptionTable.now.flag
        }
    }
}
