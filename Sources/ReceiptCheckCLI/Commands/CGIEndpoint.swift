import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `verify --cgi`: answers one CGI request as Apple's verifyReceipt endpoint does, for a web server
/// that runs receipt-check as a CGI program (examples/verifyreceipt-endpoint: nginx and fcgiwrap).
///
/// A receipt answer is HTTP 200 with Apple's status in the body, as Apple sends it; a method other
/// than POST is 405 and a body over `--max-size` 413, both without reading the body.
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
        guard environment["REQUEST_METHOD"] == "POST" else {
            return respond(
                405, "Method Not Allowed", extraHeaders: "Allow: POST\r\n", status: .unreadableRequest, console)
        }
        // Without CONTENT_LENGTH (a chunked request) the body is read to its end, one byte past the limit at most.
        let declared = environment["CONTENT_LENGTH"].flatMap { Int($0) }
        if let declared, declared > limit {
            console.error("a request body of \(declared) bytes, over --max-size \(limit)")
            return respond(413, "Payload Too Large", status: .unreadableRequest, console)
        }
        let body = InputFile.standardInputPrefix(max(0, declared ?? limit + 1))
        guard body.count <= limit else {
            console.error("a request body over --max-size \(limit)")
            return respond(413, "Payload Too Large", status: .unreadableRequest, console)
        }
        guard VerifyReceiptRequest.isBody(body) else {
            console.error("the request body is not a JSON object")
            return respond(200, "OK", status: .unreadableRequest, console)
        }
        let report = validator.validate(body, input: "request")
        let response = VerifyReceiptResponse(for: body, report: report, requestDate: Date())
        // fcgiwrap passes standard error to the web server's error log: why an answer is not 0.
        if let problem = response.problem ?? response.notReceiptData ?? report.message {
            console.error("status \(response.status.rawValue): \(problem)")
        }
        return respond(200, "OK", json: response.json, console)
    }

    static func checkOptions(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.operands.isEmpty else {
            throw UsageError("--cgi reads its one input from standard input; no INPUT operands")
        }
        if let option = excluded.first(where: arguments.isGiven) {
            throw UsageError("--cgi answers one request; --\(option.name) does not apply")
        }
        if let format = arguments[ValidationOptionTable.format], format.lowercased() != "verifyreceipt" {
            throw UsageError("--cgi answers in Apple's verifyReceipt format, not --format \(format)")
        }
        try VerifyReceiptOutput.checkOptions(arguments)
    }

    private static func respond(
        _ code: Int, _ phrase: String, extraHeaders: String = "", status: VerifyReceiptStatus, _ console: Console
    ) -> ExitStatus {
        respond(code, phrase, extraHeaders: extraHeaders, json: "{\"status\":\(status.rawValue)}", console)
    }

    private static func respond(
        _ code: Int, _ phrase: String, extraHeaders: String = "", json: String, _ console: Console
    ) -> ExitStatus {
        let body = json + "\n"
        console.out(
            "Status: \(code) \(phrase)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                + extraHeaders + "\r\n" + body)
        // A failed write is the web server's connection gone: exit 74, as every other output does.
        return console.exitStatus(.valid)
    }
}
