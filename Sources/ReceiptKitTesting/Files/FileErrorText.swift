#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A short reason for a file error; CocoaError's own description is a dump of its user info.
public enum FileErrorText {
    /// The reason in a few words ("permission denied"), for a message that names the file itself.
    public static func describe(_ error: any Error) -> String {
        guard let cocoa = error as? CocoaError else { return "\(error)" }
        switch cocoa.code {
        case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file or directory"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on device"
        case .fileWriteVolumeReadOnly: return "read-only file system"
        case .fileWriteFileExists: return "a file is in the way"
        default:
            if let posix = cocoa.underlying {
                return "\(posix)"
            }
            return "error \(cocoa.code.rawValue)"
        }
    }
}
