import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Signs a whole StoreKit 2 scenario from one spec: a payload or a Server API response whose signed members
/// may be payload specs themselves, each signed where it stands; a string member is kept as it is.
public enum SignedSpec {
    /// Why a spec could not be signed.
    public enum SpecError: Error, Sendable {
        /// The spec is not JSON, or not a payload or response Apple signs.
        case spec(ReceiptError)
        /// OpenSSL could not sign.
        case signing(OpenSSLError)
    }

    /// The members of a notification (under `data` or `appData`) that hold a nested JWS.
    static let nestedMembers: [(String, BodyMember)] = [
        (BodyMember.data.rawValue, .signedTransactionInfo), (BodyMember.data.rawValue, .signedRenewalInfo),
        (BodyMember.data.rawValue, .signedAppTransactionInfo), ("appData", .signedAppTransactionInfo),
    ]

    /// The compact JWS for a payload spec, or the JSON body (sorted keys) for a response spec.
    public static func sign(_ spec: [UInt8], with signer: (_ payload: [UInt8]) throws(OpenSSLError) -> [UInt8])
        throws(SpecError) -> [UInt8]
    {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(spec))
        } catch {
            throw .spec(ReceiptError(.invalidJWS, "the spec is not JSON: \(error)"))
        }
        guard case .object(var members) = value else {
            throw .spec(ReceiptError(.invalidJWS, "the spec is not a JSON object (the payload of a JWS or a response)"))
        }
        guard isResponse(members) else {
            return try signPayload(members, with: signer)
        }
        if case .array(let items)? = members[.signedTransactions] {
            members[.signedTransactions] = .array(try items.map { item throws(SpecError) in try signed(item, signer) })
        }
        if case .array(let items)? = members[.notificationHistory] {
            members[.notificationHistory] = .array(
                try items.map { item throws(SpecError) in try replacing(item, .signedPayload, signer) })
        }
        if case .array(let groups)? = members[.data] {
            members[.data] = .array(
                try groups.map { group throws(SpecError) in
                    guard case .object(var entries) = group, case .array(let last)? = entries[.lastTransactions]
                    else { return group }
                    entries[.lastTransactions] = .array(
                        try last.map { item throws(SpecError) in
                            try replacing(
                                try replacing(item, .signedTransactionInfo, signer), .signedRenewalInfo, signer)
                        })
                    return .object(entries)
                })
        }
        // An Advanced Commerce answer carries a renewal info beside its transaction.
        for member in [BodyMember.signedTransactionInfo, .signedRenewalInfo, .signedAppTransactionInfo] {
            if let item = members[member] {
                members[member] = try signed(item, signer)
            }
        }
        return try encode(.object(members))
    }

    /// A response by its members: the shapes `ServerResponse` recognises.
    private static func isResponse(_ members: [String: JSONValue]) -> Bool {
        if case .array? = members[.data] { return true }
        return [BodyMember.signedTransactions, .notificationHistory, .signedTransactionInfo, .signedAppTransactionInfo]
            .contains { members[$0] != nil }
    }

    /// Signs a payload spec, its nested payload specs first.
    private static func signPayload(
        _ payload: [String: JSONValue], with signer: (_ payload: [UInt8]) throws(OpenSSLError) -> [UInt8]
    ) throws(SpecError) -> [UInt8] {
        var members = payload
        for (outer, inner) in nestedMembers {
            guard case .object(var holder)? = members[outer], let item = holder[inner] else { continue }
            holder[inner] = try signed(item, signer)
            members[outer] = .object(holder)
        }
        let spec = try encode(.object(members))
        let bytes: [UInt8]
        do throws(ReceiptError) {
            bytes = try JWSPayloadSpec.payload(from: spec)
        } catch {
            throw .spec(error)
        }
        do throws(OpenSSLError) {
            return try signer(bytes)
        } catch {
            throw .signing(error)
        }
    }

    /// `item` signed when it is a payload spec (an object); a string (a JWS already) is kept.
    private static func signed(_ item: JSONValue, _ signer: (_ payload: [UInt8]) throws(OpenSSLError) -> [UInt8])
        throws(SpecError) -> JSONValue
    {
        guard case .object(let members) = item else { return item }
        return .string(String(decoding: try signPayload(members, with: signer), as: UTF8.self))
    }

    private static func replacing(
        _ item: JSONValue, _ member: BodyMember, _ signer: (_ payload: [UInt8]) throws(OpenSSLError) -> [UInt8]
    ) throws(SpecError) -> JSONValue {
        guard case .object(var members) = item, let value = members[member] else { return item }
        members[member] = try signed(value, signer)
        return .object(members)
    }

    private static func encode(_ value: JSONValue) throws(SpecError) -> [UInt8] {
        guard let text = value.json(pretty: false) else {
            throw .spec(ReceiptError(.invalidJWS, "the spec cannot be written as JSON: a number that is not finite"))
        }
        return Array(text.utf8)
    }
}
