import ReceiptKit

/// The options of `api`: credentials, connection and the flags of Apple's requests; the rest are verify's.
enum APIOptionTable {
    /// Options that fall back to an environment variable, so that the key stays out of shell history.
    static let environment: [(option: OptionSpec, variable: CredentialVariables.Variable)] = [
        (ValidationOptionTable.bundleID.spec, CredentialVariables.bundleID),
        (ValidationOptionTable.environment.spec, CredentialVariables.environment),
        (issuerID.spec, CredentialVariables.issuerID), (key.spec, CredentialVariables.keyFile),
        (keyID.spec, CredentialVariables.keyID),
    ]

    /// `--format` as `api` takes it: without verifyreceipt, whose body answers for receipts, as no API answer does.
    static let format = OptionSpec(
        "format", value: "FORMAT", choices: formats.map(\.rawValue), help: ValidationOptionTable.Format.help(formats))

    private static let formats = ValidationOptionTable.Format.allCases.filter { $0 != .verifyreceipt }

    /// Verify's options as `api` takes them: its own `--format`.
    static var validationOptions: [OptionSpec] {
        ValidationOptionTable.options.map { $0.name == format.name ? format : $0 }
    }

    /// Where libcurl is looked for instead of the system's (a test, a library installed elsewhere).
    static let libcurlVariable = "RECEIPT_CHECK_LIBCURL"

    static let key = OptionKey<InputPath>.input(
        "key",
        help: "the In-App Purchase key from App Store Connect, the .p8 file (default: $RECEIPT_CHECK_KEY_FILE);"
            + " never printed; a file group or others can read is warned about")
    static let keyID = OptionKey<String>.value(
        "key-id", "ID", help: "the key's identifier (default: $RECEIPT_CHECK_KEY_ID)")
    static let issuerID = OptionKey<String>.value(
        "issuer-id", "UUID", help: "the issuer id from App Store Connect (default: $RECEIPT_CHECK_ISSUER_ID)")
    static let baseURL = OptionKey<WebAddress>.url(
        "base-url", schemes: ["https"],
        help:
            "send the requests to this https:// URL instead of Apple's host for --environment (a proxy, a test server)")
    static let sandboxBaseURL = OptionKey<WebAddress>.url(
        "sandbox-base-url", schemes: ["https"],
        help: "with --environment auto: send the sandbox's requests to this https:// URL instead of Apple's sandbox"
            + " host (needed with --base-url, which then takes production's)")
    static let caFile = OptionKey<InputPath>.input(
        "ca-file", help: "trust the CAs in this PEM file for the connection instead of the system's")
    static let connectTimeout = OptionKey<Int>.number(
        "connect-timeout", "SECONDS", in: 1...3600, takes: "seconds",
        help: "give up connecting after this long (default: 10)")
    static let timeout = OptionKey<Int>.number(
        "timeout", "SECONDS", in: 1...3600, takes: "seconds",
        help: "give up on one request after this long (default: 30)")
    static let deadline = OptionKey<Int>.number(
        "deadline", "SECONDS", in: 1...3600, takes: "seconds",
        help: "give up on the whole operation after this long: every page of a history, every retry and wait;"
            + " --refresh's statuses and history together (default: 300)")
    static let retries = OptionKey<Int>.number(
        "retries", "N", in: 0...10, takes: "a number",
        help: "retry a 429, 5xx or network failure up to N times, with backoff, within 60 s in all (default: 3)")
    static let body = OptionKey<InputPath>.input(
        "body", help: "the request's JSON body, as Apple documents it (- for standard input)")
    static let with = OptionKey<[InputPath]>.repeated(
        .input(
            "with",
            help: "with --combine: another input of the same customer (a receipt, a JWS, a saved response)"))
    static let revision = OptionKey<String>.value(
        "revision", "TOKEN",
        help: "history, refunds: only the page after this revision (with --all-pages, every page after it)")
    static let allPages = OptionKey<Bool>.flag(
        "all-pages",
        help: "history, refunds, notification history: read every page, bounded by --max-size and --deadline, and"
            + " say the --revision or --pagination-token to resume from next time; given a saved one, only the"
            + " pages after it (get-transaction-history reads every page unless --revision is given)")
    static let historyVersion = OptionKey<HistoryVersion>.choice(
        "history-version", "V", help: "Get Transaction History v1 or v2 (default: 2)")
    static let idKind = OptionKey<AppStoreServerAPIRequest.IdentifierKind>.choice(
        "id-kind", "KIND",
        help: "history, statuses, refunds, app transaction info: what TRANSACTION_ID is, a transaction's id"
            + " (default) or the customer's appTransactionId (app-transaction: the answer must be that customer's)")
    static let startDate = OptionKey<Int64>.number(
        "start-date", "MS", in: 0..., takes: "a whole number",
        help: "history, notification history: from this time (ms since 1970)")
    static let endDate = OptionKey<Int64>.number(
        "end-date", "MS", in: 0..., takes: "a whole number",
        help: "history, notification history: until this time (ms since 1970)")
    static let productID = OptionKey<[String]>.repeated(
        "product-id", "ID", help: "history: only this product (repeatable); mass extension: the product")
    static let productType = OptionKey<[ProductType]>.repeated(
        .choice("product-type", "TYPE", help: "history: only this type (repeatable)"))
    static let sort = OptionKey<SortOrder>.choice("sort", "ORDER", help: "history: the order")
    static let subscriptionGroupID = OptionKey<[String]>.repeated(
        "subscription-group-id", "ID", help: "history: only this subscription group (repeatable)")
    static let ownershipType = OptionKey<InAppOwnershipType>.choice(
        "ownership-type", "TYPE", help: "history: only this ownership")
    static let revoked = OptionKey<BooleanChoice>.choice(
        "revoked", "BOOL", help: "history: only revoked or only unrevoked")
    static let status = OptionKey<[Int]>.repeated(
        .number(
            "status", "N", in: 1...5, takes: "a subscription status",
            help: "statuses: only subscriptions in this status (1-5, repeatable)"))
    static let paginationToken = OptionKey<String>.value(
        "pagination-token", "TOKEN",
        help: "notification history: the page after this token (with --all-pages, every page after it)")
    static let notificationType = OptionKey<String>.value(
        "notification-type", "TYPE", help: "notification history: only this type")
    static let notificationSubtype = OptionKey<String>.value(
        "notification-subtype", "SUBTYPE", help: "notification history: only this subtype")
    static let onlyFailures = OptionKey<Bool>.flag(
        "only-failures", help: "notification history: only notifications that did not reach the server")
    static let transactionID = OptionKey<String>.value(
        "transaction-id", "ID", help: "notification history: only this transaction's notifications")
    static let extendByDays = OptionKey<Int64>.number(
        "extend-by-days", "N", in: 1...90, takes: "a number of days",
        help: "renewal date extensions: the days to add (1-90)")
    static let extendReasonCode = OptionKey<Int64>.number(
        "extend-reason-code", "N", in: 0...3, takes: "Apple's reason code",
        help: "renewal date extensions: Apple's reason code (0-3)")
    static let requestIdentifier = OptionKey<String>.value(
        "request-identifier", "UUID", help: "renewal date extensions: your identifier of the request")
    static let storefrontCountryCode = OptionKey<[String]>.repeated(
        "storefront-country-code", "CODE", help: "mass extension: only this storefront (repeatable)")
    static let appAccountToken = OptionKey<String>.value(
        "app-account-token", "UUID", help: "set-app-account-token: the token")
    static let image = OptionKey<InputPath>.input("image", help: "upload-image: the PNG")
    static let imageSize = OptionKey<ImageSize>.choice("image-size", "SIZE", help: "upload-image: the size")
    static let messageID = OptionKey<String>.value("message-id", "UUID", help: "configure-default-message: the message")
    static let realtimeURL = OptionKey<WebAddress>.url(
        "realtime-url", schemes: ["https"], help: "configure-realtime-url: your endpoint")

    /// What any command that sends requests takes (`api`, `verify --refresh`).
    static let credentialOptions: [OptionSpec] = [
        key.spec, keyID.spec, issuerID.spec, baseURL.spec, caFile.spec, connectTimeout.spec, timeout.spec,
        deadline.spec, retries.spec,
    ]

    static let connectionOptions: [OptionSpec] = credentialOptions + [body.spec, with.spec]

    static let requestOptions: [OptionSpec] = [
        revision.spec, historyVersion.spec, startDate.spec, endDate.spec, productID.spec, productType.spec, sort.spec,
        subscriptionGroupID.spec, ownershipType.spec, revoked.spec, status.spec, paginationToken.spec,
        notificationType.spec, notificationSubtype.spec, onlyFailures.spec, transactionID.spec, extendByDays.spec,
        extendReasonCode.spec, requestIdentifier.spec, storefrontCountryCode.spec, appAccountToken.spec, image.spec,
        imageSize.spec, messageID.spec, realtimeURL.spec, idKind.spec, allPages.spec,
    ]

    /// What asks for a decision: the rules and what they read, requirements, other inputs to combine with.
    static let decisionOptions = RuleOptionTable.options + [VerifyOptionTable.combine.spec, with.spec]

    /// The options `operation` takes together: `--with` only with `--combine`, decisions as `refuseDecisions` says.
    static func validate(_ arguments: ParsedArguments, operation: AppStoreServerAPIOperation) throws(UsageError) {
        if arguments.isGiven(with.spec), !arguments[VerifyOptionTable.combine] {
            throw UsageError("--with adds inputs to --combine; give --combine too")
        }
        try refuseDecisions(on: operation, arguments)
    }

    /// Refuses decision options with an operation whose answer Apple does not sign (or that has none):
    /// nothing would be decided, and the run would exit 0 as if every requirement were met.
    static func refuseDecisions(on operation: AppStoreServerAPIOperation, _ arguments: ParsedArguments)
        throws(UsageError)
    {
        let given = decisionOptions.filter(arguments.isGiven).map { "--" + $0.name }
        guard !operation.takesRules, !given.isEmpty else { return }
        let answer = operation.responseShape == .empty ? "no body" : "nothing Apple signs"
        let deciding = AppStoreServerAPIOperation.allCases.filter(\.takesRules).map(\.rawValue)
        throw UsageError(
            "\(given.joined(separator: ", ")): \(operation.rawValue) answers with \(answer), so there is nothing to "
                + "decide on (rules, requirements and --combine are for \(deciding.joined(separator: ", ")))")
    }

    /// The credentials and app a run uses, the environment's values for what the command line leaves out.
    struct Credentials {
        let keyFile: InputPath
        let keyID: String
        let issuerID: String
        let bundleID: String
        var environment: AppStoreServerAPIClient.Environment
        /// `--environment auto` (api only): production, then the sandbox when production does not know the transaction.
        var auto = false
    }

    /// Fills the credential options `arguments` lacks from the environment, as the requests name them.
    static func addEnvironment(to arguments: inout ParsedArguments, variables: [String: String], console: Console) {
        for (option, variable) in environment where !arguments.isGiven(option) {
            if let value = CredentialVariables.value(variable, in: variables, warn: console.warning) {
                arguments.add(option, value: value)
            }
        }
    }

    /// `command` names what needs them in the message listing what is missing.
    static func credentials(_ arguments: ParsedArguments, command: String = "api") throws(UsageError) -> Credentials {
        let required = [
            key.spec, keyID.spec, issuerID.spec, ValidationOptionTable.bundleID.spec,
            ValidationOptionTable.environment.spec,
        ]
        let missing = required.filter { !arguments.isGiven($0) }
        guard missing.isEmpty else {
            let named = missing.map { option in
                environment.first { $0.option.name == option.name }.map { "\(option.flag) (or $\($0.variable.name))" }
                    ?? option.flag
            }
            throw UsageError("\(command) needs " + named.joined(separator: ", "))
        }
        // The server API knows only its own two environments: the option's text, not the validator's reading.
        let text = arguments.text(of: ValidationOptionTable.environment.spec) ?? ""
        let auto = command == "api" && text.lowercased() == "auto"
        guard let environment = auto ? .production : AppStoreServerAPIClient.Environment(rawValue: text.lowercased())
        else {
            let choices = command == "api" ? "production, sandbox or auto" : "production or sandbox"
            throw UsageError("\(command): --environment takes \(choices), not '\(text)'")
        }
        guard let keyFile = try arguments.value(key) else { throw UsageError("\(command) needs \(key.flag)") }
        return Credentials(
            keyFile: keyFile, keyID: arguments[keyID] ?? "",
            issuerID: arguments[issuerID] ?? "", bundleID: arguments[ValidationOptionTable.bundleID] ?? "",
            environment: environment, auto: auto)
    }

    static func connection(_ arguments: ParsedArguments, variables: [String: String]) throws(UsageError)
        -> AppStoreServerAPIClient.Connection
    {
        AppStoreServerAPIClient.Connection(
            connectTimeout: .seconds(try arguments.value(connectTimeout) ?? 10),
            requestTimeout: .seconds(try arguments.value(timeout) ?? 30),
            caFile: try arguments.value(caFile)?.path, libcurlPath: variables[libcurlVariable],
            maximumAttempts: try arguments.value(retries).map { $0 + 1 } ?? 4)
    }
}
