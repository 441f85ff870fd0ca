import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `verify --cgi`: answers one CGI request as Apple's verifyReceipt endpoint does, for a web server
/// that runs receipt-check as a CGI program (examples/verifyreceipt-endpoint: nginx and fcgiwrap). The
/// exchange itself is `VerifyReceiptExchange`, which `serve` answers with too.
enum CGIEndpoint {
    static let cgi = OptionKey<Bool>.flag(
        "cgi",
        help: "answer one CGI request as Apple's verifyReceipt endpoint: POST, the JSON body on standard input "
            + "(CONTENT_LENGTH bytes, at most --max-size); prints a Status and Content-Type header and the "
            + "verifyreceipt body")
    static let options = [cgi.spec]

    /// Options that choose inputs: a CGI request has one input, the body. (Rules and `--json` are refused
    /// by the verifyreceipt format's own checks.)
    private static let excluded =
        [
            BatchOptionTable.recursive.spec, BatchOptionTable.dereferenceRecursive.spec,
            BatchOptionTable.filesFrom.spec, BatchOptionTable.lines.spec, BatchOptionTable.unordered.spec,
        ] + CombineRunner.options + RefreshRunner.options + APIOptionTable.credentialOptions

    static func run(_ arguments: ParsedArguments, console: Console, spec: CommandSpec) -> ExitStatus {
        let validator: ReceiptValidator
        let limit: Int
        do {
            try checkOptions(arguments)
            validator = try ValidatorSetup.validator(arguments)
            limit = try ValidationOptionTable.sizeLimit(arguments)
        } catch {
            return ErrorReport.report(error, to: console, usage: spec.usage)
        }
        let environment = ProcessInfo.processInfo.environment
        let answer = VerifyReceiptExchange.answer(
            method: environment["REQUEST_METHOD"], contentLength: environment["CONTENT_LENGTH"], limit: limit,
            validator: validator, readBody: InputFile.standardInputPrefix)
        // fcgiwrap passes standard error to the web server's error log: why an answer is not 0.
        if let problem = answer.problem {
            console.error(problem)
        }
        console.out(answer.text)
        // A failed write is the web server's connection gone: exit 74, as every other output does.
        return console.exitStatus(.valid)
    }

    static func checkOptions(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.operands.isEmpty else {
            throw UsageError("--cgi reads its one input from standard input; no INPUT operands")
        }
        if let option = excluded.first(where: arguments.isGiven) {
            throw UsageError("--cgi answers one request; --\(option.name) does not apply")
        }
        if let format = try arguments.value(ValidationOptionTable.format), format != .verifyreceipt {
            throw UsageError("--cgi answers in Apple's verifyReceipt format, not --format \(format.rawValue)")
        }
        try VerifyReceiptOutput.checkOptions(arguments)
    }
}
