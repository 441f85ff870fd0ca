import ReceiptKit
import ReceiptStore

/// `POST /notifications`: 200 once committed (a known UUID too), 400 for a body that fails verification
/// (quarantined), 503 when there is no verdict now or the store cannot write, so that Apple sends it again.
enum NotificationsRoute {
    static func answer(_ request: ServiceRouter.Request, intake: NotificationIntake?, limit: Int) -> HTTPAnswer {
        guard request.method == "POST" else {
            return ServiceRouter.error(
                405, "Method Not Allowed", "POST the notification", extraHeaders: "Allow: POST\r\n")
        }
        guard let intake else {
            return ServiceRouter.error(404, "Not Found", "no store: serve keeps notifications with --store")
        }
        let body: [UInt8]
        switch RequestBody.read(contentLength: request.contentLength, limit: limit, readBody: request.readBody) {
        case .success(let read):
            body = read
        case .failure(let refused):
            return ServiceRouter.error(413, "Payload Too Large", refused.problem)
        }
        return answer(intake.receive(body))
    }

    static func answer(_ outcome: NotificationIntake.Outcome) -> HTTPAnswer {
        switch outcome {
        case .stored(let uuid), .duplicate(let uuid):
            let duplicate = outcome == .duplicate(uuid: uuid)
            let json = "{\"stored\":true,\"duplicate\":\(duplicate),\"notificationUUID\":\(quoted(uuid))}"
            return HTTPAnswer(200, "OK", json: json)
        case .refused(let reason, let message):
            var answer = HTTPAnswer(
                400, "Bad Request",
                json: "{\"stored\":false,\"reason\":\(quoted(reason)),\"error\":\(quoted(message))}")
            answer.reason = reason
            answer.problem = message
            return answer
        case .retry(let message), .failed(let message):
            var answer = HTTPAnswer(
                503, "Service Unavailable", json: "{\"stored\":false,\"error\":\(quoted(message))}",
                extraHeaders: "Retry-After: 1\r\n")
            answer.problem = message
            return answer
        }
    }

    static func quoted(_ text: String) -> String {
        JSONValue.string(text).json(pretty: false) ?? "null"
    }
}
