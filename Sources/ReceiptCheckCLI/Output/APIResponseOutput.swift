import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An App Store Server API answer on standard output: a verified one exactly as `verify` prints the
/// same body (or, with `--combine`, with the other inputs given), an unsigned one as it came, marked so.
enum APIResponseOutput {
    static func print(
        _ response: AppStoreServerAPIResponse, runner: BatchRunner, arguments: ParsedArguments, console: Console,
        usage: String
    ) -> ExitStatus {
        let json = runner.settings.format == .json || runner.settings.format == .ndjson
        switch response.content {
        case .verified(let verdict):
            // An answer to another question is not read again with the other inputs: it decides nothing.
            let answersTheRequest = !verdict.report.checks.contains { $0.name == .answer && !$0.passed }
            if arguments[CombineRunner.combine], answersTheRequest {
                let inputs =
                    [BatchInput(name: response.operation.rawValue, content: .bytes(response.body))]
                    + arguments[APIOptionTable.with].map { BatchInput(name: $0, content: .path($0)) }
                var source = InputSource(prepared: inputs, limit: runner.limit, console: console)
                return CombineRunner(runner: runner).run(&source, console: console, usage: usage)
            }
            // A whole history is thousands of elements.
            return runner.print(large: verdict, console: console)
        case .unsigned(let members):
            if runner.settings.format.isHTML {
                let rows = members.sorted(by: { $0.key < $1.key }).map { ($0.key, compact($0.value)) }
                console.out(HTMLReportFormat.unsignedAnswer(response.operation.rawValue, response.status, rows))
                return console.exitStatus(.valid)
            }
            if json {
                return write(
                    unsigned(operation: response.operation, status: response.status, response: members),
                    pretty: runner.settings.format == .json, console: console)
            }
            var text = "\(response.operation.rawValue): HTTP \(response.status), an answer Apple does not sign\n"
            for (name, value) in members.sorted(by: { $0.key < $1.key }) {
                text += "  \(name): \(compact(value))\n"
            }
            console.out(TerminalText.escapedKeepingNewlines(text))
            return console.exitStatus(.valid)
        case .empty:
            if runner.settings.format.isHTML {
                console.out(HTMLReportFormat.unsignedAnswer(response.operation.rawValue, response.status, []))
                return console.exitStatus(.valid)
            }
            if json {
                return write(
                    unsigned(operation: response.operation, status: response.status, response: nil),
                    pretty: runner.settings.format == .json, console: console)
            }
            console.out("\(response.operation.rawValue): HTTP \(response.status), done\n")
            return console.exitStatus(.valid)
        }
    }

    /// The JSON of an answer with nothing signed (`schema/api-unsigned.schema.json`): `response` is nil
    /// for an answer with no body.
    static func unsigned(
        operation: AppStoreServerAPIOperation, status: Int, response members: [String: JSONValue]?
    ) -> JSONValue {
        var object: [String: JSONValue] = [
            "operation": .string(operation.rawValue), "status": .integer(Int64(status)), "signed": .bool(false),
        ]
        object["response"] = members.map(JSONValue.object)
        return .object(object)
    }

    private static func write(_ value: JSONValue, pretty: Bool, console: Console) -> ExitStatus {
        guard let text = value.json(pretty: pretty) else {
            console.error("cannot encode the answer")
            return .internalError
        }
        console.out(text + "\n")
        return console.exitStatus(.valid)
    }

    private static func compact(_ value: JSONValue) -> String {
        value.json(pretty: false) ?? "?"
    }
}
