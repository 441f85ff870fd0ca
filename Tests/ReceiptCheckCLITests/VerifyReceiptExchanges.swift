import Foundation
import TestSupport
import Testing

/// The real verifyReceipt exchanges beside the clone (`../shared/verifyreceipt`, or
/// `$RECEIPT_VERIFYRECEIPT`): the receipt sent and Apple's response body for it.
enum VerifyReceiptExchanges {
    struct Exchange: CustomTestStringConvertible {
        let name: String
        let folder: URL
        /// The endpoint the request went to: `production`, `sandbox`, or nil when not recorded.
        let environment: String?

        /// `request.json` where the project recorded the request, else the receipt itself.
        var input: String {
            let request = folder.appendingPathComponent("request.json")
            return FileManager.default.fileExists(atPath: request.path)
                ? request.path : folder.appendingPathComponent("receipt.der").path
        }

        var response: URL { folder.appendingPathComponent("response.json") }
        var testDescription: String { name }
    }

    static var directory: URL { SharedData.verifyReceipt }

    /// Every exchange of the manifest; records a failure (never passes silently) when the folder is missing.
    static func all(sourceLocation: SourceLocation = #_sourceLocation) -> [Exchange] {
        let manifest = directory.appendingPathComponent("MANIFEST.json")
        guard let data = FileManager.default.contents(atPath: manifest.path),
            let entries = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]]
        else {
            Issue.record("\(SharedData.missing(.verifyReceipt, at: manifest))", sourceLocation: sourceLocation)
            return []
        }
        return entries.compactMap { entry in
            guard let name = entry["name"] as? String else { return nil }
            let url = (entry["request"] as? [String: Any])?["url"] as? String ?? ""
            let environment = url.contains("://buy.") ? "production" : url.contains("://sandbox.") ? "sandbox" : nil
            return Exchange(name: name, folder: directory.appendingPathComponent(name), environment: environment)
        }.sorted { $0.name < $1.name }
    }
}
