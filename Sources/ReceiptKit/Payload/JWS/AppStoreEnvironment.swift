/// The server environment that signed a payload (Apple's `environment`, and an AppTransaction's
/// `receiptType`).
public enum AppStoreEnvironment: AppStoreEnumeration {
    /// `Sandbox`: the sandbox, TestFlight included.
    case sandbox
    /// `Production`: the App Store.
    case production
    /// `Xcode`: StoreKit Testing in Xcode.
    case xcode
    /// `LocalTesting`: local testing, as Apple's server libraries name it.
    case localTesting
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(String)

    /// Every documented value, in Apple's order.
    public static let documented: [AppStoreEnvironment] = [.sandbox, .production, .xcode, .localTesting]

    /// The value as Apple writes it.
    public var rawValue: String {
        switch self {
        case .sandbox: "Sandbox"
        case .production: "Production"
        case .xcode: "Xcode"
        case .localTesting: "LocalTesting"
        case .other(let value): value
        }
    }
}
