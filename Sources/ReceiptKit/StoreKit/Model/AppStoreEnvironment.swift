/// The server environment that signed a payload (`environment`, an AppTransaction's `receiptType`).
public enum AppStoreEnvironment: String, AppStoreEnumeration {
    /// The sandbox, TestFlight included.
    case sandbox = "Sandbox"
    /// The App Store.
    case production = "Production"
    /// StoreKit Testing in Xcode.
    case xcode = "Xcode"
    /// Local testing, as Apple's server libraries name it.
    case localTesting = "LocalTesting"
}
