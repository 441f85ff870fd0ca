import ReceiptKit
import ReceiptStore

/// `GET /customers/ID`: a customer's entitlements from the store, only with `--customer-token` and to its
/// holder, checked before the store is read: customer data is not public.
enum CustomersRoute {
    static let prefix = "/customers/"

    struct Access: Sendable {
        let lookup: CustomerLookup
        let token: [UInt8]
        let runner: BatchRunner
    }

    static func answer(_ request: ServiceRouter.Request, access: Access?) -> HTTPAnswer {
        guard let access else {
            return ServiceRouter.error(
                404, "Not Found", "no customer route: serve gives it with --store and --customer-token")
        }
        guard request.method == "GET" else {
            return ServiceRouter.error(405, "Method Not Allowed", "GET the customer", extraHeaders: "Allow: GET\r\n")
        }
        guard isAuthorized(request.authorization, token: access.token) else {
            return ServiceRouter.error(
                401, "Unauthorized", "customer data needs the token: Authorization: Bearer TOKEN",
                extraHeaders: "WWW-Authenticate: Bearer\r\n")
        }
        let id = String((request.path ?? "").dropFirst(prefix.count))
        guard CustomerID.isValid(id) else {
            return ServiceRouter.error(
                400, "Bad Request", "a customer is an original transaction id or an app account token")
        }
        let answer: CustomerLookup.Answer?
        do throws(StoreError) {
            answer = try access.lookup.answer(for: id)
        } catch {
            return ServiceRouter.error(503, "Service Unavailable", error.message, extraHeaders: "Retry-After: 1\r\n")
        }
        guard let answer else {
            return ServiceRouter.error(404, "Not Found", "the store holds no notification of \(id)")
        }
        let result = access.runner.render(answer.verdict, name: "customer \(id)")
        var http = HTTPAnswer(200, "OK", json: result.body)
        http.reason = result.reason?.rawValue
        return http
    }

    /// Whether `header` is `Bearer ` and the token, compared in time independent of where they differ.
    static func isAuthorized(_ header: String?, token: [UInt8]) -> Bool {
        guard let header, header.hasPrefix("Bearer ") else { return false }
        let given = Array(header.utf8.dropFirst("Bearer ".utf8.count))
        var difference = UInt8(given.count == token.count ? 0 : 1)
        for index in token.indices {
            difference |= token[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}
