import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An App Store Server API answer on standard output: a verified one as `verify` prints the same body (with
/// `--combine`, with the `--with` inputs), an unsigned one as it came, marked so.
enum APIResponseOutput {
    static func print(
        _ response: AppStoreServerAPIResponse, runner: BatchRunner, others: [InputPath], arguments: ParsedArguments,
        console: Console, usage: String
    ) -> ExitStatus {
        switch response.content {
        case .verified(let verdict):
            // An answer to another question is not read again with the other inputs: it decides nothing.
            let answersTheRequest = !verdict.report.checks.contains { $0.name == .answer && !$0.passed }
            if arguments[VerifyOptionTable.combine], answersTheRequest {
                let inputs =
                    [BatchInput(name: response.operation.rawValue, content: .bytes(response.body))]
                    + others.map { BatchInput(name: $0.path, content: .path($0.path, directoryHint: "")) }
                var source = InputSource(prepared: inputs, limit: runner.limit, console: console)
                return CombineRunner(runner: runner).run(&source, console: console, usage: usage)
            }
            // A whole history is thousands of elements.
            return runner.print(large: verdict, console: console)
        case .unsigned(let members):
            let answer = UnsignedAnswer(operation: response.operation, status: response.status, members: members)
            return write(answer, runner, console)
        case .empty:
            let answer = UnsignedAnswer(operation: response.operation, status: response.status, members: nil)
            return write(answer, runner, console)
        }
    }

    /// The JSON of an answer with nothing signed (`schema/api-unsigned.schema.json`); `response` nil for no body.
    static func unsigned(
        operation: AppStoreServerAPIOperation, status: Int, response members: [String: JSONValue]?
    ) -> JSONValue {
        var object: [String: JSONValue] = [
            "operation": .string(operation.rawValue), "status": .integer(Int64(status)), "signed": .bool(false),
        ]
        object["response"] = members.map(JSONValue.object)
        return .object(object)
    }

    private static func write(_ answer: UnsignedAnswer, _ runner: BatchRunner, _ console: Console) -> ExitStatus {
        guard let text = runner.printer.unsigned(answer) else {
            console.error("cannot encode the answer")
            return .internalError
        }
        console.out(text)
        return console.exitStatus(.valid)
    }
}
