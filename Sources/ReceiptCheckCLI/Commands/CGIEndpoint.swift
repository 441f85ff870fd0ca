import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `verify --cgi`: one CGI request answered as Apple's verifyReceipt endpoint does (examples/verifyreceipt-endpoint),
/// through `VerifyReceiptExchange`, which `serve` answers with too.
enum CGIEndpoint {
    static func run(_ arguments: ParsedArguments, console: Console, spec: CommandSpec) -> ExitStatus {
        let validator: ReceiptValidator
        let limit: Int
        do {
            try VerifyOptionTable.validateCGI(arguments)
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
}
