@testable import ReceiptKit

/// App Store Server API bodies as `AppStoreServerAPIClient` reads a 2xx or an error answer, and the
/// pages of a transaction history and of a notification history as its pager merges them.
extension FuzzHarness {
    func serverAPI(_ bytes: [UInt8]) throws(FuzzFinding) {
        // A signed operation's body is verified like any response given to verify.
        _ = validator.verdict(bytes, input: "fuzz", rules: nil)
        // What UnsignedResponse reads, and more: Apple's error bodies are held to smaller limits.
        let parsed = try? JSONParser.parse(bytes, limits: JSONParser.Limits(maximumDepth: 8, maximumValues: 4096))
        for operation in AppStoreServerAPIOperation.allCases {
            guard case .unsigned(let required) = operation.responseShape else { continue }
            guard let members = try? UnsignedResponse.members(bytes, required: required, operation: operation) else {
                continue
            }
            guard parsed == .object(members) else {
                throw FuzzFinding("\(operation.rawValue): the unsigned members differ from the body's object")
            }
        }
        if let error = AppleErrorBody(bytes) {
            guard case .object(let members)? = parsed, members["errorCode"] == .integer(error.errorCode),
                members["errorMessage"] == .string(error.errorMessage)
            else {
                throw FuzzFinding("AppleErrorBody read \(error) from a body that does not say so")
            }
        }
        try advancedCommerce(bytes)
        try realtimeResponse(bytes)
        let bodies = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        for shape in [PageShape.transactionHistory, PageShape.of(.getNotificationHistory)].compactMap({ $0 }) {
            try historyPages(bodies, shape)
        }
    }

    /// Pages added one after another until one says it is the last: the merged body must hold every
    /// page's signed data in order and the last page's members of Apple's response (nothing else of a
    /// page is kept).
    private func historyPages(_ bodies: [[UInt8]], _ shape: PageShape) throws(FuzzFinding) {
        // No cap within reach: a fuzzed input is far smaller, so every refusal below is the pages' own.
        var pages = HistoryPages(shape, maximumBytes: Int.max, context: validator.context, keepsBody: true)
        let elements = shape.elements.rawValue
        var expected: [JSONValue] = []
        var last: [String: JSONValue] = [:]
        let limits = JSONParser.Limits(maximumDepth: 8, maximumValues: 4096)
        for body in bodies {
            let next: String?
            do throws(AppStoreServerAPIError) {
                next = try pages.add(body)
            } catch {
                return
            }
            guard case .object(let page)? = try? JSONParser.parse(body, limits: limits),
                case .array(let signed)? = page[elements]
            else {
                throw FuzzFinding("HistoryPages took a page that is not an object with \(elements)")
            }
            expected += signed
            last = page
            if next == nil { break }
        }
        guard let merged = try? pages.body() else { return }
        let kept: Set<String> = ["appAppleId", "bundleId", "environment", "hasMore", shape.token]
        last = last.filter { kept.contains($0.key) }
        last[elements] = .array(expected)
        guard let reread = try? JSONParser.parse(merged, limits: .init(maximumDepth: 8, maximumValues: 1 << 20)),
            reread == .object(last)
        else {
            throw FuzzFinding("the merged history body is not the pages' transactions and the last page's members")
        }
    }

    /// The realtime Retention Messaging answer made of the input's NUL-separated values (a message
    /// identifier, a product id, a billing plan): a body the builder takes is one line of JSON that reads
    /// back as its value, its product id unchanged.
    private func realtimeResponse(_ bytes: [UInt8]) throws(FuzzFinding) {
        let parts = bytes.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard parts.count >= 2 else { return }
        let plan = parts.count > 2 ? BillingPlanType(rawValue: parts[2]) : nil
        let choices: [RealtimeResponseBody.Choice] = [
            .message(messageIdentifier: parts[0]),
            .alternateProduct(messageIdentifier: parts[0], productID: parts[1], billingPlanType: plan),
        ]
        for choice in choices {
            guard let body = try? RealtimeResponseBody(choice) else { continue }
            let line = body.json()
            guard !line.contains("\n"), (try? JSONParser.parse(Array(line.utf8))) == body.jsonValue else {
                throw FuzzFinding("the realtime answer's JSON does not read back as its value: \(line)")
            }
            if case .alternateProduct(_, let product, _) = body.choice, product != parts[1] {
                throw FuzzFinding("the realtime answer changed the product id \(parts[1]) to \(product)")
            }
        }
    }

    /// An Advanced Commerce body the builders take is sent as Apple's model writes it: read again, it is
    /// the same bytes; and an answer body is verified without a crash.
    private func advancedCommerce(_ bytes: [UInt8]) throws(FuzzFinding) {
        for operation in AppStoreServerAPIOperation.allCases where operation.isAdvancedCommerce {
            _ = AdvancedCommerceAnswer.report(bytes, operation, context: validator.context)
            guard let sent = try? AppStoreServerAPIRequest.advancedCommerce(operation, transactionID: "1", body: bytes)
            else { continue }
            let again = try? AppStoreServerAPIRequest.advancedCommerce(
                operation, transactionID: "1", body: sent.body ?? [])
            guard again?.body == sent.body else {
                throw FuzzFinding("\(operation.rawValue): the body sent, read again, is not sent the same")
            }
        }
    }
}
