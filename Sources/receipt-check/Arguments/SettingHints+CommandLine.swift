import ReceiptKit

extension SettingHints {
    /// The library's messages with this command's flags as their hints.
    static let commandLine = SettingHints(
        validationTime: "pass --at now or --at TIME",
        storeKitTestCertificate: "pass --storekit-test-cert FILE to accept it",
        storeKitTestCertificateSource: "given with --storekit-test-cert",
        deviceIdentifier: "--device-id",
        platform: "--platform",
        bundleID: "--bundle-id",
        testEnvironment: { "pass --environment \($0) to read it in tests" },
        maximumAge: { "--max-age \($0)" },
        fact: { "--fact \($0)=VALUE or --facts FILE" })
}
