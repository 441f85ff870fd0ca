import ReceiptKit
import Testing

@testable import ReceiptCheckCLI

/// `--id-kind`: an app transaction id only for the operations Apple documents as taking one
/// (`anyTransactionId`), refused for every other before anything is sent.
extension APICommandTests {
    static let anyTransactionIDOperations: Set<AppStoreServerAPIOperation> = [
        .getTransactionHistory, .getAllSubscriptionStatuses, .getAppTransactionInfo, .getRefundHistory,
    ]

    @Test func anAppTransactionIDOnlyWhereAppleTakesOne() throws {
        for operation in AppStoreServerAPIOperation.allCases {
            let operands = APIRequestArguments.operands(of: operation).map { _ in "705000000000001" }
            for kind in AppStoreServerAPIRequest.IdentifierKind.allCases {
                let arguments = try CommandLineReader.parse(
                    ArraySlice([operation.rawValue] + operands + ["--id-kind", kind.rawValue]), for: APICommand.spec)
                let taken = Self.anyTransactionIDOperations.contains(operation) || kind == .transaction
                do throws(UsageError) {
                    let read = try APIRequestArguments.idKind(operation, arguments)
                    #expect(read == kind)
                    #expect(taken, "\(operation.rawValue) took --id-kind \(kind.rawValue)")
                } catch {
                    #expect(!taken, "\(operation.rawValue) --id-kind \(kind.rawValue): \(error.message)")
                    #expect(error.message.contains("\(operation.rawValue) takes no app transaction id"))
                }
            }
        }
        // End to end: refused before anything is sent (a request sent to this server would be 75).
        let keys = try SigningKeyFiles()
        let refused = try Self.api(
            ["get-transaction-info", "705000000000001", "--id-kind", "app-transaction"] + Self.unreachable,
            environment: Self.environment(keys))
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("get-transaction-info takes no app transaction id"), "\(refused.stderr)")
    }
}
