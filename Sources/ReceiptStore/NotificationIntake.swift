import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Receiving one notification: verified exactly as `verify` verifies it (the validator's chain, roots,
/// bundle id, app Apple id, environment), then kept durably before anything says it was; a body that fails
/// verification is quarantined and refused, never kept as trusted. `POST /notifications` and `store import`
/// both come through here.
public struct NotificationIntake: Sendable {
    public let validator: ReceiptValidator
    public let store: any NotificationStore

    /// What became of one body, and what the sender is answered.
    public enum Outcome: Sendable, Equatable {
        /// Verified and committed now.
        case stored(uuid: String)
        /// Verified; that UUID was already kept (committed before): kept once, answered as kept again.
        case duplicate(uuid: String)
        /// Not verified, or no notification the store keeps: quarantined, refused with the reason.
        case refused(reason: String, message: String)
        /// No verdict now (a revocation status not proven): try again; nothing kept.
        case retry(message: String)
        /// The store could not write, or verification failed on the verifier's own side: try again.
        case failed(message: String)
    }

    /// An intake for the app the validator names; refused without a bundle id, since a store must never
    /// take any app's notifications as its own.
    public init(validator: ReceiptValidator, store: any NotificationStore) throws(StoreError) {
        guard validator.options.bundleID != nil else {
            throw StoreError("a store keeps one app's notifications: give --bundle-id")
        }
        self.validator = validator
        self.store = store
    }

    /// Receives one body. With `signedData`, a signed transaction or one subscription status is kept too (an
    /// App Store Server API answer's element, `store import` and `store reconcile --apply`);
    /// `POST /notifications` takes notifications only.
    public func receive(_ body: [UInt8], now: Date = Date(), signedData: Bool = false) -> Outcome {
        let received = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        let report = validator.validate(body, input: "notification")
        switch report.exitStatus {
        case 0:
            break
        case 75:
            return .retry(message: report.message ?? "the notification could not be verified now")
        case 70:
            return .failed(message: report.message ?? "the verifier failed")
        default:
            return refuse(
                body, reason: report.reason?.rawValue ?? report.status.rawValue,
                message: report.message ?? "the notification did not verify", at: received)
        }
        let notification: StoredNotification
        do throws(StoredNotification.NotKept) {
            if signedData, let bundleID = validator.options.bundleID,
                report.jws?.payload?.isSignedData == true || report.response != nil
            {
                notification = try StoredNotification(
                    signedData: report, bundleID: bundleID, body: body, receivedAtMilliseconds: received)
            } else {
                notification = try StoredNotification(report: report, body: body, receivedAtMilliseconds: received)
            }
        } catch {
            return refuse(
                body, reason: signedData ? "not_kept" : "not_a_notification", message: error.message, at: received)
        }
        do throws(StoreError) {
            switch try store.record(notification) {
            case .stored: return .stored(uuid: notification.uuid)
            case .duplicate: return .duplicate(uuid: notification.uuid)
            }
        } catch {
            return .failed(message: error.message)
        }
    }

    /// Quarantines the body, then refuses it; a quarantine that cannot be written is said in the message
    /// (the refusal stands: the body is no notification to keep either way).
    private func refuse(_ body: [UInt8], reason: String, message: String, at received: Int64) -> Outcome {
        do throws(StoreError) {
            try store.quarantine(
                QuarantinedNotification(receivedAtMilliseconds: received, reason: reason, message: message, body: body))
            return .refused(reason: reason, message: message)
        } catch {
            return .refused(reason: reason, message: message + " (not quarantined: \(error.message))")
        }
    }
}

extension JWSPayload {
    /// A signed transaction or renewal info: what an App Store Server API answer holds besides notifications.
    fileprivate var isSignedData: Bool {
        switch self {
        case .transaction, .renewalInfo: true
        default: false
        }
    }
}
