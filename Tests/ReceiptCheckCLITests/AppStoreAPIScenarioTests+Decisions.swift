import Foundation
import Testing

/// Rules and requirements decide on what Apple signs: with an operation whose answer is empty or unsigned
/// they are a usage error, said before anything is sent, never an exit 0 that reads as entitled.
extension AppStoreAPIScenarioTests {
    /// A finished transaction no other test asks about, so its path's records are this test's alone.
    static let finishedTransaction = "1000000000000064"

    @Test func rulesWithNothingSignedToDecideOnAreRefusedBeforeSending() async throws {
        let mock = try MockAppStoreAPI.require()
        let decide = ["--rule", "pro: product \"\(MockResponses.product)\"", "--require", "pro"]
        let cases = [
            (
                "finish-transaction", [Self.finishedTransaction],
                "/inApps/v1/transactions/\(Self.finishedTransaction)/finish"
            ),
            ("request-test-notification", [], "/inApps/v1/notifications/test"),
        ]
        for (operation, operands, path) in cases {
            let result = try await mock.api(operation, operands + decide)
            #expect(result.status == 64, "\(operation): \(result.stdout.prefix(800))\(result.stderr)")
            #expect(
                result.stderr.contains("--rule, --require: \(operation) answers with "),
                "\(operation): \(result.stderr)")
            #expect(try mock.records(path: path).isEmpty, "\(operation): a request was sent")
            // The control: the same operation without rules is sent and answered.
            let sent = try await mock.api(operation, operands)
            #expect(sent.status == 0, "\(operation): \(sent.stdout.prefix(800))\(sent.stderr)")
            #expect(try mock.records(path: path).count == 1, "\(operation)")
        }
    }

    /// A directory given with --with is an input that cannot be read, said without verify's hint to add -r,
    /// an option api does not take.
    @Test func aDirectoryGivenWithWithIsNotToldToAddRecursive() async throws {
        let mock = try MockAppStoreAPI.require()
        let scratch = try ScratchDirectory()
        let result = try await mock.api(
            "get-transaction-info", [Scenario.renewal, "--combine", "--with", scratch.path, "--json"] + Self.proRule)
        let output = result.stdout + result.stderr
        #expect(result.status == 2, "\(output.prefix(1500))")
        #expect(output.contains("\(scratch.path) is a directory"), "\(output.prefix(1500))")
        #expect(!output.contains("--recursive"), "\(output.prefix(1500))")
    }
}
