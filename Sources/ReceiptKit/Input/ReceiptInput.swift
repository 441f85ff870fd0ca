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

    /// Finds the PKCS#7 bytes inside `bytes`, unwrapping base64, PEM and verifyReceipt JSON;
    /// throws for a JWS, which `classify` accepts.
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

    /// Tells what `bytes` hold, the one place input kinds are told apart: PKCS#7 in any of its
    /// wrappings, or a StoreKit 2 JWS, bare or as a notification body.
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
        guard let decoded = base64(Array(body)[...]) else {
            throw ReceiptError(.malformed, "the PEM block's base64 is invalid")
        }
        return try binary(decoded, from: "a PEM block")
    }

    // MARK: - JSON

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
            guard let decoded = base64(Array(receiptData.utf8)[...]) else {
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

    /// Whether `marker` occurs in `text`: a plain scan for its first byte, linear for these short markers
    /// and allocating nothing, whatever the input's size.
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

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[start...end]
    }

    /// Strict base64: the standard alphabet, optional padding, white space ignored; nil for
    /// anything else, so random text is not "decoded" into random bytes.
    static func base64(_ input: ArraySlice<UInt8>) -> [UInt8]? {
        // One pass over the text into a buffer of its final size: the batch path decodes every line, so
        // no append per byte and no lookup through a lazy global per byte.
        let quads = base64Quads
        let values = base64Values
        var valid = true
        // Whole quads of letters up to the first white space, padding or stray byte (all of a one-line
        // receipt but its last quad) through the wall of the byte loops; the rest here, by checked indices.
        var out: [UInt8]
        let read: Int
        let written: Int
        (out, read, written) = Base64Quads.decoded(
            input, quads: quads, notALetter: base64NotALetter, count: input.count / 4 * 3 + 3)
        var count = written
        var index = input.startIndex &+ read
        var accumulator: UInt32 = 0
        var letters = index &- input.startIndex
        var padding = 0
        while index < input.endIndex {
            // Back to whole quads after white space (PEM and wrapped lines).
            if letters & 3 == 0, padding == 0, index + 4 <= input.endIndex,
                base64Quad(input, at: index, quads: quads, into: &out, at: count)
            {
                count += 3
                letters += 4
                index += 4
                continue
            }
            let byte = input[index]
            index += 1
            let value = values[Int(byte)]
            if value < 64 {
                // A letter after padding: `=` is only ever the end.
                guard padding == 0 else {
                    valid = false
                    break
                }
                accumulator = accumulator << 6 | UInt32(value)
                letters += 1
                if letters & 3 == 0 {
                    out[count] = UInt8(truncatingIfNeeded: accumulator >> 16)
                    out[count + 1] = UInt8(truncatingIfNeeded: accumulator >> 8)
                    out[count + 2] = UInt8(truncatingIfNeeded: accumulator)
                    count += 3
                    accumulator = 0
                }
            } else if byte == UInt8(ascii: "=") {
                padding += 1
            } else if !isSpace(byte) {
                valid = false
                break
            }
        }
        // The last quad: two letters make one byte and allow `==`, three make two and
        // allow `=`; a whole quad allows no padding, one letter is never valid.
        switch letters & 3 {
        case 0 where padding == 0 && letters > 0:
            break
        case 2 where padding <= 2:
            out[count] = UInt8(truncatingIfNeeded: accumulator >> 4)
            count += 1
        case 3 where padding <= 1:
            out[count] = UInt8(truncatingIfNeeded: accumulator >> 10)
            out[count + 1] = UInt8(truncatingIfNeeded: accumulator >> 2)
            count += 2
        default:
            valid = false
        }
        guard valid else { return nil }
        out.removeSubrange(count...)
        return out
    }

    /// Decodes the four letters at `index` of `input` into three bytes at `position` of `out`; false, writing
    /// nothing, when one of them is not a letter. Callers keep `index + 4 <= input.endIndex` and
    /// `position + 3 <= out.count` (three bytes per four letters, and `out` has room for three more).
    @inline(__always)
    private static func base64Quad(
        _ input: ArraySlice<UInt8>, at index: Int, quads: [UInt32], into out: inout [UInt8], at position: Int
    ) -> Bool {
        let quad =
            quads[Int(input[index])] | quads[256 &+ Int(input[index &+ 1])]
            | quads[512 &+ Int(input[index &+ 2])] | quads[768 &+ Int(input[index &+ 3])]
        guard quad & base64NotALetter == 0 else { return false }
        out[position] = UInt8(truncatingIfNeeded: quad &>> 16)
        out[position &+ 1] = UInt8(truncatingIfNeeded: quad &>> 8)
        out[position &+ 2] = UInt8(truncatingIfNeeded: quad)
        return true
    }

    /// Each letter's value already shifted to where it lies in its quad's 24 bits, one table of 256 per
    /// position in the quad (first letter at 0, second at 256...): a quad is four lookups ORed, with
    /// no shift. Anything not a letter has `base64NotALetter` set, so one test per quad finds it.
    private static let base64Quads: [UInt32] = {
        var table = [UInt32](repeating: base64NotALetter, count: 4 * 256)
        for (byte, value) in base64Values.enumerated() where value < 64 {
            for position in 0..<4 {
                table[position * 256 + byte] = UInt32(value) << (6 * (3 - position))
            }
        }
        return table
    }()

    /// Set in `base64Quads` for a byte that is not a base64 letter; above the 24 bits of a quad.
    private static let base64NotALetter: UInt32 = 0x8000_0000

    /// The value of each base64 letter, 0xFF for anything else.
    private static let base64Values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, letter) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(letter)] = UInt8(value)
        }
        return table
    }()
}
