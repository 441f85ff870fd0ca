/// An Advanced Commerce answer: its signed transaction and, for a subscription, renewal info, each verified
/// as a single JWS; the two must be one subscription's, since the renewal info names no app.
enum AdvancedCommerceAnswer {
    /// The report on `body`, the answer to `operation`.
    static func report(_ body: [UInt8], _ operation: AppStoreServerAPIOperation, context: VerificationContext)
        -> ValidationReport
    {
        var report = ValidationReport(input: operation.rawValue)
        report.format = .serverAPIResponse
        do throws(ReceiptError) {
            ResponseVerifier(context: context).validate(try response(body), into: &report)
        } catch {
            report.reject(error)
            return report
        }
        sameSubscription(&report)
        return report
    }

    /// The response `body` holds: a transaction, and a renewal info when Apple adds one.
    static func response(_ body: [UInt8]) throws(ReceiptError) -> ServerResponse {
        let value = try JSONText.parse(
            body, what: "the Advanced Commerce response", reason: .unsupportedFormat, limits: ReceiptInput.bodyLimits)
        guard case .object(let members) = value, let transaction = members[.signedTransactionInfo] else {
            throw ReceiptError(
                .unsupportedFormat,
                "the Advanced Commerce response is not an object with a \"\(BodyMember.signedTransactionInfo)\"")
        }
        var elements = [try ServerResponse.element(transaction, "\(BodyMember.signedTransactionInfo)", .transaction)]
        if let renewal = members[.signedRenewalInfo] {
            elements.append(try ServerResponse.element(renewal, "\(BodyMember.signedRenewalInfo)", .renewalInfo))
        }
        let signed: Set<String> = [BodyMember.signedTransactionInfo.rawValue, BodyMember.signedRenewalInfo.rawValue]
        return ServerResponse(
            kind: .advancedCommerce, fields: members.filter { !signed.contains($0.key) }, elements: elements)
    }

    /// Makes a valid `report` invalid when its renewal info is of another subscription than its transaction.
    private static func sameSubscription(_ report: inout ValidationReport) {
        guard report.status == .valid else { return }
        let payloads = (report.response?.elements ?? []).compactMap { $0.jws?.payload }
        var transactions: [String?] = []
        var renewals: [String?] = []
        for payload in payloads {
            switch payload {
            case .transaction(let transaction): transactions.append(transaction.originalTransactionId)
            case .renewalInfo(let renewal): renewals.append(renewal.originalTransactionId)
            default: break
            }
        }
        guard let original = transactions.first, let renewal = renewals.first else { return }
        if let renewal, String.identical(original, renewal) {
            report.record(.pass(.answer, "the renewal info is of the transaction's subscription, \(original ?? "?")"))
            return
        }
        report.record(
            .fail(
                .answer, .answerMismatch,
                "the renewal info is of original transaction \(renewal ?? "none"), the transaction of "
                    + "\(original ?? "none"): two subscriptions' answers in one"))
        report.status = .invalid
    }
}
