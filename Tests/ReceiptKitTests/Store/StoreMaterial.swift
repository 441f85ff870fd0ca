import Foundation
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting
@testable import ReceiptStore

/// Notifications of the test app signed by the EC test PKI, a validator for them, and a scratch store.
enum StoreMaterial {
    typealias M = StoreKit2Material

    /// A notification body (`{"signedPayload": ...}`) about transaction `id`, signed at `signed`.
    static func notification(
        uuid: String = UUID().uuidString, type: String = "DID_RENEW", signed: String = "2026-11-20T00:00:00Z",
        id: String = "1001", transactionExtra: String = "", environment: String = "Production",
        bundle: String = M.bundleID, expires: String = "2026-12-15T00:00:00Z", token: String? = nil,
        signer: TestPKI? = nil
    ) throws -> [UInt8] {
        let extra = transactionExtra + (token.map { #","appAccountToken":"\#($0)""# } ?? "")
        let transaction = M.transaction(
            id: id, expires: expires, extra: extra, environment: environment, bundle: bundle
        ).replacingOccurrences(of: "\"signedDate\":\"2026-11-20T00:00:00Z\"", with: "\"signedDate\":\"\(signed)\"")
        let renewal = M.renewal(id: id).replacingOccurrences(of: "2026-11-20T00:00:00Z", with: signed)
            .replacingOccurrences(of: "\"Production\"", with: "\"\(environment)\"")
        let spec = """
            {"notificationType":"\(type)","notificationUUID":"\(uuid)","version":"2.0","signedDate":"\(signed)",
            "data":{"appAppleId":\(M.appAppleID),"bundleId":"\(bundle)","environment":"\(environment)",
            "signedTransactionInfo":\(transaction),"signedRenewalInfo":\(renewal)}}
            """
        let jws = try M.jws(spec, signer)
        return Array(#"{"signedPayload":"\#(jws)"}"#.utf8)
    }

    static func validator(_ change: (inout ValidationOptions) -> Void = { _ in }) throws -> ReceiptValidator {
        var options = ValidationOptions()
        options.bundleID = M.bundleID
        change(&options)
        let root = try Certificate(der: try M.pki().root.certificateDER)
        return try ReceiptValidator(policy: .custom(roots: [root]), options: options)
    }

    static func rules(_ text: String = #"pro: subscription "pro.monthly" active"#) throws -> RuleConfiguration {
        RuleConfiguration(rules: try RuleSet.parse(file: text, name: "test"), time: CombinedInputsTests.now)
    }

    /// A store in a scratch directory, removed when the value goes away.
    final class Scratch {
        let directory: URL
        var path: String { directory.appendingPathComponent("store.sqlite").path }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(at: directory)
        }

        func open() throws -> any NotificationStore {
            try StoreLocation.parse("sqlite://" + path).open(create: true)
        }
    }
}
