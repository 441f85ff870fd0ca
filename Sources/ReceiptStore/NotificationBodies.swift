import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The bodies a file holds: a Get Notification History response's elements, each as the body Apple would
/// have POSTed (`{"signedPayload": ...}`); the signed transactions and renewal infos of another App Store
/// Server API answer: a transaction history's or a transaction info's, each a JWS, and all subscription
/// statuses' statuses, each a response of one status (its transaction and renewal info); or the file
/// itself, whatever it is (the intake says why when it is nothing it keeps).
public enum NotificationBodies {
    public static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        guard bytes.first(where: { !$0.isASCIIWhitespace }) == UInt8(ascii: "{"),
            case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        else {
            return [bytes]
        }
        if case .array(let history)? = members["notificationHistory"] {
            return history.map { element in
                var body = element
                if case .object(let entry) = element, case .string(let payload)? = entry["signedPayload"] {
                    body = .object(["signedPayload": .string(payload)])
                }
                // An element the intake cannot read is passed on as it is, to be refused with why.
                return Array((body.json(pretty: false) ?? "").utf8)
            }
        }
        let signed = signedData(members)
        return signed.isEmpty ? [bytes] : signed
    }

    /// The signed elements of an answer that holds no notification, in the order they came.
    static func signedData(_ members: [String: JSONValue]) -> [[UInt8]] {
        var elements: [JSONValue] = []
        if case .array(let transactions)? = members["signedTransactions"] {
            elements += transactions
        }
        elements += [members["signedTransactionInfo"], members["signedRenewalInfo"]].compactMap { $0 }
        var statuses: [[UInt8]] = []
        if case .array(let groups)? = members["data"] {
            // A renewal info names no app: a status is kept whole, so that its transaction binds it.
            var envelope = members.filter { ["bundleId", "environment", "appAppleId"].contains($0.key) }
            for case .object(let group) in groups {
                guard case .array(let entries)? = group["lastTransactions"] else { continue }
                for entry in entries {
                    var one = group
                    one["lastTransactions"] = .array([entry])
                    envelope["data"] = .array([.object(one)])
                    statuses.append(Array((JSONValue.object(envelope).json(pretty: false) ?? "").utf8))
                }
            }
        }
        return statuses
            + elements.map { element in
                if case .string(let jws) = element { return Array(jws.utf8) }
                return Array((element.json(pretty: false) ?? "").utf8)
            }
    }
}

extension UInt8 {
    fileprivate var isASCIIWhitespace: Bool {
        self == 0x20 || self == 0x0a || self == 0x0d || self == 0x09
    }
}
