/// What a caller asks of a receipt beyond a good signature and chain.
///
/// The app's identity lives here and nowhere else: ``bundleID`` (and ``environment``, for rules on the
/// original application version) are checked against every input and bind the validator's decisions to
/// the app. Without a bundle id a ``ReceiptValidator`` still verifies, but its verdicts grant nothing.
public struct ValidationOptions: Sendable {
    /// The app: a receipt's field 2 (a StoreKit 2 payload's `bundleId`) must equal this, and rules decide
    /// only for it. Nil: inputs of any app verify, and nothing is granted from them.
    public var bundleID: String?
    /// Field 3 must equal this.
    public var applicationVersion: String?
    /// The environment field 0 names must be this one. Naming `sandbox` or `xcode` also lets rules read
    /// such inputs' original application version, which those environments never carry for real.
    public var environment: ReceiptEnvironment?
    /// The device whose hash with the opaque value and bundle id must equal field 5.
    public var deviceIdentifier: DeviceIdentifier?
    /// The app's Apple id: an input's `appAppleId` (a receipt's app item id) must equal it where the input
    /// carries one, and production inputs of the kinds that carry one must.
    public var appAppleID: Int64?
    /// The device (its identifierForVendor) a StoreKit 2 transaction or AppTransaction must be bound to.
    public var deviceVerificationID: DeviceVerification.DeviceID?
    /// The moment certificates must be valid at: the input's own date unless another is chosen.
    public var time: ValidationTime = .receiptCreationDate
    /// Revocation (OCSP, CRL) and validity at the current time, as Apple's `enableOnlineChecks`; nil: off.
    public var onlineChecks: OnlineChecks?
    package var limits = PayloadDecoder.Limits()
    /// How messages name the setting that would change a finding: the library's API by default.
    public var wording: any SettingWording = APISettingWording()
    /// A failure to make inside a check, so tests can reach the paths that report `internal_error`
    /// (no input can: they guard against a broken OpenSSL). Set only within this package.
    package var injectedFault: InjectedFault?

    /// Options that check nothing of the app: a validator with them decides nothing.
    public init() {}

    /// Options for one app, whose decisions hold only for inputs of `bundleID` (and `environment`, when
    /// given).
    public init(bundleID: String, environment: ReceiptEnvironment? = nil) {
        self.bundleID = bundleID
        self.environment = environment
    }
}
