import Foundation
import ReceiptKit
import TestSupport
import Testing

/// Apple's own client as the peer of `receipt-check api`: for every operation of PyPI
/// app-store-server-library 3.1.2's `AppStoreServerAPIClient`, Apple's client (Scripts/api-peer.py) and
/// receipt-check make the same call against the same mock App Store Server API, which records both
/// requests; they must agree in method, path, query (byte for byte), body (as JSON), content type, JWT
/// header, and JWT claims except the times, with the same token lifetime.
///
/// One difference is Apple's library's, and the comparison names it: its token has no `iat` (PyJWT adds
/// none), so its lifetime is `exp` less the second the mock received it; receipt-check's is `exp - iat`.
@Suite(.mockAppStoreAPI, .serialized, .timeLimit(.minutes(10))) struct AppStoreAPIPeerConformanceTests {
    /// One call: the operation, receipt-check's arguments after the credentials, the peer's arguments
    /// (Apple's names, Scripts/api-peer.py), and a request body both send when the operation takes one;
    /// `flags`, receipt-check's flags that make the same body, run as a second call of receipt-check.
    struct Case {
        let operation: String
        let arguments: [String]
        var peer: [String: Any] = [:]
        var body: String?
        var flags: [String]?
    }

    static let customer = MockAppStoreAPI.Scenario.customer
    static let requestIdentifier = "fdf964a4-233b-486c-aac1-97d8d52688ac"
    static let image = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d"
    static let message = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5e"
    static let token = "ce3af791-365e-4c60-841b-1674b43c1609_1698148900000"
    static let appAccountToken = "7389a31a-fb6d-4569-a2a6-db7d85d84813"

    /// Every operation of Apple's client, each with the arguments it takes (all of a query's filters once).
    static var cases: [Case] {
        [
            Case(
                operation: "get-transaction-history",
                arguments: [
                    customer, "--start-date", "1700000000000", "--end-date", "1900000000000", "--product-id",
                    "pro.monthly", "--product-id", "pro.year", "--product-type", "AUTO_RENEWABLE", "--product-type",
                    "CONSUMABLE", "--sort", "DESCENDING", "--subscription-group-id", "21000001",
                    "--ownership-type", "PURCHASED", "--revoked", "false",
                ],
                peer: [
                    "transactionId": customer, "startDate": 1_700_000_000_000, "endDate": 1_900_000_000_000,
                    "productIds": ["pro.monthly", "pro.year"], "productTypes": ["AUTO_RENEWABLE", "CONSUMABLE"],
                    "sort": "DESCENDING", "subscriptionGroupIdentifiers": ["21000001"],
                    "inAppOwnershipType": "PURCHASED", "revoked": false,
                ]),
            Case(
                operation: "get-transaction-history", arguments: [customer, "--revision", "revision-1"],
                peer: ["transactionId": customer, "revision": "revision-1"]),
            Case(operation: "get-transaction-info", arguments: [customer], peer: ["transactionId": customer]),
            Case(
                operation: "get-all-subscription-statuses", arguments: [customer, "--status", "1", "--status", "4"],
                peer: ["transactionId": customer, "status": [1, 4]]),
            Case(operation: "get-app-transaction-info", arguments: [customer], peer: ["transactionId": customer]),
            Case(operation: "look-up-order-id", arguments: ["MQ7ZXZ9Z4W"], peer: ["orderId": "MQ7ZXZ9Z4W"]),
            Case(
                operation: "get-refund-history", arguments: [customer, "--revision", "refunds-1"],
                peer: ["transactionId": customer, "revision": "refunds-1"]),
            Case(
                operation: "get-notification-history", arguments: ["--pagination-token", "notifications-1"],
                peer: ["paginationToken": "notifications-1"],
                body: """
                    {"startDate":1700000000000,"endDate":1900000000000,"notificationType":"SUBSCRIBED",
                    "notificationSubtype":"INITIAL_BUY","transactionId":"\(customer)","onlyFailures":true}
                    """,
                flags: [
                    "--start-date", "1700000000000", "--end-date", "1900000000000", "--notification-type", "SUBSCRIBED",
                    "--notification-subtype", "INITIAL_BUY", "--transaction-id", customer, "--only-failures",
                ]),
            Case(operation: "request-test-notification", arguments: []),
            Case(
                operation: "get-test-notification-status", arguments: [token], peer: ["testNotificationToken": token]),
            Case(
                operation: "send-consumption-information", arguments: [customer], peer: ["transactionId": customer],
                body: """
                    {"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":"DELIVERED",
                    "consumptionPercentage":50000,"refundPreference":"DECLINE"}
                    """),
            Case(
                operation: "send-consumption-data", arguments: [customer], peer: ["transactionId": customer],
                body: """
                    {"customerConsented":true,"consumptionStatus":1,"platform":1,"sampleContentProvided":false,
                    "deliveryStatus":0,"appAccountToken":"\(appAccountToken)","accountTenure":2,"playTime":3,
                    "lifetimeDollarsRefunded":1,"lifetimeDollarsPurchased":4,"userStatus":1,"refundPreference":2}
                    """),
            Case(
                operation: "extend-subscription-renewal-date", arguments: [customer],
                peer: ["originalTransactionId": customer],
                body: #"{"extendByDays":30,"extendReasonCode":1,"requestIdentifier":"\#(requestIdentifier)"}"#,
                flags: [
                    "--extend-by-days", "30", "--extend-reason-code", "1", "--request-identifier", requestIdentifier,
                ]),
            Case(
                operation: "extend-renewal-date-for-all-active-subscribers", arguments: [],
                body: """
                    {"extendByDays":30,"extendReasonCode":1,"requestIdentifier":"\(requestIdentifier)",
                    "storefrontCountryCodes":["USA","MEX"],"productId":"pro.monthly"}
                    """,
                flags: [
                    "--extend-by-days", "30", "--extend-reason-code", "1", "--request-identifier", requestIdentifier,
                    "--storefront-country-code", "USA", "--storefront-country-code", "MEX", "--product-id",
                    "pro.monthly",
                ]),
            Case(
                operation: "get-status-of-subscription-renewal-date-extensions",
                arguments: [requestIdentifier, "pro.monthly"],
                peer: ["requestIdentifier": requestIdentifier, "productId": "pro.monthly"]),
            Case(
                operation: "set-app-account-token", arguments: [customer], peer: ["originalTransactionId": customer],
                body: #"{"appAccountToken":"\#(appAccountToken)"}"#, flags: ["--app-account-token", appAccountToken]),
            Case(operation: "finish-transaction", arguments: [customer], peer: ["transactionId": customer]),
            Case(
                operation: "upload-image", arguments: [image, "--image-size", "FULL_SIZE"],
                peer: ["imageIdentifier": image, "imageSize": "FULL_SIZE"]),
            Case(operation: "delete-image", arguments: [image], peer: ["imageIdentifier": image]),
            Case(operation: "get-image-list", arguments: []),
            Case(
                operation: "upload-message", arguments: [message], peer: ["messageIdentifier": message],
                body: """
                    {"header":"Stay with us","body":"Your plan keeps every feature.",
                    "image":{"imageIdentifier":"\(image)","altText":"A bird"}}
                    """),
            Case(operation: "delete-message", arguments: [message], peer: ["messageIdentifier": message]),
            Case(operation: "get-message-list", arguments: []),
            Case(
                operation: "configure-default-message", arguments: ["pro.monthly", "en-US"],
                peer: ["productId": "pro.monthly", "locale": "en-US"], body: #"{"messageIdentifier":"\#(message)"}"#,
                flags: ["--message-id", message]),
            Case(
                operation: "delete-default-message", arguments: ["pro.monthly", "en-US"],
                peer: ["productId": "pro.monthly", "locale": "en-US"]),
            Case(
                operation: "get-default-message", arguments: ["pro.monthly", "en-US"],
                peer: ["productId": "pro.monthly", "locale": "en-US"]),
            Case(
                operation: "configure-realtime-url", arguments: [],
                body: #"{"realtimeURL":"https://example.com/realtime"}"#,
                flags: ["--realtime-url", "https://example.com/realtime"]),
            Case(operation: "delete-realtime-url", arguments: []),
            Case(operation: "get-realtime-url", arguments: []),
            Case(
                operation: "initiate-performance-test", arguments: [],
                body: #"{"originalTransactionId":"\#(customer)"}"#),
            Case(
                operation: "get-performance-test-results", arguments: ["b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e"],
                peer: ["requestId": "b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e"]),
        ]
    }

    @Test func everyOperationSendsWhatApplesClientSends() async throws {
        let mock = try MockAppStoreAPI.require()
        guard let python = ReportSchemaTests.python() else { return }
        let scratch = mock.scratch
        // A PNG's signature and a few bytes: the mock checks the signature and the media type.
        let png = try scratch.write("image.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4])
        var operations: [[String: Any]] = []
        var bodies: [String?] = []
        for (index, entry) in Self.cases.enumerated() {
            var peer = entry.peer
            var body: String?
            if let text = entry.body {
                peer["body"] = try JSONSerialization.jsonObject(with: Data(text.utf8))
                body = try scratch.write("body-\(index).json", Array(text.utf8))
            }
            if entry.operation == "upload-image" {
                peer["file"] = png
                body = png
            }
            bodies.append(body)
            operations.append(["operation": entry.operation, "arguments": peer])
        }
        let casesFile = try scratch.write(
            "peer-cases.json",
            Array(
                try JSONSerialization.data(
                    withJSONObject: [
                        "baseUrl": mock.baseURL, "caFile": mock.caFile, "key": mock.key,
                        "keyId": MockAppStoreAPI.keyID, "issuerId": MockAppStoreAPI.issuerID,
                        "bundleId": MockAppStoreAPI.bundleID, "environment": "Production", "operations": operations,
                    ], options: [.sortedKeys])))

        let before = try mock.records().count
        let script = CLI.packageRoot.appendingPathComponent("Scripts/api-peer.py").path
        let peer = try await MockAppStoreAPI.offPool {
            try CLI.run(URL(fileURLWithPath: python), [script, casesFile], stdin: nil)
        }
        #expect(peer.status == 0, "\(peer.stdout)\(peer.stderr)")
        let answer = try #require(peer.json, "\(peer.stdout)\(peer.stderr)")
        let outcomes = try #require(answer["results"] as? [[String: Any]])
        #expect(outcomes.count == Self.cases.count)
        for outcome in outcomes {
            #expect(outcome["outcome"] as? String == "ok", "Apple's client: \(outcome)")
        }
        // The table covers Apple's client: every call the peer knows is a row here...
        let known = Set(try #require(answer["operations"] as? [String]))
        #expect(known == Set(Self.cases.map(\.operation)), "operations of Apple's client not in the table")
        // ... and so is every operation receipt-check knows, but the Advanced Commerce calls, which Apple's
        // client 3.1.2 lacks (its models are compared in AdvancedCommercePeerConformanceTests).
        #expect(
            Set(AppStoreServerAPIOperation.allCases.filter { !$0.isAdvancedCommerce }.map(\.rawValue))
                == Set(Self.cases.map(\.operation)))
        let peerRecords = Array(try mock.records().dropFirst(before))
        try #require(peerRecords.count == Self.cases.count, "\(peerRecords.map { $0["path"] ?? "" })")

        for (index, entry) in Self.cases.enumerated() {
            var runs: [(String, [String])] = []
            if let body = bodies[index] {
                let option = entry.operation == "upload-image" ? "--image" : "--body"
                runs.append((option, entry.arguments + [option, body]))
            } else {
                runs.append(("arguments", entry.arguments))
            }
            if let flags = entry.flags {
                runs.append(("flags", entry.arguments + flags))
            }
            for (way, arguments) in runs {
                let start = try mock.records().count
                let ours = try await mock.api(entry.operation, arguments)
                let records = Array(try mock.records().dropFirst(start))
                let name = "\(entry.operation) (row \(index), \(way))"
                #expect(ours.status == 0, "\(name): \(ours.stdout.prefix(600))\(ours.stderr)")
                guard let first = records.first else {
                    Issue.record("\(name): receipt-check sent no request: \(ours.stderr)")
                    continue
                }
                for difference in Self.differences(first, peerRecords[index]) {
                    Issue.record("\(name): \(difference)")
                }
            }
        }
    }

    /// What differs between receipt-check's request and Apple's client's, in words.
    static func differences(_ ours: [String: Any], _ apple: [String: Any]) -> [String] {
        var found: [String] = []
        for key in ["method", "path", "rawQuery", "contentType", "status"] {
            let a = ours[key].map { "\($0)" } ?? "none"
            let b = apple[key].map { "\($0)" } ?? "none"
            if a != b { found.append("\(key): receipt-check \(a), Apple's client \(b)") }
        }
        if !same(ours["body"], apple["body"]) {
            found.append("body: receipt-check \(ours["body"] ?? "none"), Apple's client \(apple["body"] ?? "none")")
        }
        if !same(ours["jwtHeader"], apple["jwtHeader"]) {
            found.append(
                "JWT header: receipt-check \(ours["jwtHeader"] ?? "none"), Apple's \(apple["jwtHeader"] ?? "none")")
        }
        let ourClaims = ours["jwtClaims"] as? [String: Any] ?? [:]
        let appleClaims = apple["jwtClaims"] as? [String: Any] ?? [:]
        let times: Set<String> = ["iat", "exp"]
        if !same(ourClaims.filter { !times.contains($0.key) }, appleClaims.filter { !times.contains($0.key) }) {
            found.append("JWT claims: receipt-check \(ourClaims), Apple's \(appleClaims)")
        }
        guard let ourLifetime = lifetime(ours), let appleLifetime = lifetime(apple) else {
            found.append("JWT exp missing: receipt-check \(ourClaims), Apple's \(appleClaims)")
            return found
        }
        // Apple's lifetime is measured from the second the mock received it (its token has no iat).
        if abs(ourLifetime - appleLifetime) > 1 {
            found.append("token lifetime: receipt-check \(ourLifetime) s, Apple's client \(appleLifetime) s")
        }
        return found
    }

    /// `exp - iat`, or `exp` less the second the request arrived when there is no `iat`.
    static func lifetime(_ record: [String: Any]) -> Int64? {
        let claims = record["jwtClaims"] as? [String: Any] ?? [:]
        guard let exp = (claims["exp"] as? NSNumber)?.int64Value else { return nil }
        if let iat = (claims["iat"] as? NSNumber)?.int64Value { return exp - iat }
        guard let received = (record["time"] as? NSNumber)?.doubleValue else { return nil }
        return exp - Int64(received.rounded(.down))
    }

    /// Whether two JSON values (as JSONSerialization reads them) are equal: compared as sorted JSON text,
    /// so that `true` and `1` differ.
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        canonical(a) == canonical(b)
    }

    static func canonical(_ value: Any?) -> String {
        guard let value, !(value is NSNull),
            let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
        else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
