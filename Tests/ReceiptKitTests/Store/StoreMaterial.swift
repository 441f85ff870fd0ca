import Foundation
import ReceiptPostgres
import ReceiptSQLite
import TestSupport
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

    /// The store's backends, which the store's tests run against alike.
    enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    /// A store of its own for one test: a file in a scratch directory (removed when the value goes away), or
    /// a schema of its own in the test process's PostgreSQL cluster.
    final class Scratch {
        let backend: Backend
        let directory: URL
        /// What `--store` would say.
        let location: String
        var path: String { directory.appendingPathComponent("store.sqlite").path }

        init(_ backend: Backend = .sqlite) throws {
            self.backend = backend
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            switch backend {
            case .sqlite: location = "sqlite://" + directory.appendingPathComponent("store.sqlite").path
            case .postgres: location = try PostgresCluster.shared().freshStore()
            }
        }

        deinit {
            try? FileManager.default.removeItem(at: directory)
        }

        func open() throws -> any NotificationStore {
            try StoreLocation.parse(location).open(create: true)
        }

        /// A connection of its own that writes batches as the store's group commit does (the store opened first,
        /// so that its schema stands).
        func writer() throws -> any BatchWriting {
            switch backend {
            case .sqlite: try ReceiptSQLiteAccess.connection(path)
            case .postgres: try PostgresConnection(conninfo: location, setup: PostgresNotificationStore.session)
            }
        }

        /// Runs `sql` (`?` parameters bound to `values`) on a connection of its own, beside the store's; the
        /// rows, each value as text (integers in decimal).
        @discardableResult func run(_ sql: String, _ values: [String] = [], columns: Int = 0) throws -> [[String]] {
            switch backend {
            case .sqlite:
                let connection = try ReceiptSQLiteAccess.connection(path)
                return try connection.query(sql, values.map { .text($0) }, columns: columns).map { row in
                    row.map { value in
                        switch value {
                        case .integer(let number): String(number)
                        case .text(let text): text
                        case .null: ""
                        }
                    }
                }
            case .postgres:
                let connection = try PostgresConnection(conninfo: location)
                return try connection.query(PostgresNotificationStore.SQL.numbered(sql), values.map { .text($0) })
                    .map { row in
                        row.map { value in
                            switch value {
                            case .integer(let number): String(number)
                            case .text(let text): text
                            case .null: ""
                            }
                        }
                    }
            }
        }
    }
}
