// Written by Scripts/write-version.sh (make version, make dist); the committed value is the
// fallback for builds from a checkout without tags.

/// The release this binary was built from.
enum Version {
    static let release = "0.1.0-dev"
}
