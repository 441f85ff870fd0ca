import ReceiptKit

extension ReceiptEnvironment {
    /// Reads a user's `--environment`: `production`, `sandbox`, `xcode` in any case, or one of
    /// Apple's receipt type names (`Production`, `ProductionSandbox`, `ProductionVPP`, ...).
    init?(argument: String) {
        switch argument.lowercased() {
        case "production", "productionvpp": self = .production
        case "sandbox", "productionsandbox", "productionvppsandbox": self = .sandbox
        case "xcode": self = .xcode
        default: return nil
        }
    }
}
