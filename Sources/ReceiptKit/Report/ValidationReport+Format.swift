extension ValidationReport {
    /// The form a receipt arrived in, detected from its content (never from a file name).
    public enum Format: String, Sendable, Codable {
        /// PKCS#7 bytes, DER or BER.
        case binary
        /// Base64 text of the PKCS#7 bytes (line breaks and spaces allowed).
        case base64
        /// A PEM `PKCS7` (or `CMS`) block.
        case pem
        /// A verifyReceipt request body: `{"receipt-data": "<base64>", ...}`.
        case verifyReceiptJSON = "verify_receipt_json"
        /// A StoreKit 2 compact JWS (signed transaction, renewal info, AppTransaction or notification).
        case jws
        /// An App Store Server Notification V2 body: `{"signedPayload": "<JWS>"}`.
        case notificationJSON = "notification_json"
        /// An App Store Server API response body (HistoryResponse, StatusResponse, ...), told by its members.
        case serverAPIResponse = "server_api_response"
    }
}
