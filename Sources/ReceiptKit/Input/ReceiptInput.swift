#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns whatever a user hands over into PKCS#7 bytes, or says precisely what it is instead.
package enum ReceiptInput {
    /// What an input holds once its wrapping is removed: a receipt's PKCS#7 bytes or a JWS.
    package enum Unwrapped: Sendable, Equatable {
        case pkcs7(ValidationReport.Format, [UInt8])
        /// The compact JWS text (`header.payload.signature`), as bytes.
        case jws(ValidationReport.Format, [UInt8])
        /// An App Store Server API response and its signed elements.
        case response(ServerResponse)
    }

    /// Finds the PKCS#7 bytes inside base64, PEM or verifyReceipt JSON; throws for a JWS.
    package static func unwrap(_ bytes: [UInt8]) throws(ReceiptError) -> (
        format: ValidationReport.Format, pkcs7: [UInt8]
    ) {
        switch try classify(bytes) {
        case .pkcs7(let format, let pkcs7):
            return (format, pkcs7)
        case .jws(let format, _):
            throw ReceiptError(
                .unsupportedFormat, "a StoreKit 2 JWS (\(format.rawValue)), not an app receipt's PKCS#7 bytes")
        case .response(let response):
            throw ReceiptError(
                .unsupportedFormat, "an App Store Server API \(response.kind.title), not an app receipt's PKCS#7 bytes")
        }
    }

    /// Tells what `bytes` hold, the one place input kinds are told apart.
    package static func classify(_ bytes: [UInt8]) throws(ReceiptError) -> Unwrapped {
        let text = trimmed(bytes[...])
        guard let first = text.first else {
            throw ReceiptError(.emptyInput, "the input is empty")
        }
        if bytes.first == 0x30 {
            return .pkcs7(.binary, bytes)
        }
        if text.starts(with: pemPrefix) {
            return .pkcs7(.pem, try pemBody(text))
        }
        if first == UInt8(ascii: "{") {
            return try jsonBody(text)
        }
        if looksLikeJWS(text) {
            return .jws(.jws, Array(text))
        }
        guard let decoded = Base64.decode(text) else {
            throw ReceiptError(
                .unsupportedFormat,
                "not a receipt: neither PKCS#7 (DER or BER), base64, PEM, a verifyReceipt JSON body nor a JWS")
        }
        return .pkcs7(.base64, try binary(decoded, from: "base64 text"))
    }

    /// Checks that decoded bytes are PKCS#7, recognising the legacy format people confuse with it.
    private static func binary(_ decoded: [UInt8], from source: String) throws(ReceiptError) -> [UInt8] {
        if decoded.first == 0x30 {
            return decoded
        }
        if isLegacyTransactionReceipt(trimmed(decoded[...])) {
            throw legacyError(trimmed(decoded[...]))
        }
        throw ReceiptError(.unsupportedFormat, "\(source) that does not hold a PKCS#7 receipt")
    }

    // MARK: - PEM

    private static let pemPrefix = Array("-----BEGIN ".utf8)
    private static let pemLabels = ["PKCS7", "CMS", "PKCS #7 SIGNED DATA"]

    private static func pemBody(_ text: ArraySlice<UInt8>) throws(ReceiptError) -> [UInt8] {
        let lines = text.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D })
        guard let header = lines.first,
            let footerIndex = lines.lastIndex(where: { $0.starts(with: Array("-----END ".utf8)) })
        else {
            throw ReceiptError(.unsupportedFormat, "a PEM block without its END line")
        }
        let label = String(
            decoding: header.dropFirst(pemPrefix.count).prefix { $0 != UInt8(ascii: "-") }, as: UTF8.self)
        guard pemLabels.contains(label) else {
            throw ReceiptError(.unsupportedFormat, "a PEM \(label) block, not PKCS7")
        }
        let body = lines[1..<footerIndex].filter { !$0.contains(UInt8(ascii: ":")) }.joined()
        guard let decoded = Base64.decode(Array(body)[...]) else {
            throw ReceiptError(.malformed, "the PEM block's base64 is invalid")
        }
        return try binary(decoded, from: "a PEM block")
    }

    // MARK: - JSON

    /// A body is a few members around one large string; the limits still bound what it can make the parser hold.
    static let bodyLimits = JSONParser.Limits(maximumDepth: 32, maximumValues: 4096)

    private static func jsonBody(_ text: ArraySlice<UInt8>) throws(ReceiptError) -> Unwrapped {
        let json: JSONValue
        do {
            json = try JSONText.parse(text, what: "the JSON body", reason: .unsupportedFormat, limits: bodyLimits)
        } catch  where error.reason == .duplicateMember {
            throw error
        } catch {
            // A NeXTSTEP property list is not JSON: looked for only once the text failed as JSON.
            if isLegacyTransactionReceipt(text) {
                throw legacyError(text)
            }
            throw ReceiptError(.unsupportedFormat, "JSON that is neither a verifyReceipt nor a notification body")
        }
        guard case .object(let members) = json else {
            throw ReceiptError(.unsupportedFormat, "JSON that is neither a verifyReceipt nor a notification body")
        }
        // A StatusResponse's `data` beside another signed member would otherwise go unread and unverified.
        let carried =
            BodyMember.carryingSignedData.filter { members[$0] != nil }
            + (ServerResponse.isStatus(members) ? [.data] : [])
        guard carried.count <= 1 else {
            throw ReceiptError(
                .ambiguousInput,
                "the JSON body carries \(carried.map { "\"\($0)\"" }.joined(separator: " and ")); one input a body, so that what is verified is what is read"
            )
        }
        switch (members[.receiptData], members[.signedPayload]) {
        case (.string(let receiptData)?, _):
            guard let decoded = Base64.decode(Array(receiptData.utf8)[...]) else {
                throw ReceiptError(.malformed, "the \"\(BodyMember.receiptData)\" value is not valid base64")
            }
            return .pkcs7(.verifyReceiptJSON, try binary(decoded, from: "the \"\(BodyMember.receiptData)\" value"))
        case (_, .string(let signedPayload)?):
            return .jws(.notificationJSON, Array(signedPayload.utf8))
        case (nil, nil):
            if let response = try ServerResponse.recognise(members) {
                return .response(response)
            }
            throw ReceiptError(
                .unsupportedFormat,
                "JSON without a \"\(BodyMember.receiptData)\" or \"\(BodyMember.signedPayload)\" member, nor an App Store Server API response"
            )
        default:
            throw ReceiptError(.unsupportedFormat, "JSON that is neither a verifyReceipt nor a notification body")
        }
    }

    // MARK: - Recognising what is not a receipt

    /// Never valid (`LegacyTransactionReceipt` says why); what it claims is shown for `inspect`, marked so.
    private static func legacyError(_ text: ArraySlice<UInt8>) -> ReceiptError {
        ReceiptError(
            .notAppReceipt,
            "an iOS 6 style transaction receipt (a NeXTSTEP property list), not an app receipt; it cannot be verified here"
                + (LegacyTransactionReceipt(text).map { "; unverified, it claims " + $0.summary } ?? ""))
    }

    /// `{ "signature" = "..."; "purchase-info" = "..."; ... }`: SKPaymentTransaction.transactionReceipt.
    private static func isLegacyTransactionReceipt(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.first == UInt8(ascii: "{") else { return false }
        let markers = [Array("\"signature\" =".utf8), Array("\"purchase-info\" =".utf8)]
        return markers.contains { contains(text, $0) }
    }

    /// Whether `marker` occurs in `text`, linearly and allocating nothing.
    private static func contains(_ text: ArraySlice<UInt8>, _ marker: [UInt8]) -> Bool {
        guard let first = marker.first, text.count >= marker.count else { return false }
        var index = text.startIndex
        let last = text.endIndex - marker.count
        while index <= last {
            if text[index] == first, text[index..<(index + marker.count)].elementsEqual(marker) {
                return true
            }
            index += 1
        }
        return false
    }

    /// `e` (the first base64url character of `{`) and a dot, which base64, PEM and PKCS#7 never have.
    private static func looksLikeJWS(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.first == UInt8(ascii: "e") else { return false }
        return text.contains(UInt8(ascii: "."))
    }

    // MARK: - Bytes

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let start = bytes.firstIndex(where: { !Base64.isSpace($0) }),
            let end = bytes.lastIndex(where: { !Base64.isSpace($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[start...end]
    }
}
