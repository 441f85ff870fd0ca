/// How a message tells its reader which setting would change the outcome.
///
/// The library's own words name its API (``ValidationOptions``, ``TrustPolicy``, ``RuleConfiguration``);
/// a command line passes its own so the same messages name its flags. Only the hint differs: the
/// finding, its reason code and its data are the library's.
public struct SettingHints: Sendable {
    /// Checking at another time than the input's own (a StoreKit Testing placeholder date, a receipt
    /// without a creation date).
    public var validationTime: String
    /// Trusting the StoreKit Testing certificate an input was signed with.
    public var storeKitTestCertificate: String
    /// Where the trusted StoreKit Testing certificate came from.
    public var storeKitTestCertificateSource: String
    /// The setting that binds a receipt to a device.
    public var deviceIdentifier: String
    /// The setting that says what an original application version means.
    public var platform: String
    /// The setting that names the app decisions are bound to.
    public var bundleID: String
    /// Reading a test environment's original versions: given the environment's name.
    public var testEnvironment: @Sendable (String) -> String
    /// The age past which an input says nothing of purchases: given the limit.
    public var maximumAge: @Sendable (String) -> String
    /// Giving a fact a rule reads: given the fact's name.
    public var fact: @Sendable (String) -> String

    /// Hints in the caller's words.
    public init(
        validationTime: String, storeKitTestCertificate: String, storeKitTestCertificateSource: String,
        deviceIdentifier: String, platform: String, bundleID: String,
        testEnvironment: @escaping @Sendable (String) -> String, maximumAge: @escaping @Sendable (String) -> String,
        fact: @escaping @Sendable (String) -> String
    ) {
        self.validationTime = validationTime
        self.storeKitTestCertificate = storeKitTestCertificate
        self.storeKitTestCertificateSource = storeKitTestCertificateSource
        self.deviceIdentifier = deviceIdentifier
        self.platform = platform
        self.bundleID = bundleID
        self.testEnvironment = testEnvironment
        self.maximumAge = maximumAge
        self.fact = fact
    }

    /// The library's words, naming its API.
    public static let library = SettingHints(
        validationTime: "set ValidationOptions.time to .now or .fixed(date)",
        storeKitTestCertificate: "give it as TrustPolicy's storeKitTestCertificate to accept it",
        storeKitTestCertificateSource: "given as TrustPolicy's storeKitTestCertificate",
        deviceIdentifier: "ValidationOptions.deviceIdentifier",
        platform: "RuleConfiguration.platform",
        bundleID: "ValidationOptions.bundleID",
        testEnvironment: { "set ValidationOptions.environment to \($0) to read it in tests" },
        maximumAge: { "maximum age \($0)" },
        fact: { "add \($0) to RuleConfiguration.appFacts" })
}
