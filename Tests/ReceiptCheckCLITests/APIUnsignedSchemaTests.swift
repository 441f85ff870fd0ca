import Foundation
import ReceiptKit
import Testing

@testable import ReceiptCheckCLI

/// schema/api-unsigned.schema.json describes what `api --json` prints for an answer Apple does not sign,
/// with a body and without one.
@Suite struct APIUnsignedSchemaTests {
    @Test func unsignedAnswersMatchTheSchema() throws {
        guard let python = ReportSchemaTests.python() else { return }
        let scratch = try ScratchDirectory()
        let answers = [
            APIResponseOutput.unsigned(
                operation: .requestTestNotification, status: 200, response: ["testNotificationToken": .string("t")]),
            APIResponseOutput.unsigned(operation: .setAppAccountToken, status: 200, response: nil),
        ]
        var files: [String] = []
        for (index, answer) in answers.enumerated() {
            files.append(try scratch.write("\(index).json", Array(try #require(answer.json(pretty: false)).utf8)))
        }
        let schema = CLI.packageRoot.appendingPathComponent("schema/api-unsigned.schema.json").path
        let script = CLI.packageRoot.appendingPathComponent("Scripts/validate-reports.py").path
        let result = try CLI.run(URL(fileURLWithPath: python), [script, schema] + files, stdin: nil)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("validate-reports: 2 reports, 0 problems"), "\(result.stdout)")
    }
}
