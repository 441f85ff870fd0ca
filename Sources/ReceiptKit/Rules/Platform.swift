/// The platform an app ships on, which decides what the original application version (field 19) means.
public enum Platform: String, Sendable, CaseIterable {
    /// Field 19 is the build number (`CFBundleVersion`).
    case ios
    /// Field 19 is the marketing version (`CFBundleShortVersionString`).
    case macos
}
