extension DeviceVerification {
    /// The check of a payload's `deviceVerification` against `device`; fails when either member is absent.
    static func check(_ payload: JWSPayload, device: DeviceID) -> Check {
        let members: (value: String?, nonce: String?)
        switch payload {
        case .appTransaction(let app): members = (app.deviceVerification, app.deviceVerificationNonce)
        case .transaction(let transaction):
            members = (transaction.deviceVerification, transaction.deviceVerificationNonce)
        case .renewalInfo(let renewal): members = (renewal.deviceVerification, renewal.deviceVerificationNonce)
        case .notification, .realtimeRequest, .unidentified:
            return .fail(
                .deviceVerification, .deviceVerificationMismatch,
                "\(payload.kind.withArticle) payload is bound to no device; only transactions and AppTransactions are")
        }
        guard let stored = members.value, let nonce = members.nonce else {
            return .fail(
                .deviceVerification, .deviceVerificationMismatch,
                "the \(payload.kind.rawValue) lacks deviceVerification or deviceVerificationNonce")
        }
        let computed: String?
        do {
            computed = try value(nonce: nonce, device: device)
        } catch {
            return .fail(.deviceVerification, .internalError, "cannot compute the device verification hash: \(error)")
        }
        guard let computed else {
            return .fail(
                .deviceVerification, .deviceVerificationMismatch,
                "the deviceVerificationNonce \"\(nonce)\" is not a UUID")
        }
        guard computed == stored else {
            return .fail(
                .deviceVerification, .deviceVerificationMismatch,
                "base64(SHA-384(nonce + device id)) is \(computed), the \(payload.kind.rawValue) says \(stored)")
        }
        return .pass(.deviceVerification, "the \(payload.kind.rawValue) was issued to device \(device)")
    }
}
