import Foundation
import Testing

@Suite(.timeLimit(.minutes(10))) struct VerifyCommandTests {
    static let production = "receipts/tpinapp-11.receipt"

    @Test func productionReceiptIsValidAsText() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run([path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(": VALID"))
        #expect(result.stdout.contains("original version   434"))
        #expect(result.stderr.isEmpty)
    }

    @Test func productionReceiptAsJSON() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run(["verify", "--json", "--bundle-id", "org.getpure.pure-iphone", path])
        #expect(result.status == 0)
        let object = try #require(result.json)
        #expect(object["status"] as? String == "valid")
        let receipt = try #require(object["receipt"] as? [String: Any])
        #expect(receipt["original_application_version"] as? String == "434")
        #expect(receipt["receipt_creation_date"] as? String == "2024-02-23T17:27:16Z")
        #expect((receipt["in_app"] as? [Any])?.count == 4)
        let trust = try #require(object["trust"] as? [String: Any])
        #expect(trust["kind"] as? String == "apple")
        #expect(trust["time_source"] as? String == "receipt_creation_date")
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.contains { $0["name"] as? String == "bundle_id" && $0["passed"] as? Bool == true })
    }

    @Test func expiredAtNowExitsTwo() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run(["--at", "now", "--format=json", path])
        #expect(result.status == 2)
        #expect(result.json?["reason"] as? String == "certificate_expired")
    }

    @Test func wrongBundleExitsTwo() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run(["--bundle-id", "com.example.other", path])
        #expect(result.status == 2)
        #expect(result.stdout.contains("bundle_id_mismatch"))
    }

    @Test func xcodeReceiptNeedsTheStoreKitCertificate() throws {
        guard let path = CLI.corpusFile("receipts/apple-asslib-1.receipt"),
            let certificate = CLI.corpusFile("certs/StoreKitTestCertificate.cer")
        else { return }
        #expect(try CLI.run([path]).status == 2)
        let accepted = try CLI.run(["--json", "--storekit-test-cert", certificate, path])
        #expect(accepted.status == 0)
        #expect((accepted.json?["trust"] as? [String: Any])?["kind"] as? String == "storekit_testing")
    }

    @Test func standardInputTakesBase64() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let base64 = try Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedData(
            options: .lineLength76Characters)
        let result = try CLI.run(["--json", "-"], stdin: base64)
        #expect(result.status == 0)
        #expect(result.json?["format"] as? String == "base64")
        #expect(result.json?["input"] as? String == "-")
    }

    @Test func garbageExits65WithAnErrorLine() throws {
        let result = try CLI.run(["-"], stdin: Data("not a receipt, at all!".utf8))
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("receipt-check: error: -: not a receipt"))
        #expect(result.stdout.contains("MALFORMED (unsupported_format)"))
    }

    @Test func missingFileExits66() throws {
        let result = try CLI.run(["/nonexistent/receipt"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("cannot open /nonexistent/receipt"))
    }

    @Test func worstStatusWinsAcrossInputs() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        #expect(try CLI.run([path, "/nonexistent/receipt"]).status == 66)
        let mixed = try CLI.run(["--json", path, "-"], stdin: Data("junk".utf8))
        #expect(mixed.status == 65)
    }

    @Test(arguments: [
        ["--no-such-option", "x"],
        ["--environment", "staging", "x"],
        ["--at", "yesterday", "x"],
        ["--format", "yaml", "x"],
        [],
        ["--device-id", "zz", "x"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("receipt-check: error:"))
        #expect(result.stderr.contains("usage: receipt-check"))
        #expect(result.stdout.isEmpty)
    }

    @Test func helpGoesToStandardOutput() throws {
        let result = try CLI.run(["inspect", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: receipt-check inspect"))
        #expect(result.stdout.contains("--storekit-test-cert FILE"))
    }

    @Test func inspectShowsWhyAndExitsZero() throws {
        guard let path = CLI.corpusFile("receipts/appreceiptparser-1.receipt") else { return }
        let result = try CLI.run(["inspect", path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("FAIL marker_oids"))
        #expect(result.stdout.contains("undocumented attributes:"))
    }
}
