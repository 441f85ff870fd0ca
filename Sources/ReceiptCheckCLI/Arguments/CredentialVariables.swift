/// The environment variables `api`, `sign` and `verify --refresh` read credentials from when the command line
/// leaves them out. Earlier releases' names are deprecated aliases: warned about, the new name wins.
enum CredentialVariables {
    /// A variable and the older names read in its place.
    struct Variable: Sendable {
        let name: String
        let aliases: [String]
    }

    static let keyFile = Variable(
        name: "RECEIPT_CHECK_KEY_FILE", aliases: ["RECEIPT_CHECK_API_KEY_FILE", "RECEIPT_CHECK_SIGNING_KEY"])
    static let keyID = Variable(name: "RECEIPT_CHECK_KEY_ID", aliases: ["RECEIPT_CHECK_API_KEY_ID"])
    static let issuerID = Variable(name: "RECEIPT_CHECK_ISSUER_ID", aliases: ["RECEIPT_CHECK_API_ISSUER_ID"])
    static let bundleID = Variable(name: "RECEIPT_CHECK_BUNDLE_ID", aliases: ["RECEIPT_CHECK_API_BUNDLE_ID"])
    static let environment = Variable(name: "RECEIPT_CHECK_ENVIRONMENT", aliases: ["RECEIPT_CHECK_API_ENVIRONMENT"])

    /// `variable`'s value (empty is unset), its own name first; an alias read or disagreeing is said in `warn`.
    static func value(_ variable: Variable, in variables: [String: String], warn: (String) -> Void) -> String? {
        let current = variables[variable.name].flatMap { $0.isEmpty ? nil : $0 }
        var value = current
        for alias in variable.aliases {
            guard let old = variables[alias], !old.isEmpty else { continue }
            if let current, current != old {
                // Two values for one credential: the new name's is used, and the mismatch said, not hidden.
                warn("$\(alias) is deprecated and ignored: $\(variable.name) is set to another value, which is used")
            } else {
                warn("$\(alias) is deprecated: set $\(variable.name) instead")
            }
            // The new name's value first, then the first alias set.
            value = value ?? old
        }
        return value
    }
}
