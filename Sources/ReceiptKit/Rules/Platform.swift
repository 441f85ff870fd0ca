/// The platform an app ships on, which decides what the original application version (field 19) means.
public enum Platform: String, Sendable, CaseIterable {
    /// Field 19 is the build number (`CFBundleVersion`).
    case ios
    /// Field 19 is the marketing version (`CFBundleShortVersionString`).
    case macos

    /// What an AppTransaction's `originalPlatform` means for the version: the build number, or the marketing
    /// version on macOS; nil for a name this version does not know (compared byte for byte).
    public init?(originalPlatform name: String) {
        if name.isIdentical(to: "macOS") {
            self = .macos
        } else if ["iOS", "iPadOS", "tvOS", "visionOS", "watchOS"].contains(where: name.isIdentical(to:)) {
            self = .ios
        } else {
            return nil
        }
    }

    /// The same for a value Apple documents, else for its name as `init(originalPlatform:)` reads it.
    public init?(originalPlatform platform: AppStoreValue<PurchasePlatform>) {
        switch platform {
        case .known(.macOS): self = .macos
        case .known(.iOS), .known(.tvOS), .known(.visionOS): self = .ios
        case .other(let name): self.init(originalPlatform: name)
        }
    }

    /// How reasons name what the version is.
    var versionMeaning: String {
        switch self {
        case .ios: "the build number"
        case .macos: "the marketing version"
        }
    }
}
