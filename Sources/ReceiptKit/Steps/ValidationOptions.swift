/// What a caller asks of an input beyond a good signature and chain; the app's identity lives here alone.
public struct ValidationOptions: Sendable {
    /// The app: a receipt's field 2 (`bundleId`) must equal this, and rules decide only for it.
    public var bundleID: String?
    /// Field 3 must equal this.
    public var applicationVersion: String?
    /// The environment field 0 names must be this; a test one also lets rules read its original version.
    public var environment: ReceiptEnvironment?
    /// The device whose hash with the opaque value and bundle id must equal field 5.
    public var deviceIdentifier: DeviceIdentifier?
    /// The app's Apple id: an input's `appAppleId` must equal it; production inputs must carry one.
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
    /// A failure to make inside a check, so tests reach the `internal_error` paths; set only in this package.
    package var injectedFault: InjectedFault?

    /// Options that check nothing of the app: a validator with them decides nothing.
    public init() {}

    /// Options for one app: decisions hold only for inputs of `bundleID` (and `environment`).
    public init(bundleID: String, environment: ReceiptEnvironment? = nil) {
        self.bundleID = bundleID
        self.environment = environment
    }
}
