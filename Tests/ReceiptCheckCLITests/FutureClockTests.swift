import Foundation
import Testing

/// No example's result depends on today's date: the documentation's examples and the example scripts run
/// with the clock ten years ahead (libfaketime, Debian's `faketime`) and print and decide as today. A rule
/// on a purchase, for one, is unknown three days after the receipt was made unless the example says when
/// to judge it (`--now`). Without faketime these tests fail, never skip.
@Suite(.timeLimit(.minutes(10))) struct FutureClockTests {
    static let tenYears = "+3650d"

    /// Example scripts run here with their receipt-check argument; the paywall recipes run in
    /// docs/paywall.md's examples, so with every doc example below.
    static let scripts = ["examples/ci/check.sh", "examples/ci/storekit2/check.sh", "examples/backend/decide.sh"]
    /// Scripts that are not examples to run: sourced by the others, or a server (make test-endpoint).
    static let notRun: Set = ["examples/paywall/common.sh", "examples/verifyreceipt-endpoint/serve.sh"]

    /// The clock moves for receipt-check itself, not only for the shell: else every test below would pass
    /// on today's clock.
    @Test func theClockMovesForReceiptCheck() throws {
        let shell = try DocShell(clockOffset: Self.tenYears)
        let result = try shell.run(
            "receipt-check verify --root Fixtures/pki/root.pem --bundle-id com.example.receiptcheck "
                + "--rule 'premium: original_application_version < 42' Fixtures/valid.receipt | grep 'entitlements at'")
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        // 3,650 days are ten years but for the first days of January, where they are nine.
        let ahead = [year + 9, year + 10].map { "  entitlements at \($0)-" }
        #expect(ahead.contains { result.printed.hasPrefix($0) }, "\(result.printed)")
    }

    @Test(arguments: DocExampleTests.transcripts) func docExamplesPrintTheSameTenYearsAhead(
        _ transcript: DocTranscript
    ) throws {
        try transcript.run(clockOffset: Self.tenYears)
    }

    @Test(arguments: scripts) func exampleScriptPassesTenYearsAhead(_ script: String) throws {
        let shell = try DocShell(clockOffset: Self.tenYears)
        let result = try shell.run("\(script) receipt-check")
        #expect(result.status == 0, "\(script) exited \(result.status):\n\(result.printed)")
        // A decision left unknown by the receipt's age is a time bomb even where the status is the one
        // expected: it holds today only by accident, and breaks once a case needs what it cannot say.
        #expect(!result.printed.contains(" days old at "), "\(script) decides by today's date:\n\(result.printed)")
    }

    /// A new example script is run ahead too, here or by a doc example, or is named as not run.
    @Test func everyExampleScriptRunsAhead() throws {
        let root = CLI.packageRoot.appendingPathComponent("examples")
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        let found = Set(
            (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".sh") }.map { "examples/" + $0 })
        let docSteps = DocExampleTests.examples.flatMap(\.steps).map(\.command)
        let byDocs = found.filter { script in docSteps.contains { $0.hasPrefix(script + " ") } }
        #expect(found.count >= 6, "\(found)")
        #expect(found == Set(Self.scripts).union(Self.notRun).union(byDocs), "\(found)")
    }
}
