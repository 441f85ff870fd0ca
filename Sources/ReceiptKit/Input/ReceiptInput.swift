#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns whatever a user hands over into PKCS#7 bytes, or says precisely what it is instead.
public enum ReceiptInput {
    /// What an input holds once its wrapping is removed: a receipt's PKCS#7 bytes or a JWS.
    public enum Unwrapped: Sendable, Equatable {
        case pkcs7(InputFormat, [UInt8])
        /// The compact JWS text (`header.payload.signature`), as bytes.
        case jws(InputFormat, [UInt8])
        /// An App Store Server API response and its signed elements.
        case response(ServerResponse)
    }

    /// Finds the PKCS#7 bytes inside `bytes`, unwrapping base64, PEM and verifyReceipt JSON;
    /// throws for a JWS, which `classify` accepts.
    public static func unwrap(_ bytes: [UInt8]) throws(ReceiptError) -> (format: InputFormat, pkcs7: [UInt8]) {
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

    /// Tells what `bytes` hold, the one place input kinds are told apart: PKCS#7 in any of its
    /// wrappings, or a StoreKit 2 JWS, bare or as a notification body.
    public static func classify(_ bytes: [UInt8]) throws(ReceiptError) -> Unwrapped {
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
        guard let decoded = base64(text) else {
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
            throw legacyError
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
        guard let decoded = base64(Array(body)[...]) else {
            throw ReceiptError(.malformed, "the PEM block's base64 is invalid")
        }
        return try binary(decoded, from: "a PEM block")
    }

    // MARK: - JSON

    /// Members of a JSON body that carry signed data: a body may hold one, so that what a server reads
    /// from the body after the verdict is the input the verdict was about.
    static let signedMembers = [
        "receipt-data", "signedPayload", "signedTransactionInfo", "signedRenewalInfo", "signedAppTransactionInfo",
        "signedTransactions", "latest_receipt", "notificationHistory",
    ]

    /// A body is a few members around one large string; the parser's limits still bound what an
    /// attacker can make it hold.
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
                throw legacyError
            }
            throw ReceiptError(.unsupportedFormat, "JSON that is neither a verifyReceipt nor a notification body")
        }
        guard case .object(let members) = json else {
            throw ReceiptError(.unsupportedFormat, "JSON that is neither a verifyReceipt nor a notification body")
        }
        let carried = signedMembers.filter { members[$0] != nil }
        guard carried.count <= 1 else {
            throw ReceiptError(
                .ambiguousInput,
                "the JSON body carries \(carried.map { "\"\($0)\"" }.joined(separator: " and ")); one input a body, so that what is verified is what is read"
            )
        }
        switch (members["receipt-data"], members["signedPayload"]) {
        case (.string(let receiptData)?, _):
            guard let decoded = base64(Array(receiptData.utf8)[...]) else {
                throw ReceiptError(.malformed, "the \"receipt-data\" value is not valid base64")
            }
            return .pkcs7(.verifyReceiptJSON, try binary(decoded, from: "the \"receipt-data\" value"))
        case (_, .string(let signedPayload)?):
            return .jws(.notificationJSON, Array(signedPayload.utf8))
        case (nil, nil):
            if let response = try ServerResponse.recognise(members) {
                return .response(response)
            }
            throw ReceiptError(
                .unsupportedFormat,
                "JSON without a \"receipt-data\" or \"signedPayload\" member, nor an App Store Server API response")
        default:
            throw ReceiptError(.unsupportedFormat, "JSON that is neither a verifyReceipt nor a notification body")
        }
    }

    // MARK: - Recognising what is not a receipt

    private static let legacyError = ReceiptError(
        .notAppReceipt,
        "an iOS 6 style transaction receipt (a NeXTSTEP property list), not an app receipt; it cannot be verified here")

    /// `{ "signature" = "..."; "purchase-info" = "..."; ... }`: SKPaymentTransaction.transactionReceipt.
    private static func isLegacyTransactionReceipt(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.first == UInt8(ascii: "{") else { return false }
        let markers = [Array("\"signature\" =".utf8), Array("\"purchase-info\" =".utf8)]
        return markers.contains { contains(text, $0) }
    }

    /// Whether `marker` occurs in `text`: a plain scan for its first byte, linear for these short markers
    /// (Foundation's `firstRange(of:)` allocated at every position: seconds on a 16 MiB input).
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

    /// `e` (the first base64url character of anything starting `{`) and a dot, which base64, PEM and PKCS#7 never have; the strict
    /// segment check comes later, so a damaged JWS (wrong segment count too) is reported as one.
    private static func looksLikeJWS(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.first == UInt8(ascii: "e") else { return false }
        return text.contains(UInt8(ascii: "."))
    }

    // MARK: - Bytes

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[start...end]
    }

    /// Strict base64: the standard alphabet, optional padding, white space ignored; nil for
    /// anything else, so random text is not "decoded" into random bytes.
    static func base64(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var compact: [UInt8] = []
        compact.reserveCapacity(text.count)
        for byte in text where !isSpace(byte) {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
                compact.append(byte)
            default:
                return nil
            }
        }
        guard !compact.isEmpty else { return nil }
        while compact.count % 4 != 0 {
            compact.append(UInt8(ascii: "="))
        }
        return decodeBase64Quads(compact)
    }

    /// The value of each base64 letter, 0xFF for anything else.
    private static let base64Values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, letter) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(letter)] = UInt8(value)
        }
        return table
    }()

    /// Decodes whole quads of the standard alphabet; `=` only as one or two final padding
    /// characters. Written by hand because `Data(base64Encoded:)` cost more per receipt than
    /// the signature check, and it accepts padding in the middle (`QQ=A`).
    private static func decodeBase64Quads(_ quads: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(quads.count / 4 * 3)
        var index = 0
        while index + 4 <= quads.count {
            let a = base64Values[Int(quads[index])]
            let b = base64Values[Int(quads[index + 1])]
            let c = base64Values[Int(quads[index + 2])]
            let d = base64Values[Int(quads[index + 3])]
            index += 4
            guard a != 0xFF, b != 0xFF else { return nil }
            out.append(a << 2 | b >> 4)
            if c == 0xFF || d == 0xFF {
                let padC = quads[index - 2] == UInt8(ascii: "=")
                let padD = quads[index - 1] == UInt8(ascii: "=")
                guard index == quads.count, padD, padC || c != 0xFF else { return nil }
                if !padC {
                    out.append(b << 4 | c >> 2)
                }
                return out
            }
            out.append(b << 4 | c >> 2)
            out.append(c << 6 | d)
        }
        return out
    }
}
