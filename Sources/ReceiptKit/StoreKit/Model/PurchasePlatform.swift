/// The platform an app was first bought on (an AppTransaction's `originalPlatform`, iOS 18.4 and later).
public enum PurchasePlatform: String, AppStoreEnumeration {
    /// iPhone and iPad.
    case iOS
    /// The Mac.
    case macOS
    /// Apple TV.
    case tvOS
    /// Apple Vision Pro.
    case visionOS
}
