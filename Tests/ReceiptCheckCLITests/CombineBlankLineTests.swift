import Foundation
import Testing

/// `verify --combine --lines` skips lines of only whitespace: the storekit2 guide's recipe pipes saved
/// JWS files, which end in a newline, with `echo` between them, and neither newline is an input.
@Suite(.timeLimit(.minutes(10))) struct CombineBlankLineTests {
    typealias Workspace = JWSSigningCommandTests.Workspace

    /// A transaction the app sent and the server's history holding it: one customer, `pro` granted.
    static func inputs(_ workspace: Workspace) throws -> (transaction: String, history: String) {
        let transaction = """
            {"transactionId":"7020","originalTransactionId":"7020","bundleId":"com.example.app",
            "productId":"com.example.pro","purchaseDate":"2026-08-15T00:00:00Z","type":"Non-Consumable",
            "environment":"Production","signedDate":"2026-09-01T00:00:00Z","appTransactionId":"705000000000002"}
            """
        let signed = try workspace.sign(transaction, name: "transaction")
        let history = try workspace.sign(
            #"{"bundleId":"com.example.app","environment":"Production","signedTransactions":[\#(transaction)]}"#,
            name: "history")
        // Each as saved: one line and its newline.
        let lines = try [signed, history].map {
            try String(contentsOfFile: $0, encoding: .utf8).filter { $0 != "\n" } + "\n"
        }
        return (lines[0], lines[1])
    }

    static func combine(_ workspace: Workspace, _ stdin: String) throws -> CLI.Result {
        try CLI.run(
            [
                "verify", "--combine", "--lines", "--json", "--root", workspace.root, "--bundle-id", "com.example.app",
                "--now", "2026-09-02T00:00:00Z", "--rule", #"pro: product "com.example.pro""#, "--require", "pro",
            ], stdin: Data(stdin.utf8))
    }

    /// `{ cat transaction.jws; echo; cat history.json; echo; }`, blank lines between, CR LF line ends and lines
    /// of spaces and tabs: two inputs, one decision, `pro` granted, each input named by its own line.
    @Test func blankLinesAreNotInputs() throws {
        let workspace = try Workspace()
        let (transaction, history) = try Self.inputs(workspace)
        let crlf = { (line: String) in line.replacingOccurrences(of: "\n", with: "\r\n") }
        let cases: [(String, [String])] = [
            (transaction + "\n" + history + "\n", ["-:1", "-:3"]),
            ("\n\n" + transaction + "\n   \n\t\n" + history, ["-:3", "-:7"]),
            (crlf(transaction) + "\r\n" + crlf(history) + "\r\n", ["-:1", "-:3"]),
            (transaction + " \t \r\n" + history + "    \n", ["-:1", "-:3"]),
        ]
        for (stdin, names) in cases {
            let result = try Self.combine(workspace, stdin)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.json?["input"] as? String == "combined")
            let inputs = result.json?["inputs"] as? [[String: Any]] ?? []
            #expect(inputs.map { $0["input"] as? String } == names, "\(result.stdout)")
            let entitlements = result.json?["entitlements"] as? [[String: Any]] ?? []
            #expect(entitlements.first?["granted"] as? Bool == true, "\(result.stdout)")
        }
    }

    /// The blank lines skipped are counted on standard error, beside the inputs combined; none, no line.
    @Test func skippedBlankLinesAreCounted() throws {
        let workspace = try Workspace()
        let (transaction, history) = try Self.inputs(workspace)
        let skipped = try Self.combine(workspace, "\n" + transaction + "  \n\t\n" + history)
        #expect(skipped.status == 0, "\(skipped.stdout)\(skipped.stderr)")
        #expect(skipped.stderr == "receipt-check: 2 inputs combined, 3 blank lines skipped\n", "\(skipped.stderr)")
        let none = try Self.combine(workspace, transaction + history)
        #expect(none.status == 0 && none.stderr.isEmpty, "\(none.stderr)")
    }

    /// Only blank lines: no input, a usage error that says what was skipped, not a refusal of the customer.
    @Test func onlyBlankLinesAreNoInput() throws {
        let workspace = try Workspace()
        let result = try Self.combine(workspace, "\n  \r\n\t\n")
        #expect(result.status == 64, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains("--combine needs at least one input (3 blank lines skipped)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// A plain batch skips blank lines too, and its summary counts them; each verdict names its own line
    /// (docs/batch-and-scale.md).
    @Test func aPlainBatchSkipsBlankLinesAndCountsThem() throws {
        let workspace = try Workspace()
        let (transaction, _) = try Self.inputs(workspace)
        let result = try CLI.run(
            ["verify", "--lines", "--format", "ndjson", "--root", workspace.root, "-"],
            stdin: Data(("  \n" + transaction).utf8))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stdout)")
        #expect(lines.first?.contains(#""input":"-:2""#) == true, "\(result.stdout)")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("; 1 blank line skipped\n"), "\(result.stderr)")
        let only = try CLI.run(
            ["verify", "--lines", "--format", "ndjson", "--root", workspace.root, "-"], stdin: Data("\n\t\n".utf8))
        #expect(only.status == 0 && only.stdout.isEmpty, "\(only.stdout)\(only.stderr)")
        #expect(only.stderr.hasSuffix("0 inputs in 0.00 s (0 receipts/s); 2 blank lines skipped\n"), "\(only.stderr)")
    }
}
