import Foundation
import ReceiptKit
import TestSupport
import Testing

@testable import ReceiptCheckCLI

/// `receipt-check serve` without a socket: its routes and every refusal, the bounded queue, the time limit,
/// where it may listen and its access log. (`make test-endpoint` runs it behind nginx, against the CGI path.)
struct ServiceTests {
    private static func configuration(_ options: [String] = [], maxSize: Int = 4096) throws -> ServiceConfiguration {
        let arguments = try CommandLineReader.parse(
            ArraySlice(["--socket", "/tmp/unused.sock", "--max-size", String(maxSize)] + options),
            for: ServeCommand.spec)
        return try ServiceConfiguration.load(arguments)
    }

    /// A request declaring `length` (default: the body's), or no length at all with `chunked` (read to its end).
    private static func request(
        _ method: String?, _ path: String?, _ body: [UInt8] = [], length: String? = nil, chunked: Bool = false
    ) -> ServiceRouter.Request {
        ServiceRouter.Request(
            method: method, path: path, contentLength: chunked ? nil : length ?? String(body.count),
            readBody: { Array(body.prefix($0)) })
    }

    private static func receiptBody() throws -> [UInt8] {
        let receipt = SharedData.corpus.appendingPathComponent("receipts/tpinapp-11.receipt")
        let bytes = try Data(contentsOf: receipt)
        return Array("{\"receipt-data\":\"\(bytes.base64EncodedString())\"}".utf8)
    }

    @Test func eachRouteAnswersItsStatus() throws {
        let router = ServiceRouter(configuration: try Self.configuration(), workers: 2, isStopping: false)
        let garbage = Array("not an input".utf8)
        let cases: [(ServiceRouter.Request, Int)] = [
            (Self.request("GET", "/nothing"), 404),
            (Self.request("POST", nil, garbage), 404),
            (Self.request("GET", "/verifyReceipt"), 405),
            (Self.request("GET", "/verify"), 405),
            (Self.request("POST", "/health", garbage), 405),
            (Self.request("POST", "/verify", garbage, length: "5000"), 413),
            (Self.request("POST", "/verify", [UInt8](repeating: 0x41, count: 9000), chunked: true), 413),
            (Self.request("POST", "/verifyReceipt", [UInt8](repeating: 0x41, count: 9000), chunked: true), 413),
            (Self.request("POST", "/verifyReceipt", garbage, length: "5000"), 413),
            (Self.request("POST", "/verify", garbage), 400),
            (Self.request("GET", "/health"), 200),
            (Self.request("HEAD", "/health"), 200),
        ]
        for (request, code) in cases {
            let answer = router.answer(request)
            #expect(answer.code == code, "\(request.method ?? "-") \(request.path ?? "-"): \(answer.body)")
            #expect(answer.text.hasPrefix("Status: \(code) "))
            #expect((try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))) != nil, "\(answer.body)")
        }
    }

    @Test func badInputIsRefusedWithTheCommandsReason() throws {
        let router = ServiceRouter(configuration: try Self.configuration(), workers: 1, isStopping: false)
        let answer = router.answer(Self.request("POST", "/verify", Array("not an input".utf8)))
        let verdict = try #require(
            try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
        #expect(answer.code == 400)
        #expect(verdict["status"] as? String == "malformed")
        #expect(answer.reason != nil && verdict["reason"] as? String == answer.reason)
    }

    @Test func aReceiptIsVerdictedWithTheRules() throws {
        let configuration = try Self.configuration(
            ["--bundle-id", "org.getpure.pure-iphone", "--rule", "premium: always"], maxSize: 1 << 20)
        let router = ServiceRouter(configuration: configuration, workers: 1, isStopping: false)
        let answer = router.answer(Self.request("POST", "/verify", try Self.receiptBody()))
        #expect(answer.code == 200, "\(answer.body)")
        #expect(answer.body.contains("\"premium\""), "the rules' decisions: \(answer.body)")
        #expect(answer.body.hasSuffix("}\n") && answer.body.filter { $0 == "\n" }.count == 1)
    }

    @Test func healthSaysReadyUntilTheServiceStops() throws {
        let configuration = try Self.configuration()
        let ready = ServiceRouter(configuration: configuration, workers: 3, isStopping: false)
            .answer(Self.request("GET", "/health"))
        let stopping = ServiceRouter(configuration: configuration, workers: 3, isStopping: true)
            .answer(Self.request("GET", "/health"))
        #expect(ready.code == 200 && ready.body.contains("\"ready\":true"))
        #expect(ready.body.contains("\"configuration\":\"\(configuration.digest)\""))
        #expect(stopping.code == 503 && stopping.body.contains("\"ready\":false"))
    }

    @Test func theDigestFollowsTheOptionsAndTheFilesTheyName() throws {
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("service-digest-\(getpid()).rules")
        defer { try? FileManager.default.removeItem(at: rules) }
        try "premium: always\n".write(to: rules, atomically: true, encoding: .utf8)
        let first = try Self.configuration(["--bundle-id", "a.b", "--rules", rules.path]).digest
        #expect(try Self.configuration(["--bundle-id", "a.b", "--rules", rules.path]).digest == first)
        try "premium: never\n".write(to: rules, atomically: true, encoding: .utf8)
        #expect(try Self.configuration(["--bundle-id", "a.b", "--rules", rules.path]).digest != first)
        #expect(try Self.configuration(["--bundle-id", "com.example.app"]).digest != first)
    }

    @Test func unavailableKeepsApplesBodyOnVerifyReceipt() {
        let apple = ServiceRouter.unavailable(path: "/verifyReceipt", "saturated")
        let other = ServiceRouter.unavailable(path: "/verify", "saturated")
        #expect(apple.code == 503 && apple.body == "{\"status\":21005}\n")
        #expect(other.code == 503 && other.body == "{\"error\":\"saturated\"}\n")
        #expect(apple.extraHeaders == "Retry-After: 1\r\n")
    }

    @Test func theQueueRefusesPastItsCapacityAndDrainsWhenClosed() {
        let queue = RequestQueue<Int>(capacity: 2)
        #expect(queue.push(1) && queue.push(2))
        #expect(!queue.push(3), "a full queue takes no more: the request is answered 503")
        #expect(queue.pop() == 1)
        #expect(queue.push(4))
        queue.close(workers: 1)
        #expect(!queue.push(5), "a closed queue takes no more")
        #expect(queue.pop() == 2 && queue.pop() == 4)
        #expect(queue.pop() == nil)
    }

    @Test func theTimeLimitRunsFromAcceptance() {
        #expect(Service.isWithinTimeLimit(since: 10, now: 10.125, limitMilliseconds: 250))
        #expect(Service.isWithinTimeLimit(since: 10, now: 10.25, limitMilliseconds: 250))
        #expect(!Service.isWithinTimeLimit(since: 10, now: 10.375, limitMilliseconds: 250))
    }

    @Test func itListensOnLoopbackOrAUnixSocketOnly() throws {
        func settings(_ options: [String]) throws -> ServeOptionTable.Settings {
            try ServeOptionTable.settings(
                try CommandLineReader.parse(ArraySlice(options), for: ServeCommand.spec), cores: 2)
        }
        #expect(try settings(["--listen", "127.0.0.1:9000"]).address == "127.0.0.1:9000")
        #expect(try settings(["--listen", "localhost:9000"]).address == "localhost:9000")
        #expect(
            try settings(["--socket", "/run/rc.sock"])
                == .init(address: "/run/rc.sock", workers: 2, queue: 128, timeoutMilliseconds: 5000))
        for refused in [
            ["--listen", "0.0.0.0:9000"], ["--listen", "10.0.0.1:9000"], ["--listen", "127.0.0.1:0"],
            ["--listen", "127.0.0.1"], ["--listen", "127.0.0.1:+80"], ["--listen", "example.com:80"],
            ["--listen", "127.0.0.1:80", "--socket", "/x"], [], ["--socket", "a:b"],
        ] {
            #expect(throws: UsageError.self, "\(refused)") { try settings(refused) }
        }
    }

    @Test func theAccessLogIsOneJSONLinePerRequest() throws {
        let line = AccessLog.line(
            AccessLog.Entry(
                method: "POST", route: "/ver\"ify\n", status: 400, reason: "unsupported_format", problem: nil,
                microseconds: 123),
            at: Date(timeIntervalSince1970: 0))
        #expect(line.hasSuffix("}\n") && line.filter { $0 == "\n" }.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["route"] as? String == "/ver\"ify\n")
        #expect(object["status"] as? Int == 400 && object["microseconds"] as? Int == 123)
        #expect(
            object["time"] as? String == "1970-01-01T00:00:00Z"
                || (object["time"] as? String)?.hasPrefix("1970") == true)
    }

    @Test func theCommandRefusesWhatItCannotServeBeforeListening() throws {
        let refusals: [([String], String)] = [
            (["serve"], "--socket PATH or --listen"),
            (["serve", "--listen", "0.0.0.0:9000"], "loopback"),
            (["serve", "--socket", "/tmp/x.sock", "--environment", "xcode"], "production or sandbox"),
            (["serve", "--socket", "/tmp/x.sock", "--rule", "premium: always"], "--bundle-id"),
            (["serve", "--socket", "/tmp/x.sock", "--json"], "--json"),
            (["serve", "--socket", "/tmp/x.sock", "receipt"], "no INPUT operands"),
        ]
        // Each refusal comes before the service listens, at once: a bound of seconds, so that a service that
        // listens instead fails here soon rather than after the default two minutes.
        let atOnce = 15.0
        for (arguments, said) in refusals {
            let result = try CLI.run(arguments, timeout: atOnce)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(said), "\(arguments): \(result.stderr)")
        }
        // A socket that cannot be made: exit 73, said, nothing served.
        let result = try CLI.run(["serve", "--socket", "/nonexistent-directory/receipt-check.sock"], timeout: atOnce)
        #expect(result.status == 73 && result.stderr.contains("cannot listen on"), "\(result.stderr)")
        // A file that is no socket is never replaced.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("service-not-a-socket-\(getpid())")
        defer { try? FileManager.default.removeItem(at: file) }
        try "kept\n".write(to: file, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["serve", "--socket", file.path], timeout: atOnce)
        #expect(refused.status == 73 && refused.stderr.contains("Address already in use"), "\(refused.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "kept\n")
    }
}
