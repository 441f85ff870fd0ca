import ReceiptKit

/// verify's own options (one decision over several inputs, fresh data for a stale one, one CGI request),
/// and the checks of the options given together that no single option's reading makes.
enum VerifyOptionTable {
    static let combine = OptionKey<Bool>.flag(
        "combine",
        help: "one decision over all inputs together (one customer's receipt or AppTransaction, history and"
            + " status responses, JWS); needs --bundle-id")
    static let refresh = OptionKey<Bool>.flag(
        "refresh",
        help: "when a decision is unknown only because the input is older than --max-age, fetch the"
            + " customer's statuses and history with the input's transaction id (needs the api credentials),"
            + " verify them and decide on them with the input")
    static let cgi = OptionKey<Bool>.flag(
        "cgi",
        help: "answer one CGI request as Apple's verifyReceipt endpoint: POST, the JSON body on standard input "
            + "(CONTENT_LENGTH bytes, at most --max-size); prints a Status and Content-Type header and the "
            + "verifyreceipt body")

    /// Options that choose inputs: a CGI request has one input, the body. (Rules and `--json` are refused
    /// by the verifyreceipt format's own checks.)
    private static let excludedByCGI =
        [
            BatchOptionTable.recursive.spec, BatchOptionTable.dereferenceRecursive.spec,
            BatchOptionTable.filesFrom.spec, BatchOptionTable.lines.spec, BatchOptionTable.unordered.spec,
            combine.spec, refresh.spec,
        ] + APIOptionTable.credentialOptions

    /// `--refresh`'s credentials, checked with what it decides with (rules, one verdict an input); nil
    /// without it, which the credentials' options then do not apply to.
    static func refreshCredentials(
        _ arguments: ParsedArguments, rules: RuleConfiguration?, format: BatchOptionTable.OutputFormat
    ) throws(UsageError) -> APIOptionTable.Credentials? {
        guard arguments[refresh] else {
            if let option = APIOptionTable.credentialOptions.first(where: arguments.isGiven) {
                throw UsageError("--\(option.name) is for the requests of --refresh; give --refresh too")
            }
            return nil
        }
        let credentials = try APIOptionTable.credentials(arguments, command: "--refresh")
        guard rules != nil else { throw UsageError("--refresh decides with rules: give --rules or --rule") }
        guard !format.printer.answersPerInput else {
            throw UsageError("--refresh decides with rules; --format verifyreceipt answers per receipt")
        }
        return credentials
    }

    /// `--cgi` beside what it cannot take.
    static func validateCGI(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.operands.isEmpty else {
            throw UsageError("--cgi reads its one input from standard input; no INPUT operands")
        }
        if let option = excludedByCGI.first(where: arguments.isGiven) {
            throw UsageError("--cgi answers one request; --\(option.name) does not apply")
        }
        if let format = try arguments.value(ValidationOptionTable.format), format != .verifyreceipt {
            throw UsageError("--cgi answers in Apple's verifyReceipt format, not --format \(format.rawValue)")
        }
        try BatchOptionTable.checkVerifyReceipt(arguments)
    }
}
