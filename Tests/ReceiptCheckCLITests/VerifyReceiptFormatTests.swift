import Foundation
import Testing

/// `--format verifyreceipt` and `verify --cgi`: statuses, request bodies, batches, options, and the
/// CGI answers a web server relays.
@Suite struct VerifyReceiptFormatTests {
    static func exchange(_ name: String, _ file: String = "request.json") -> String {
        VerifyReceiptExchanges.directory.appendingPathComponent(name).appendingPathComponent(file).path
    }

    static let nonsub = exchange("linjunpop-griddiary-sandbox-nonsub")
    static let production = exchange("linjunpop-griddiary-production-excl-old-false", "receipt.der")

    static func body(_ result: CLI.Result) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
    }

    @Test func anotherAppsReceiptIsNeverStatusZero() throws {
        guard !VerifyReceiptExchanges.all().isEmpty else { return }
        let other = try CLI.run([
            "verify", "--format", "verifyreceipt", "--bundle-id", "com.example.other", Self.nonsub,
        ])
        #expect(other.stdout == "{\"status\":21003}\n")
        #expect(other.status == 2)
        let same = try CLI.run(
            ["verify", "--format", "verifyreceipt", "--bundle-id", "com.sumiapp.GridDiary", Self.nonsub])
        #expect(Self.body(same)["status"] as? Int == 0)
        #expect(same.status == 0)
    }

    @Test func aSignatureThatDoesNotVerifyIs21003() throws {
        let result = try CLI.run([
            "verify", "--format", "verifyreceipt", "--root", CLI.fixture("pki/root.pem"),
            CLI.fixture("tampered-signature.receipt"),
        ])
        #expect(result.stdout == "{\"status\":21003}\n")
        #expect(result.status == 2)
    }

    /// A StoreKit Testing receipt verifies against the certificate given, but Apple's endpoint never
    /// answered 0 for one: the body says 21003 while the exit status stays verify's.
    @Test func anXcodeReceiptIsNotAnAppStoreAnswer() throws {
        guard let receipt = CLI.corpusFile("receipts/apple-asslib-1.receipt"),
            let certificate = CLI.corpusFile("certs/StoreKitTestCertificate.cer")
        else { return }
        let result = try CLI.run([
            "verify", "--format", "verifyreceipt", "--storekit-test-cert", certificate, receipt,
        ])
        #expect(result.stdout == "{\"status\":21003}\n")
        #expect(result.status == 0)
    }

    @Test func aStoreKit2JWSIsNoReceipt() throws {
        guard let corpus = CLI.corpusFile("jws/apple-signed") else { return }
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".jws") }.sorted()
        let first = try #require(files.first)
        let result = try CLI.run(["verify", "--format", "verifyreceipt", corpus + "/" + first])
        #expect(result.stdout == "{\"status\":21002}\n")
    }

    /// 21000 for a body Apple could not read, 21002 for one without a receipt in it.
    @Test(arguments: [
        ("{\"receipt-data\": ", 21000, Int32(65)),
        ("{\"receipt-data\":\"MIIB\",\"exclude-old-transactions\":\"yes\"}", 21000, Int32(65)),
        ("{\"password\":\"secret\"}", 21002, Int32(65)),
        ("{\"receipt-data\":\"foobar\"}", 21002, Int32(65)),
        ("", 21002, Int32(65)),
    ])
    func requestBodiesAreAnsweredAsApplesWere(_ text: String, _ status: Int, _ exit: Int32) throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.write("body.json", Array(text.utf8))
        let result = try CLI.run(["verify", "--format", "verifyreceipt", file])
        #expect(result.stdout == "{\"status\":\(status)}\n")
        #expect(result.status == exit)
    }

    /// With `"exclude-old-transactions": true` only the latest renewal of the subscription stays;
    /// `latest_receipt` is the receipt sent.
    @Test func excludeOldTransactionsKeepsTheLatestRenewal() throws {
        guard !VerifyReceiptExchanges.all().isEmpty else { return }
        let receipt = try Data(contentsOf: URL(fileURLWithPath: Self.production))
        let scratch = try ScratchDirectory()
        var transactions: [Bool: [String]] = [:]
        for exclude in [false, true] {
            let body =
                "{\"receipt-data\":\"\(receipt.base64EncodedString())\",\"password\":\"ignored\","
                + "\"exclude-old-transactions\":\(exclude)}"
            let file = try scratch.write("\(exclude).json", Array(body.utf8))
            let result = try CLI.run(["verify", "--format", "verifyreceipt", file])
            let json = Self.body(result)
            #expect(json["latest_receipt"] as? String == receipt.base64EncodedString())
            let latest = json["latest_receipt_info"] as? [[String: Any]] ?? []
            transactions[exclude] = latest.compactMap { $0["transaction_id"] as? String }
        }
        #expect(transactions[false] == ["110000267199044", "110000275907901", "110000284493242"])
        #expect(transactions[true] == ["110000284493242"])
    }

    /// Apple's replies hold `latest_receipt_info` and `latest_receipt` when the request carried the shared
    /// secret, also for a receipt without subscriptions (GridDiary's sandbox receipt holds a restored
    /// non-consumable, `pro`), and neither without it, also for a receipt of subscriptions.
    @Test func theSharedSecretDecidesLatestReceiptInfo() throws {
        guard !VerifyReceiptExchanges.all().isEmpty else { return }
        let scratch = try ScratchDirectory()
        let receipts = [
            "nonsub": try Data(
                contentsOf: URL(fileURLWithPath: Self.exchange("linjunpop-griddiary-sandbox-nonsub", "receipt.der"))),
            "subscriptions": try Data(contentsOf: URL(fileURLWithPath: Self.production)),
        ]
        for (name, receipt) in receipts {
            for password in [nil, "", "secret"] {
                let member = password.map { ",\"password\":\"\($0)\"" } ?? ""
                let body = "{\"receipt-data\":\"\(receipt.base64EncodedString())\"\(member)}"
                let file = try scratch.write("\(name)-\(password ?? "none").json", Array(body.utf8))
                let json = Self.body(try CLI.run(["verify", "--format", "verifyreceipt", file]))
                #expect(json["status"] as? Int == 0)
                let sent = password == "secret"
                #expect((json["latest_receipt_info"] != nil) == sent, "\(name), password \(password ?? "none")")
                #expect((json["latest_receipt"] != nil) == sent, "\(name), password \(password ?? "none")")
                if sent, name == "nonsub" {
                    let products = (json["latest_receipt_info"] as? [[String: Any]])?.compactMap {
                        $0["product_id"] as? String
                    }
                    #expect(products == ["com.sumiapp.GridDiary.pro", "com.sumiapp.griddiary.test"])
                }
            }
        }
        // A receipt given bare, not as a request body, is answered as a server asks: with its secret.
        let bare = Self.body(
            try CLI.run([
                "verify", "--format", "verifyreceipt",
                Self.exchange("linjunpop-griddiary-sandbox-nonsub", "receipt.der"),
            ]))
        #expect(bare["latest_receipt_info"] != nil && bare["latest_receipt"] != nil)
    }

    @Test func linesPrintOneBodyALine() throws {
        guard !VerifyReceiptExchanges.all().isEmpty else { return }
        let lines = [
            try Data(contentsOf: URL(fileURLWithPath: Self.production)).base64EncodedString(),
            try Data(
                contentsOf: URL(fileURLWithPath: Self.exchange("linjunpop-griddiary-sandbox-nonsub", "receipt.der"))
            )
            .base64EncodedString(),
            "foobar",
        ]
        let result = try CLI.run(
            ["verify", "--format", "verifyreceipt", "--lines", "--environment", "production", "--quiet", "-j", "2"],
            stdin: Data(lines.joined(separator: "\n").utf8))
        let statuses = result.stdout.split(separator: "\n").map { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["status"] as? Int
        }
        #expect(statuses == [0, 21007, 21002])
        #expect(result.status == 65)
    }

    @Test(arguments: [
        ["verify", "--format", "verifyreceipt", "--json", "x"],
        ["verify", "--format", "verifyreceipt", "--environment", "xcode", "x"],
        ["verify", "--cgi", "x"],
        ["verify", "--cgi", "--format", "json"],
        ["verify", "--cgi", "--lines"],
        ["verify", "--cgi", "--require", "pro"],
        ["verify", "--cgi", "--combine", "--bundle-id", "com.example.app"],
        ["verify", "--combine", "--bundle-id", "com.example.app", "--format", "verifyreceipt", "x"],
        ["verify", "--format", "verifyreceipt", "--bundle-id", "com.example.app", "--rule", "p: product \"a\"", "x"],
        ["verify", "--cgi", "--json"],
    ])
    func contradictoryOptionsAreUsageErrors(_ arguments: [String]) throws {
        let result = try CLI.run(arguments, stdin: Data())
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("usage:"))
    }

    // MARK: - CGI

    /// Runs `verify --cgi` as a web server would, and splits its answer into status line, headers and body.
    static func cgi(
        _ options: [String], method: String, body: [UInt8], length: String?
    ) throws -> (status: String, headers: [String], body: String, log: String) {
        var environment = ["PATH": "/usr/bin:/bin", "REQUEST_METHOD": method]
        environment["CONTENT_LENGTH"] = length
        let result = try CLI.run(
            CLI.executable, ["verify", "--cgi"] + options, stdin: Data(body), environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let parts = result.stdout.components(separatedBy: "\r\n\r\n")
        let headers = parts.first?.components(separatedBy: "\r\n") ?? []
        return (headers.first ?? "", Array(headers.dropFirst()), parts.dropFirst().joined(), result.stderr)
    }

    static func withoutRequestDate(_ text: String) -> NSDictionary {
        var json = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
        if var receipt = json["receipt"] as? [String: Any] {
            for key in ["request_date", "request_date_ms", "request_date_pst"] {
                receipt[key] = nil
            }
            json["receipt"] = receipt
        }
        return json as NSDictionary
    }

    /// The body the CLI prints for the same request, relayed with HTTP 200 and a JSON content type;
    /// a chunked request (no CONTENT_LENGTH) is read to its end.
    @Test(arguments: [true, false])
    func cgiAnswersWhatTheCLIPrints(declaresLength: Bool) throws {
        guard !VerifyReceiptExchanges.all().isEmpty else { return }
        for name in [
            "linjunpop-griddiary-production-excl-old-true", "linjunpop-status-21007-sandbox-receipt-to-production",
        ] {
            let file = Self.exchange(name)
            let request = try Array(Data(contentsOf: URL(fileURLWithPath: file)))
            let options = ["--environment", "production"]
            let answer = try Self.cgi(
                options, method: "POST", body: request, length: declaresLength ? String(request.count) : nil)
            let cli = try CLI.run(["verify", "--format", "verifyreceipt"] + options + [file])
            #expect(answer.status == "Status: 200 OK")
            #expect(answer.headers.contains("Content-Type: application/json"))
            #expect(Self.withoutRequestDate(answer.body) == Self.withoutRequestDate(cli.stdout))
            #expect(!answer.body.isEmpty)
        }
    }

    @Test func cgiRefusesOtherMethodsAndLargeBodies() throws {
        let get = try Self.cgi([], method: "GET", body: [], length: nil)
        #expect(get.status == "Status: 405 Method Not Allowed")
        #expect(get.headers.contains("Allow: POST"))
        #expect(get.body == "{\"status\":21000}\n")
        // 149 bytes: over the limit of 100, under twice it, so only an exact comparison refuses it.
        let body = Array("{\"receipt-data\":\"\(String(repeating: "A", count: 130))\"}".utf8)
        let declared = try Self.cgi(["--max-size", "100"], method: "POST", body: body, length: String(body.count))
        #expect(declared.status == "Status: 413 Payload Too Large")
        // Refused from CONTENT_LENGTH, before a byte of the body is read.
        #expect(declared.log.contains("a request body of \(body.count) bytes"), "\(declared.log)")
        let chunked = try Self.cgi(["--max-size", "100"], method: "POST", body: body, length: nil)
        #expect(chunked.status == "Status: 413 Payload Too Large")
        let malformed = try Self.cgi([], method: "POST", body: Array("MIIB".utf8), length: "4")
        #expect(malformed.status == "Status: 200 OK")
        #expect(malformed.body == "{\"status\":21000}\n")
    }

    /// The endpoint's `--bundle-id` holds for every request: another app's receipt is 21003.
    @Test func cgiNeverPresentsAnotherAppsReceiptAsValid() throws {
        guard !VerifyReceiptExchanges.all().isEmpty else { return }
        let request = try Array(Data(contentsOf: URL(fileURLWithPath: Self.nonsub)))
        let answer = try Self.cgi(
            ["--bundle-id", "com.example.other"], method: "POST", body: request, length: String(request.count))
        #expect(answer.body == "{\"status\":21003}\n")
    }

    /// A StatusResponse's `data` beside `receipt-data` is a second input, never verified: 21002 and why,
    /// not the receipt's 0.
    @Test func cgiRefusesAStatusResponseBesideTheReceipt() throws {
        guard !VerifyReceiptExchanges.all().isEmpty else { return }
        let request = try String(contentsOfFile: Self.nonsub, encoding: .utf8)
        let smuggled = Array(
            request.replacingOccurrences(
                of: "{\"receipt-data\"",
                with: #"{"data":[{"lastTransactions":[{"signedTransactionInfo":"e.e.e"}]}],"receipt-data""#
            ).utf8)
        #expect(smuggled.count > request.utf8.count)
        let answer = try Self.cgi([], method: "POST", body: smuggled, length: String(smuggled.count))
        #expect(answer.body == "{\"status\":21002}\n")
        #expect(answer.log.contains("\"receipt-data\" and \"data\""), "\(answer.log)")
    }

    // MARK: - Schema

    /// schema/verifyreceipt.schema.json describes every body: the exchanges', the corpus receipts' and errors.
    @Test func everyBodyMatchesTheSchema() throws {
        let exchanges = VerifyReceiptExchanges.all()
        guard !exchanges.isEmpty, let python = ReportSchemaTests.python(), CLI.corpusFile("MANIFEST.json") != nil
        else { return }
        let scratch = try ScratchDirectory()
        var files: [String] = []
        var count = 0
        for exchange in exchanges {
            let environment = exchange.environment.map { ["--environment", $0] } ?? []
            let result = try CLI.run(["verify", "--format", "verifyreceipt", "-q"] + environment + [exchange.input])
            files.append(try scratch.write(exchange.name + ".json", Array(result.stdout.utf8)))
            count += 1
        }
        let corpus = try CLI.run([
            "verify", "--format", "verifyreceipt", "-q", "-r", CLI.corpus.appendingPathComponent("receipts").path,
        ])
        files.append(try scratch.write("corpus.ndjson", Array(corpus.stdout.utf8)))
        count += corpus.stdout.split(separator: "\n").count
        let schema = CLI.packageRoot.appendingPathComponent("schema/verifyreceipt.schema.json").path
        let script = CLI.packageRoot.appendingPathComponent("Scripts/validate-reports.py").path
        let result = try CLI.run(URL(fileURLWithPath: python), [script, schema] + files, stdin: nil)
        #expect(result.status == 0, "\(result.stdout.prefix(3000))\(result.stderr)")
        #expect(
            result.stdout.contains("validate-reports: \(count) reports, 0 problems"), "\(result.stdout.suffix(300))")
    }
}
