import Foundation
import TestSupport
import Testing

@testable import ReceiptCheckCLI

/// One set of variables for the key and its ids, read by `api`, `sign` and `verify --refresh` alike; the
/// names of earlier releases still read, each use warned about; the new name wins over an old one, and the
/// command line over both.
@Suite struct CredentialVariablesTests {
    static let all = [
        CredentialVariables.keyFile, CredentialVariables.keyID, CredentialVariables.issuerID,
        CredentialVariables.bundleID, CredentialVariables.environment,
    ]

    /// What `value` returns for `variables`, and its warnings.
    static func read(_ variable: CredentialVariables.Variable, _ variables: [String: String]) -> (String?, [String]) {
        var warnings: [String] = []
        let value = CredentialVariables.value(variable, in: variables) { warnings.append($0) }
        return (value, warnings)
    }

    @Test func everyAliasIsReadWithADeprecationWarning() {
        #expect(Self.all.flatMap(\.aliases).count == 6)
        for variable in Self.all {
            #expect(Self.read(variable, [variable.name: "new"]) == ("new", []))
            #expect(Self.read(variable, [variable.name: ""]) == (nil, []), "an empty variable is unset")
            for alias in variable.aliases {
                let (value, warnings) = Self.read(variable, [alias: "old"])
                #expect(value == "old", "\(alias)")
                #expect(warnings == ["$\(alias) is deprecated: set $\(variable.name) instead"])
            }
        }
    }

    @Test func theNewNameWinsAndAMismatchIsSaid() {
        for variable in Self.all {
            for alias in variable.aliases {
                let (same, sameWarnings) = Self.read(variable, [variable.name: "v", alias: "v"])
                #expect(same == "v" && sameWarnings == ["$\(alias) is deprecated: set $\(variable.name) instead"])
                let (value, warnings) = Self.read(variable, [variable.name: "new", alias: "old"])
                #expect(value == "new", "\(alias)")
                #expect(
                    warnings == [
                        "$\(alias) is deprecated and ignored: $\(variable.name) is set to another value, which is used"
                    ])
            }
        }
        // Of two old names, the first listed is read.
        let (value, _) = Self.read(
            CredentialVariables.keyFile, ["RECEIPT_CHECK_API_KEY_FILE": "a", "RECEIPT_CHECK_SIGNING_KEY": "b"])
        #expect(value == "a")
    }

    /// An environment without any of the credential variables, old or new.
    static func clean() -> [String: String] {
        var variables = ProcessInfo.processInfo.environment
        for variable in all {
            variables[variable.name] = nil
            for alias in variable.aliases { variables[alias] = nil }
        }
        return variables
    }

    static func signV1(_ extra: [String], _ variables: [String: String]) throws -> CLI.Result {
        try CLI.run(
            CLI.executable,
            [
                "sign", "promotional-offer", "--product-id", "p", "--offer-id", "o", "--bundle-id", "com.example.app",
                "--json",
            ]
                + extra, stdin: nil, environment: variables)
    }

    @Test func signReadsTheOldNamesAndTheNewWins() throws {
        let keys = try SigningKeyFiles()
        var old = Self.clean()
        old["RECEIPT_CHECK_SIGNING_KEY"] = keys.good
        old["RECEIPT_CHECK_KEY_ID"] = "OLDNAMEKEY"
        let aliased = try Self.signV1([], old)
        #expect(aliased.status == 0, "\(aliased.stderr)")
        #expect(
            aliased.stderr
                == "receipt-check: warning: $RECEIPT_CHECK_SIGNING_KEY is deprecated: set $RECEIPT_CHECK_KEY_FILE instead\n"
        )
        // Both names set, to different files: the new one is read (the old one does not exist).
        var both = old
        both["RECEIPT_CHECK_SIGNING_KEY"] = "/nonexistent/AuthKey.p8"
        both["RECEIPT_CHECK_KEY_FILE"] = keys.good
        let newWins = try Self.signV1([], both)
        #expect(newWins.status == 0, "\(newWins.stderr)")
        #expect(newWins.stderr.contains("$RECEIPT_CHECK_SIGNING_KEY is deprecated and ignored"), "\(newWins.stderr)")
        #expect(newWins.stdout.contains(#""keyIdentifier":"OLDNAMEKEY""#), "\(newWins.stdout)")
        // The command line wins over both, and an alias it leaves unread is not warned about.
        let given = try Self.signV1(["--key", keys.good, "--key-id", "GIVENKEYID"], both)
        #expect(given.status == 0 && given.stderr.isEmpty, "\(given.stderr)")
        #expect(given.stdout.contains(#""keyIdentifier":"GIVENKEYID""#), "\(given.stdout)")
    }

    @Test func apiAndRefreshReadTheOldNames() throws {
        let keys = try SigningKeyFiles()
        var old = Self.clean()
        old["RECEIPT_CHECK_API_KEY_FILE"] = keys.good
        old["RECEIPT_CHECK_API_KEY_ID"] = SigningKeyFiles.keyID
        old["RECEIPT_CHECK_API_ISSUER_ID"] = SigningKeyFiles.issuerID
        old["RECEIPT_CHECK_API_BUNDLE_ID"] = SigningKeyFiles.bundleID
        old["RECEIPT_CHECK_API_ENVIRONMENT"] = "sandbox"
        let api = try CLI.run(
            CLI.executable, ["api", "get-transaction-info", "1000"] + APICommandTests.unreachable, stdin: nil,
            environment: old)
        #expect(api.status == 75, "the old names made a request: \(api.stderr)")
        let refresh = try CLI.run(
            CLI.executable, ["verify", "--refresh", "--rule", "pro: always", "/nonexistent/input.jws"], stdin: nil,
            environment: old)
        #expect(!refresh.stderr.contains("needs --key"), "\(refresh.stderr)")
        for result in [api, refresh] {
            for name in ["KEY_FILE", "KEY_ID", "ISSUER_ID", "BUNDLE_ID", "ENVIRONMENT"] {
                #expect(
                    result.stderr.contains(
                        "$RECEIPT_CHECK_API_\(name) is deprecated: set $RECEIPT_CHECK_\(name) instead"),
                    "\(result.stderr)")
            }
        }
    }
}
