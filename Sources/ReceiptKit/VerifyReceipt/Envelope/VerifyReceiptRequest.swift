/// What a verifyReceipt request body asks for beside its receipt. The shared secret is never read: that
/// one was sent decides whether Apple's reply holds `latest_receipt_info` and `latest_receipt`.
public struct VerifyReceiptRequest: Sendable, Equatable {
    /// `exclude-old-transactions`: only the latest transaction of each subscription in `latest_receipt_info`.
    package var excludeOldTransactions = false
    /// Whether the request carries a non-empty `password`; a receipt given bare is answered as if with one.
    package var sendsSharedSecret = true
    /// `receipt-data`, when a string: of a body judged valid, the receipt's base64, read with the body once.
    package var receiptData: String?

    /// Why a body is not a request Apple would read: the answer is `{"status":21000}`.
    package struct ParseError: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// A request without options: what a receipt given in another form than a body asks for.
    package init() {}

    /// Whether `bytes` are meant as a request body (a JSON object), rather than a receipt in another form.
    public static func isBody(_ bytes: [UInt8]) -> Bool {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    /// Reads a body: a JSON object, no member twice, `exclude-old-transactions` a boolean when present;
    /// `receipt-data` is the validator's to judge (21002).
    package init(body: [UInt8]) throws(ParseError) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(body, limits: ReceiptInput.bodyLimits)
        } catch {
            throw ParseError(description: "the request body is not JSON this endpoint reads: \(error)")
        }
        guard case .object(let members) = json else {
            throw ParseError(description: "the request body is not a JSON object")
        }
        if case .string(let text)? = members[.receiptData] { receiptData = text }
        if case .string(let secret)? = members["password"] {
            sendsSharedSecret = !secret.isEmpty
        } else {
            sendsSharedSecret = false
        }
        switch members["exclude-old-transactions"] {
        case nil, .null?:
            break
        case .bool(let value)?:
            excludeOldTransactions = value
        default:
            throw ParseError(description: "\"exclude-old-transactions\" is not true or false")
        }
    }
}
