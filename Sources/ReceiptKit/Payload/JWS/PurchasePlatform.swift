/// The platform an app was first bought on (an AppTransaction's `originalPlatform`, iOS 18.4 and later).
public enum PurchasePlatform: AppStoreEnumeration {
    /// `iOS`.
    case iOS
    /// `macOS`.
    case macOS
    /// `tvOS`.
    case tvOS
    /// `visionOS`.
    case visionOS
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(String)

    /// Every documented value, in Apple's order.
    public static let documented: [PurchasePlatform] = [.iOS, .macOS, .tvOS, .visionOS]

    /// The value as Apple writes it.
    public var rawValue: String {
        switch self {
        case .iOS: "iOS"
        case .macOS: "macOS"
        case .tvOS: "tvOS"
        case .visionOS: "visionOS"
        case .other(let value): value
        }
    }
}
