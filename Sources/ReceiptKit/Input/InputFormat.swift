/// The form a receipt arrived in, detected from its content (never from a file name).
public enum InputFormat: String, Sendable, Codable {
    /// PKCS#7 bytes, DER or BER.
    case binary
    /// Base64 text of the PKCS#7 bytes (line breaks and spaces allowed).
    case base64
    /// A PEM `PKCS7` (or `CMS`) block.
    case pem
    /// A verifyReceipt request body: `{"receipt-data": "<base64>", ...}`.
    case verifyReceiptJSON = "verify_receipt_json"
}
