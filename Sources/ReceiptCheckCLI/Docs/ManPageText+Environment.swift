/// The man page's ENVIRONMENT: the credential variables, from `CredentialVariables`.
extension ManPageText {
    static var environment: [String] {
        let variables: [(CredentialVariables.Variable, String)] = [
            (CredentialVariables.keyFile, "the .p8 key file (--key)"),
            (CredentialVariables.keyID, "the key's identifier (--key-id)"),
            (CredentialVariables.issuerID, "the issuer id (--issuer-id)"),
            (CredentialVariables.bundleID, "the app's bundle id (--bundle-id; api and verify --refresh, and sign)"),
            (CredentialVariables.environment, "production or sandbox (--environment; api and verify --refresh)"),
        ]
        var lines = [".SH ENVIRONMENT"]
        lines += Roff.paragraphs(
            "api, sign and verify --refresh read the key and its ids from one set of variables when the command "
                + "line leaves them out; the command line wins. The names of earlier releases are still read as "
                + "deprecated aliases, each use warned about on standard error; when an alias and the new name are "
                + "both set to different values, the new name's is used and the alias is warned about as ignored.")
        for (variable, meaning) in variables {
            let aliases = variable.aliases.map { "$" + $0 }.joined(separator: ", ")
            lines += [
                ".TP", Roff.bold(variable.name), Roff.escape("\(meaning); read in its place, deprecated: \(aliases)"),
            ]
        }
        return lines
    }
}
