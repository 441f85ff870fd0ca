#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A decoded StoreKit 2 payload of one of the kinds Apple signs.
public enum JWSPayload: Sendable, Equatable, Encodable {
    /// The app's purchase (AppTransaction), signed by the App Store.
    case appTransaction(AppTransaction)
    /// One in-app purchase transaction.
    case transaction(JWSTransaction)
    /// A subscription's renewal info.
    case renewalInfo(JWSRenewalInfo)
    /// An App Store Server Notification V2.
    case notification(NotificationPayload)
    /// A Retention Messaging API real-time request.
    case realtimeRequest(RealtimeRequest)
    /// A JSON object with no member marking a kind (Apple's library tests sign such): kept whole, still verified.
    case unidentified([String: JSONValue])

    /// Which of the payloads Apple signs; the raw value is the report's `kind`.
    public enum Kind: String, Sendable, Codable {
        /// An AppTransaction.
        case appTransaction = "app_transaction"
        /// A signed transaction.
        case transaction
        /// Signed renewal info.
        case renewalInfo = "renewal_info"
        /// A server notification.
        case notification
        /// A real-time retention request.
        case realtimeRequest = "realtime_request"
        /// A JSON object of none of the kinds above.
        case unidentified

        /// The raw value after its article, for messages: `an app_transaction`, `a transaction`.
        var withArticle: String {
            let vowel = rawValue.first.map { "aeiou".contains($0) } ?? false
            return "\(vowel ? "an" : "a") \(rawValue)"
        }
    }

    /// The payload's kind.
    public var kind: Kind {
        switch self {
        case .appTransaction: .appTransaction
        case .transaction: .transaction
        case .renewalInfo: .renewalInfo
        case .notification: .notification
        case .realtimeRequest: .realtimeRequest
        case .unidentified: .unidentified
        }
    }

    /// When Apple signed it, and which member said so: `signedDate`, or an AppTransaction's `receiptCreationDate`.
    var signingDate: (date: JWSDate, source: String)? {
        switch self {
        case .appTransaction(let payload):
            if let date = payload.signedDate { return (date, "signed_date") }
            return payload.receiptCreationDate.map { ($0, "receipt_creation_date") }
        case .transaction(let payload): return payload.signedDate.map { ($0, "signed_date") }
        case .renewalInfo(let payload): return payload.signedDate.map { ($0, "signed_date") }
        case .notification(let payload): return payload.signedDate.map { ($0, "signed_date") }
        case .realtimeRequest(let payload): return payload.signedDate.map { ($0, "signed_date") }
        case .unidentified(let members):
            guard let value = members["signedDate"], let date = try? JWSDate(json: value) else { return nil }
            return (date, "signed_date")
        }
    }

    /// The app's bundle id, for the kinds that carry one, even a kind this library does not recognise.
    public var bundleID: String? {
        switch self {
        case .appTransaction(let payload): payload.bundleId
        case .transaction(let payload): payload.bundleId
        case .renewalInfo: nil
        case .notification(let payload): payload.app?.bundleId
        case .realtimeRequest: nil
        case .unidentified(let members): members["bundleId"].flatMap(\.stringValue)
        }
    }

    /// Whether Apple's payloads of this kind name the app's Apple id.
    var namesAppAppleID: Bool {
        switch self {
        case .appTransaction, .notification, .realtimeRequest: true
        case .unidentified(let members): members["appAppleId"] != nil
        case .transaction, .renewalInfo: false
        }
    }

    /// The app's Apple id, for the kinds that carry one.
    var appAppleID: Int64? {
        switch self {
        case .appTransaction(let payload): payload.appAppleId
        case .notification(let payload): payload.app?.appAppleId
        case .realtimeRequest(let payload): payload.appAppleId
        case .unidentified(let members): members["appAppleId"].flatMap { try? Int64(json: $0) }
        case .transaction, .renewalInfo: nil
        }
    }

    /// The payload's own word on where it was made, for the kinds that carry one.
    public var environment: AppStoreValue<AppStoreEnvironment>? {
        switch self {
        case .appTransaction(let payload): payload.environment ?? payload.receiptType
        case .transaction(let payload): payload.environment
        case .renewalInfo(let payload): payload.environment
        case .notification(let payload): payload.app?.environment
        case .realtimeRequest(let payload): payload.environment
        case .unidentified(let members): members["environment"]?.stringValue.map(AppStoreValue.init(rawValue:))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .appTransaction(let payload): try payload.encode(to: encoder)
        case .transaction(let payload): try payload.encode(to: encoder)
        case .renewalInfo(let payload): try payload.encode(to: encoder)
        case .notification(let payload): try payload.encode(to: encoder)
        case .realtimeRequest(let payload): try payload.encode(to: encoder)
        case .unidentified(let members): try members.encode(to: encoder)
        }
    }
}

extension JWSPayload {
    /// The payload as a report's `payload` member writes it.
    var value: FieldValue {
        switch self {
        case .appTransaction(let payload): .model(payload)
        case .transaction(let payload): .model(payload)
        case .renewalInfo(let payload): .model(payload)
        case .notification(let payload): .model(payload)
        case .realtimeRequest(let payload): .model(payload)
        case .unidentified(let members): .members(members)
        }
    }
}

extension JWSPayload {
    /// The payload as `value` says, written with the model's own type (not boxed).
    func write(to writer: inout CompactJSONWriter) throws(CompactJSONWriter.DeclinedError) {
        switch self {
        case .appTransaction(let payload): try writer.object(payload)
        case .transaction(let payload): try writer.object(payload)
        case .renewalInfo(let payload): try writer.object(payload)
        case .notification(let payload): try writer.object(payload)
        case .realtimeRequest(let payload): try writer.object(payload)
        case .unidentified(let members): try writer.json(members)
        }
    }
}
