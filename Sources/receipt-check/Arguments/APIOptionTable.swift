import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The options of `api`: the credentials (each also from an environment variable), the connection, and
/// the values of Apple's requests that have a flag. Verification, rules and output take verify's options.
enum APIOptionTable {
    /// Options that fall back to an environment variable, so that the key stays out of shell history.
    static let environment: [String: String] = [
        "key": "RECEIPT_CHECK_API_KEY_FILE", "key-id": "RECEIPT_CHECK_API_KEY_ID",
        "issuer-id": "RECEIPT_CHECK_API_ISSUER_ID", "bundle-id": "RECEIPT_CHECK_API_BUNDLE_ID",
        "environment": "RECEIPT_CHECK_API_ENVIRONMENT",
    ]

    /// Where libcurl is looked for instead of the system's (a test, a library installed elsewhere).
    static let libcurlVariable = "RECEIPT_CHECK_LIBCURL"

    static let connectionOptions: [OptionSpec] = [
        OptionSpec(
            "key", value: "FILE",
            help: "the In-App Purchase key from App Store Connect, the .p8 file (default: $RECEIPT_CHECK_API_KEY_FILE);"
                + " never printed; a file group or others can read is warned about"),
        OptionSpec("key-id", value: "ID", help: "the key's identifier (default: $RECEIPT_CHECK_API_KEY_ID)"),
        OptionSpec(
            "issuer-id", value: "UUID",
            help: "the issuer id from App Store Connect (default: $RECEIPT_CHECK_API_ISSUER_ID)"),
        OptionSpec(
            "base-url", value: "URL",
            help:
                "send the requests to this https:// URL instead of Apple's host for --environment (a proxy, a test server)"
        ),
        OptionSpec(
            "ca-file", value: "FILE", help: "trust the CAs in this PEM file for the connection instead of the system's"),
        OptionSpec("connect-timeout", value: "SECONDS", help: "give up connecting after this long (default: 10)"),
        OptionSpec("timeout", value: "SECONDS", help: "give up on one request after this long (default: 30)"),
        OptionSpec(
            "retries", value: "N",
            help: "retry a 429, 5xx or network failure up to N times, with backoff, within 60 s in all (default: 3)"),
        OptionSpec(
            "body", value: "FILE", help: "the request's JSON body, as Apple documents it (- for standard input)"),
        OptionSpec(
            "with", value: "FILE", repeatable: true,
            help: "with --combine: another input of the same customer (a receipt, a JWS, a saved response)"),
    ]

    static let requestOptions: [OptionSpec] = [
        OptionSpec("revision", value: "TOKEN", help: "history, refunds: only the page after this revision"),
        OptionSpec(
            "history-version", value: "V", choices: ["1", "2"], help: "Get Transaction History v1 or v2 (default: 2)"),
        OptionSpec("start-date", value: "MS", help: "history, notification history: from this time (ms since 1970)"),
        OptionSpec("end-date", value: "MS", help: "history, notification history: until this time (ms since 1970)"),
        OptionSpec(
            "product-id", value: "ID", repeatable: true,
            help: "history: only this product (repeatable); mass extension: the product"),
        OptionSpec(
            "product-type", value: "TYPE", repeatable: true,
            choices: ["AUTO_RENEWABLE", "NON_RENEWABLE", "CONSUMABLE", "NON_CONSUMABLE"],
            help: "history: only this type (repeatable)"),
        OptionSpec("sort", value: "ORDER", choices: ["ASCENDING", "DESCENDING"], help: "history: the order"),
        OptionSpec(
            "subscription-group-id", value: "ID", repeatable: true,
            help: "history: only this subscription group (repeatable)"),
        OptionSpec(
            "ownership-type", value: "TYPE", choices: ["FAMILY_SHARED", "PURCHASED"],
            help: "history: only this ownership"),
        OptionSpec(
            "revoked", value: "BOOL", choices: ["true", "false"], help: "history: only revoked or only unrevoked"),
        OptionSpec(
            "status", value: "N", repeatable: true,
            help: "statuses: only subscriptions in this status (1-5, repeatable)"),
        OptionSpec("pagination-token", value: "TOKEN", help: "notification history: the page after this token"),
        OptionSpec("notification-type", value: "TYPE", help: "notification history: only this type"),
        OptionSpec("notification-subtype", value: "SUBTYPE", help: "notification history: only this subtype"),
        OptionSpec("only-failures", help: "notification history: only notifications that did not reach the server"),
        OptionSpec("transaction-id", value: "ID", help: "notification history: only this transaction's notifications"),
        OptionSpec("extend-by-days", value: "N", help: "renewal date extensions: the days to add (1-90)"),
        OptionSpec("extend-reason-code", value: "N", help: "renewal date extensions: Apple's reason code (0-3)"),
        OptionSpec(
            "request-identifier", value: "UUID", help: "renewal date extensions: your identifier of the request"),
        OptionSpec(
            "storefront-country-code", value: "CODE", repeatable: true,
            help: "mass extension: only this storefront (repeatable)"),
        OptionSpec("app-account-token", value: "UUID", help: "set-app-account-token: the token"),
        OptionSpec("image", value: "FILE", help: "upload-image: the PNG"),
        OptionSpec(
            "image-size", value: "SIZE", choices: ["FULL_SIZE", "BULLET_POINT"], help: "upload-image: the size"),
        OptionSpec("message-id", value: "UUID", help: "configure-default-message: the message"),
        OptionSpec("realtime-url", value: "URL", help: "configure-realtime-url: your endpoint"),
    ]

    /// The credentials and app a run uses, the environment's values for what the command line leaves out.
    struct Credentials {
        let keyPath: String
        let keyID: String
        let issuerID: String
        let bundleID: String
        let environment: AppStoreServerAPIClient.Environment
    }

    /// Fills `arguments` with the environment's values of the credential options it lacks, so that the
    /// validator reads the same bundle id and environment the requests name.
    static func addEnvironment(to arguments: inout ParsedArguments, variables: [String: String]) {
        for (name, variable) in environment.sorted(by: { $0.key < $1.key }) where arguments.value(name) == nil {
            if let value = variables[variable], !value.isEmpty {
                arguments.add(name, value: value)
            }
        }
    }

    static func credentials(_ arguments: ParsedArguments) throws(UsageError) -> Credentials {
        let names = ["key", "key-id", "issuer-id", "bundle-id", "environment"]
        let missing = names.filter { arguments.value($0) == nil }
        guard missing.isEmpty else {
            let named = missing.map { name in environment[name].map { "--\(name) (or $\($0))" } ?? "--\(name)" }
            throw UsageError("api needs " + named.joined(separator: ", "))
        }
        let text = arguments.value("environment") ?? ""
        guard let environment = AppStoreServerAPIClient.Environment(rawValue: text.lowercased()) else {
            throw UsageError("api: --environment takes production or sandbox, not '\(text)'")
        }
        return Credentials(
            keyPath: arguments.value("key") ?? "", keyID: arguments.value("key-id") ?? "",
            issuerID: arguments.value("issuer-id") ?? "", bundleID: arguments.value("bundle-id") ?? "",
            environment: environment)
    }

    /// A warning when the key file can be read by its group or others: the key signs for the whole team.
    static func keyPermissionWarning(_ path: String) -> String? {
        var status = stat()
        guard path != "-", stat(path, &status) == 0, status.st_mode & 0o077 != 0 else { return nil }
        return "\(path) can be read by its group or others (mode \(String(status.st_mode & 0o777, radix: 8))): "
            + "chmod 600 it"
    }

    static func transport(_ arguments: ParsedArguments, variables: [String: String]) throws(UsageError)
        -> CurlTransport
    {
        CurlTransport(
            connectTimeout: .seconds(try seconds(arguments, "connect-timeout", default: 10)),
            requestTimeout: .seconds(try seconds(arguments, "timeout", default: 30)),
            caFile: arguments.value("ca-file"),
            libraryPath: variables[libcurlVariable])
    }

    static func retryPolicy(_ arguments: ParsedArguments) throws(UsageError) -> RetryPolicy {
        guard let text = arguments.value("retries") else { return RetryPolicy() }
        guard let retries = Int(text), (0...10).contains(retries) else {
            throw UsageError("--retries takes a number from 0 to 10, not '\(text)'")
        }
        return RetryPolicy(maximumAttempts: retries + 1)
    }

    private static func seconds(_ arguments: ParsedArguments, _ name: String, default value: Int) throws(UsageError)
        -> Int
    {
        guard let text = arguments.value(name) else { return value }
        guard let seconds = Int(text), (1...3600).contains(seconds) else {
            throw UsageError("--\(name) takes seconds from 1 to 3600, not '\(text)'")
        }
        return seconds
    }
}
