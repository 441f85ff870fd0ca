import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns a payload spec (what `receipt-check --json` prints under `jws.payload`) into the bytes Apple signs.
public enum JWSPayloadSpec {
    /// The members that hold dates, in every payload kind Apple signs.
    static let dateMembers: Set<String> = [
        "signedDate", "purchaseDate", "originalPurchaseDate", "expiresDate", "revocationDate",
        "receiptCreationDate", "requestDate", "preorderDate", "gracePeriodExpiresDate",
        "recentSubscriptionStartDate", "renewalDate",
    ]
    /// What Xcode writes for "no date", which reports print as `xcode_placeholder`.
    static let placeholderMilliseconds: Int64 = -62_135_769_600_000

    /// The payload JSON (sorted keys) with RFC 3339 dates as milliseconds; throws for a spec that is not a
    /// JSON object, a bad date, or no payload Apple signs.
    public static func payload(from spec: [UInt8]) throws(ReceiptError) -> [UInt8] {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(spec))
        } catch {
            throw ReceiptError(.invalidJWS, "the spec is not JSON: \(error)")
        }
        guard case .object(var members) = value else {
            throw ReceiptError(.invalidJWS, "the spec is not a JSON object (the payload of a JWS)")
        }
        for name in members.keys.sorted() where dateMembers.contains(name) {
            guard case .string(let text) = members[name] else { continue }
            if text == "xcode_placeholder" {
                members[name] = .integer(placeholderMilliseconds)
                continue
            }
            let parsed: Date?
            do throws(RFC3339.ParseError) {
                parsed = try RFC3339.parse(text)
            } catch {
                throw ReceiptError(.invalidJWS, "\(name): \(error.description)")
            }
            guard let parsed else {
                throw ReceiptError(.invalidJWS, "\(name): \"\(text)\" is not an RFC 3339 time")
            }
            members[name] = .integer(Int64((parsed.timeIntervalSince1970 * 1000).rounded()))
        }
        guard let text = JSONValue.object(members).json(pretty: false) else {
            throw ReceiptError(.invalidJWS, "the payload cannot be written as JSON: a number that is not finite")
        }
        let bytes = Array(text.utf8)
        // Decoded once as the verifier will, so a spec the verifier cannot read fails here.
        _ = try JWSPayload.decode(bytes, expecting: nil)
        return bytes
    }
}
