import Foundation
import Testing

/// `verify --combine` through the binary: two customers' receipts are not one decision, and a re-sent
/// copy from before a refund does not outweigh the server's fresh history, in either order.
@Suite(.timeLimit(.minutes(10))) struct CombineCustomerTests {
    typealias Workspace = JWSSigningCommandTests.Workspace

    /// A receipt of the fixture app with one purchase, signed by the fixture PKI; returns its path.
    static func receipt(
        _ workspace: Workspace, name: String, originalVersion: String, product: String, transaction: String
    ) throws -> String {
        let spec = """
            {"receipt_type":"Production","app_item_id":1234567890,"bundle_id":"com.example.receiptcheck",
            "application_version":"1.2","opaque_value":"5f1e2d3c4b5a69788796a5b4c3d2e1f0",
            "receipt_creation_date":"2024-05-01T12:00:00Z","original_purchase_date":"2023-02-14T08:30:00Z",
            "original_application_version":"\(originalVersion)","in_app":[{"quantity":1,"product_id":"\(product)",
            "transaction_id":"\(transaction)","original_transaction_id":"\(transaction)",
            "purchase_date":"2023-03-01T10:00:00Z","original_purchase_date":"2023-03-01T10:00:00Z","product_type":1}]}
            """
        let specPath = workspace.path + "/\(name).json"
        try Data(spec.utf8).write(to: URL(fileURLWithPath: specPath))
        let output = workspace.path + "/\(name).receipt"
        let made = try CLI.run(["make-receipt", "--spec", specPath, "--pki", CLI.fixture("pki"), "-o", output])
        #expect(made.status == 0, "\(made.stderr)")
        return output
    }

    /// A format that answers per input (verifyreceipt's body) cannot show one decision over several:
    /// the format says so (`ReportFormat.answersPerInput`), and `--combine` refuses it before reading.
    @Test func aFormatThatAnswersPerInputIsRefused() throws {
        let result = try CLI.run([
            "verify", "--combine", "--format", "verifyreceipt", "--root", CLI.fixture("pki/root.pem"), "--bundle-id",
            "com.example.receiptcheck", CLI.fixture("valid.receipt"),
        ])
        #expect(result.status == 64, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "--combine makes one decision over several inputs; --format verifyreceipt answers per receipt"))
        #expect(result.stdout.isEmpty)
    }

    /// Receipt B (original version 37) and receipt A (which bought the add-on): nothing signed ties them.
    @Test func twoCustomersReceiptsGrantNothing() throws {
        let workspace = try Workspace()
        let b = try Self.receipt(
            workspace, name: "b", originalVersion: "37", product: "com.example.other", transaction: "5001")
        let a = try Self.receipt(
            workspace, name: "a", originalVersion: "50", product: "com.example.addon", transaction: "6001")
        let base = [
            "verify", "--combine", "--json", "--root", CLI.fixture("pki/root.pem"), "--bundle-id",
            "com.example.receiptcheck", "--now", "2024-05-01T13:00:00Z", "--rule",
            #"premium: original_application_version < 42 and product "com.example.addon""#, "--require", "premium",
        ]
        for order in [[b, a], [a, b]] {
            let result = try CLI.run(base + order)
            #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
            #expect(result.json?["reason"] as? String == "customer_mismatch", "\(result.stdout)")
        }
    }

    /// The README's `--combine --lines` recipe: the client's pre-refund copy of 7010 (signed 2026-09-01)
    /// beside the server's fresh history showing 7010 refunded is refunded, whichever line comes first.
    @Test func aPreRefundCopyDoesNotOutweighTheFreshHistory() throws {
        let workspace = try Workspace()
        let transaction = """
            {"transactionId":"7010","originalTransactionId":"7010","bundleId":"com.example.app",
            "productId":"com.example.pro","purchaseDate":"2026-08-15T00:00:00Z","type":"Non-Consumable",
            "environment":"Production","signedDate":"2026-09-01T00:00:00Z","appTransactionId":"705000000000001"
            """
        let stale = try workspace.sign(transaction + "}", name: "stale")
        let refunded =
            transaction.replacingOccurrences(of: "2026-09-01", with: "2026-11-20")
            + #","revocationDate":"2026-11-10T00:00:00Z","revocationReason":0}"#
        let history = try workspace.sign(
            #"{"bundleId":"com.example.app","environment":"Production","signedTransactions":[\#(refunded)]}"#,
            name: "history")
        let lines = try [stale, history].map { try String(contentsOfFile: $0, encoding: .utf8) }
            .map { $0.filter { $0 != "\n" } }
        let arguments = [
            "verify", "--combine", "--lines", "--json", "--root", workspace.root, "--bundle-id", "com.example.app",
            "--now", "2026-11-22T00:00:00Z", "--rule", #"pro: product "com.example.pro""#, "--require", "pro", "-",
        ]
        for order in [lines, lines.reversed()] {
            let result = try CLI.run(arguments, stdin: Data((order.joined(separator: "\n") + "\n").utf8))
            #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
            #expect(
                result.stdout.contains("every purchase of \\\"com.example.pro\\\" was refunded"), "\(result.stdout)")
        }
    }
}
