#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The body Apple's deprecated verifyReceipt endpoint returns, from what the receipt itself proves: keys,
/// order and types as Apple writes them. Anything but a valid App Store receipt is `{"status":N}`, and
/// what only Apple's database knows (later renewals, `pending_renewal_info`) is not invented.
public struct VerifyReceiptResponse: Sendable {
    /// The body's `status`.
    public let status: VerifyReceiptStatus
    /// The compact JSON body, without a newline.
    public var json: String { String(decoding: bytes, as: UTF8.self) }
    /// The body's UTF-8, as a server sends it.
    public let bytes: [UInt8]
    /// Why a request body could not be read (status 21000), for a log line.
    public let problem: String?
    /// Why the input, whatever its report says, is no receipt data (status 21002), for a log line.
    public let notReceiptData: String?

    /// The answer for `bytes` (a body or a receipt) given the validator's report; `requestDate` is now.
    public init(for bytes: [UInt8], report: ValidationReport, requestDate: Date) {
        var request = VerifyReceiptRequest()
        if VerifyReceiptRequest.isBody(bytes) {
            do {
                request = try VerifyReceiptRequest(body: bytes)
            } catch {
                self.init(status: .unreadableRequest, problem: error.description, report: report)
                return
            }
        }
        // The status alone decides whether a receipt is shown: 0 already means production or sandbox.
        let status = VerifyReceiptStatus(report)
        guard status == .valid, let receipt = report.receipt else {
            self.init(status: status == .valid ? .internalError : status, problem: nil, report: report)
            return
        }
        var body = VerifyReceiptBody()
        body.open()
        body.member("status", Int64(status.rawValue))
        body.member("environment", receipt.environment == .production ? "Production" : "Sandbox")
        body.receipt(receipt, requestDate: requestDate)
        // Apple's replies hold these two when the request carried the shared secret and the receipt has purchases.
        if request.sendsSharedSecret, !receipt.purchases.isEmpty {
            let latest = LatestReceiptInfo.entries(receipt.inApp, excludeOld: request.excludeOldTransactions)
            body.purchases("latest_receipt_info", latest, inLatestInfo: true)
            // The validator unwrapped these bytes into the receipt it judged valid, so this cannot fail.
            let decoded = request.receiptData.flatMap { Base64.decode(Array($0.utf8)[...]) }
            if let pkcs7 = decoded ?? (try? ReceiptInput.unwrap(bytes).pkcs7) {
                body.member("latest_receipt", Data(pkcs7).base64EncodedString())
            }
        }
        body.close()
        self.init(status: status, bytes: body.writer.out, problem: nil, report: report)
    }

    /// An error body: exactly `{"status":N}`.
    private init(status: VerifyReceiptStatus, problem: String?, report: ValidationReport) {
        let body = Array("{\"status\":\(status.rawValue)}".utf8)
        self.init(status: status, bytes: body, problem: problem, report: report)
    }

    private init(status: VerifyReceiptStatus, bytes: [UInt8], problem: String?, report: ValidationReport) {
        self.status = status
        self.bytes = bytes
        self.problem = problem
        notReceiptData = status == .malformedReceiptData ? VerifyReceiptStatus.notReceiptData(report) : nil
    }
}
