import Foundation

@testable import ReceiptKit

/// What ReceiptKit reads around a receipt or JWS: verifyReceipt request bodies, notification bodies,
/// one `--lines` line, and the strict base64 that tells a base64 receipt apart.
extension FuzzHarness {
    func verifyReceiptRequest(_ bytes: [UInt8]) throws(FuzzFinding) {
        if let request = try? VerifyReceiptRequest(body: bytes) {
            // A second reading of the two options, from the body's members.
            guard case .object(let members)? = try? JSONParser.parse(bytes, limits: ReceiptInput.bodyLimits) else {
                throw FuzzFinding("VerifyReceiptRequest read a body that is not a JSON object")
            }
            let secret = members["password"].flatMap(\.stringValue).map { !$0.isEmpty } ?? false
            let exclude = members["exclude-old-transactions"] == .bool(true)
            guard request.sendsSharedSecret == secret, request.excludeOldTransactions == exclude else {
                throw FuzzFinding("VerifyReceiptRequest read other options than the body's members")
            }
        }
        let report = validator.validate(bytes, input: "fuzz")
        let response = VerifyReceiptResponse(
            for: bytes, report: report, requestDate: Date(timeIntervalSince1970: 1_700_000_000))
        let answer = try? JSONParser.parse(Array(response.json.utf8), limits: .init(maximumValues: 1 << 20))
        guard case .object(let members)? = answer, members["status"] == .integer(Int64(response.status.rawValue))
        else {
            throw FuzzFinding("the verifyReceipt answer is not JSON with its status: \(response.json.prefix(200))")
        }
    }

    func notification(_ bytes: [UInt8]) throws(FuzzFinding) {
        let report = pinnedValidator.validate(bytes, input: "fuzz")
        guard case .jws(.notificationJSON, let text)? = try? ReceiptInput.classify(bytes),
            case .jws(_, text)? = try? ReceiptInput.classify(text)
        else { return }
        // The body adds nothing to what its JWS says alone (given alone as the same JWS text, untrimmed).
        let alone = pinnedValidator.validate(text, input: "fuzz")
        guard report.status == alone.status, report.reason == alone.reason, report.checks == alone.checks else {
            throw FuzzFinding(
                "a notification body and its JWS alone differ: \(report.status) \(String(describing: report.reason)) / \(alone.status) \(String(describing: alone.reason))"
            )
        }
    }

    func line(_ bytes: [UInt8]) throws(FuzzFinding) {
        let report = pinnedValidator.validate(bytes, input: "fuzz")
        guard bytes.first != 0x30 else { return }
        // Binary PKCS#7 is taken as it stands, so only text may be surrounded by white space.
        let spaced = pinnedValidator.validate([0x20, 0x09] + bytes + [0x0D], input: "fuzz")
        guard report.status == spaced.status, report.reason == spaced.reason, report.checks == spaced.checks else {
            throw FuzzFinding(
                "white space around a line changes its verdict: \(report.status) \(String(describing: report.reason)) / \(spaced.status) \(String(describing: spaced.reason))"
            )
        }
    }

    func base64(_ bytes: [UInt8]) throws(FuzzFinding) {
        let ours = Base64.decode(bytes[...])
        let letters = bytes.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if let ours {
            // Foundation needs the padding that ours allows to be left out.
            let unpadded = letters.filter { $0 != UInt8(ascii: "=") }
            let padded = unpadded + [UInt8](repeating: UInt8(ascii: "="), count: (4 - unpadded.count % 4) % 4)
            guard let theirs = Data(base64Encoded: Data(padded)), [UInt8](theirs) == ours else {
                throw FuzzFinding("Base64.decode decodes what Foundation decodes otherwise")
            }
        }
        // Foundation takes padding no letter needs or that stands before a letter (`====` alone as one zero
        // byte, `QUJD====` as `QUJD`, `JZ===` as `JZ==`, `QQ=k` as two bytes); ours takes `=` only as the
        // padding that ends the letters, no more than they need. That, and no other difference, is allowed:
        // whatever ours does decode must be what Foundation decodes.
        // Empty text is no base64 to ours either.
        let pads = letters.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        let body = letters.dropLast(pads)
        let padding = !body.contains(UInt8(ascii: "=")) && pads <= (4 - body.count % 4) % 4
        if let theirs = Data(base64Encoded: Data(letters)), !letters.isEmpty, ours != nil || padding {
            guard ours == [UInt8](theirs) else {
                throw FuzzFinding("Foundation decodes base64 that Base64.decode refuses or reads otherwise")
            }
        }
    }
}
