import Foundation
import ReceiptKit
import ReceiptStore
import Testing

@testable import ReceiptCheckCLI

/// `serve --store` without a socket: `POST /notifications` answers 200 only for what the store kept, 400 with
/// the reason for what fails verification (kept apart), 503 when the store cannot write; `GET /customers/ID`
/// only with the token.
@Suite(.timeLimit(.minutes(10))) struct NotificationServiceTests {
    static let token = "0123456789abcdef0123456789abcdef"

    static func router(_ workspace: NotificationWorkspace, _ extra: [String] = []) throws -> ServiceRouter {
        let tokenFile = try workspace.file("token", Array((token + "\n").utf8))
        let arguments = try CommandLineReader.parse(
            ArraySlice(
                ["--socket", "/tmp/unused.sock", "--store", workspace.store, "--customer-token", tokenFile]
                    + workspace.trust + [
                        "--rule", #"pro: subscription "pro.monthly" active"#, "--now", "2026-11-22T00:00:00Z",
                    ]
                    + extra),
            for: ServeCommand.spec)
        let store = try StoreOptionTable.open(arguments, create: true)
        return ServiceRouter(
            configuration: try ServiceConfiguration.load(arguments, store: store), workers: 1, isStopping: false)
    }

    static func post(_ router: ServiceRouter, _ body: [UInt8]) -> HTTPAnswer {
        router.answer(
            ServiceRouter.Request(
                method: "POST", path: "/notifications", contentLength: String(body.count),
                readBody: { Array(body.prefix($0)) }))
    }

    static func customer(_ router: ServiceRouter, _ id: String, authorization: String?) -> HTTPAnswer {
        router.answer(
            ServiceRouter.Request(
                method: "GET", path: "/customers/" + id, contentLength: nil, readBody: { _ in [] },
                authorization: authorization))
    }

    @Test func aNotificationIsKeptOnceAndAnswered200Again() throws {
        let workspace = try NotificationWorkspace()
        let router = try Self.router(workspace)
        let body = try workspace.notification(uuid: "0b9e7d51-1111-4222-8333-000000000001")
        let first = Self.post(router, body)
        let again = Self.post(router, body)
        #expect(first.code == 200 && first.body.contains("\"duplicate\":false"), "\(first.body)")
        #expect(again.code == 200 && again.body.contains("\"duplicate\":true"), "\(again.body)")
        let get = router.answer(
            ServiceRouter.Request(method: "GET", path: "/notifications", contentLength: nil, readBody: { _ in body }))
        #expect(get.code == 405, "\(get.body)")
        #expect(try router.configuration.intake?.store.counts() == StoreCounts(notifications: 1, quarantined: 0))
    }

    @Test func whatFailsVerificationIsRefusedWithItsReasonAndKeptApart() throws {
        let workspace = try NotificationWorkspace()
        let router = try Self.router(workspace, ["--environment", "production"])
        let stranger = try NotificationWorkspace()
        let cases: [([UInt8], String)] = [
            (try workspace.notification(bundle: "com.example.other"), "bundle_id_mismatch"),
            (try workspace.notification(environment: "Sandbox"), "environment_mismatch"),
            (try workspace.notification(signer: stranger.pki), "untrusted"),
            (Array("{\"signedPayload\":\"x.y.z\"}".utf8), "invalid_jws"),
        ]
        for (body, reason) in cases {
            let answer = Self.post(router, body)
            #expect(answer.code == 400, "\(answer.body)")
            #expect(
                answer.reason?.contains(reason) == true || answer.body.contains(reason), "\(reason): \(answer.body)")
        }
        #expect(
            try router.configuration.intake?.store.counts()
                == StoreCounts(notifications: 0, quarantined: cases.count))
    }

    @Test func theCustomerRouteNeedsTheToken() throws {
        let workspace = try NotificationWorkspace()
        let router = try Self.router(workspace)
        #expect(Self.post(router, try workspace.notification()).code == 200)
        #expect(Self.customer(router, "1001", authorization: nil).code == 401)
        #expect(Self.customer(router, "1001", authorization: "Bearer 0123456789abcdef").code == 401)
        #expect(Self.customer(router, "1001", authorization: "Basic " + Self.token).code == 401)
        #expect(Self.customer(router, "1001", authorization: "Bearer " + Self.token + "0").code == 401)
        let answer = Self.customer(router, "1001", authorization: "Bearer " + Self.token)
        #expect(answer.code == 200, "\(answer.body)")
        #expect(answer.body.contains("\"pro\""), "\(answer.body)")
        #expect(Self.customer(router, "9999", authorization: "Bearer " + Self.token).code == 404)
        #expect(Self.customer(router, "a%2Fb", authorization: "Bearer " + Self.token).code == 400)
    }

    @Test func withoutAStoreThereIsNoIntakeAndNoCustomer() throws {
        let arguments = try CommandLineReader.parse(
            ArraySlice(["--socket", "/tmp/unused.sock", "--bundle-id", "com.example.app"]), for: ServeCommand.spec)
        let router = ServiceRouter(
            configuration: try ServiceConfiguration.load(arguments), workers: 1, isStopping: false)
        #expect(Self.post(router, Array("{}".utf8)).code == 404)
        #expect(Self.customer(router, "1001", authorization: "Bearer " + Self.token).code == 404)
    }

    @Test func aShortTokenOrATokenWithoutAStoreIsRefused() throws {
        let workspace = try NotificationWorkspace()
        let short = try workspace.file("short", Array("0123456789\n".utf8))
        for options in [
            ["--store", workspace.store, "--customer-token", short],
            ["--customer-token", try workspace.file("token", Array((Self.token + "\n").utf8))],
        ] {
            let arguments = try CommandLineReader.parse(
                ArraySlice(["--socket", "/tmp/unused.sock"] + workspace.trust + options), for: ServeCommand.spec)
            #expect(throws: SetupError.self, "\(options)") {
                try ServiceConfiguration.load(arguments, store: try StoreOptionTable.open(arguments, create: true))
            }
        }
    }

    /// A revocation status that cannot be proven now (the responder does not answer) is no verdict: 503 so
    /// that Apple sends it again, nothing kept, nothing quarantined.
    @Test func aNotificationWithoutAVerdictNowIsAnswered503() throws {
        let port = try OCSPResponder.freePort()
        let workspace = try NotificationWorkspace(ocspURL: "http://127.0.0.1:\(port)")
        let router = try Self.router(workspace, ["--online-checks"])
        let answer = Self.post(router, try workspace.notification())
        #expect(answer.code == 503 && answer.extraHeaders == "Retry-After: 1\r\n", "\(answer.body)")
        #expect(try router.configuration.intake?.store.counts() == StoreCounts(notifications: 0, quarantined: 0))
    }

    @Test func aStoreThatCannotWriteAnswers503() throws {
        let answer = NotificationsRoute.answer(.failed(message: "the store cannot write: database or disk is full"))
        #expect(answer.code == 503 && answer.extraHeaders == "Retry-After: 1\r\n", "\(answer.body)")
        #expect(NotificationsRoute.answer(.retry(message: "later")).code == 503)
    }

    /// Red team: a forged refund (its signature broken), a replay of what was kept, the other app's and the
    /// other environment's refund, and one signed by another PKI never change what the customer is answered.
    @Test func nothingButAVerifiedNewNotificationChangesACustomer() throws {
        let workspace = try NotificationWorkspace()
        let router = try Self.router(workspace, ["--environment", "production"])
        let renewal = try workspace.notification(uuid: "renewal", signed: "2026-11-20T00:00:00Z")
        #expect(Self.post(router, renewal).code == 200)
        let before = Self.customer(router, "1001", authorization: "Bearer " + Self.token)
        #expect(before.code == 200 && before.body.contains("\"granted\":true"), "\(before.body)")
        let refund = #","revocationDate":"2026-11-21T00:00:00Z","revocationReason":0"#
        let genuine = String(
            decoding: try workspace.notification(
                uuid: "forged", type: "REFUND", signed: "2026-11-21T00:00:00Z", extra: refund), as: UTF8.self)
        var forged = Array(genuine.utf8)
        // A byte of the signature (the last segment, before the closing quote and brace) flipped.
        let at = forged.count - 6
        forged[at] = forged[at] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let stranger = try NotificationWorkspace()
        let attacks: [[UInt8]] = [
            forged, renewal,
            try workspace.notification(
                uuid: "other-app", type: "REFUND", signed: "2026-11-21T00:00:00Z", extra: refund,
                bundle: "com.example.other"),
            try workspace.notification(
                uuid: "sandbox", type: "REFUND", signed: "2026-11-21T00:00:00Z", extra: refund,
                environment: "Sandbox"),
            try workspace.notification(
                uuid: "stranger", type: "REFUND", signed: "2026-11-21T00:00:00Z", extra: refund,
                signer: stranger.pki),
        ]
        for attack in attacks {
            _ = Self.post(router, attack)
        }
        let after = Self.customer(router, "1001", authorization: "Bearer " + Self.token)
        #expect(after.body == before.body, "\(after.body)")
        #expect(try router.configuration.intake?.store.counts() == StoreCounts(notifications: 1, quarantined: 4))
        // The genuine refund does change it: the attacks were refused for what they were, not for being refunds.
        #expect(Self.post(router, Array(genuine.utf8)).code == 200)
        let refunded = Self.customer(router, "1001", authorization: "Bearer " + Self.token)
        #expect(refunded.body.contains("\"granted\":false"), "\(refunded.body)")
    }
}
