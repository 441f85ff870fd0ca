import TestSupport
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finds the shared receipt corpus and reads its manifest for tests.
///
/// The corpus lives outside the repository (it is not ours to redistribute): `$RECEIPT_CORPUS`,
/// else `../shared/corpus` beside the package root.
enum TestCorpus {
    static var directory: URL { SharedData.corpus }

    /// The manifest, or nil after recording why it is missing as a test failure, so a run
    /// without the corpus never passes silently. Decoded once per run (it is 1.3 MB and read by
    /// dozens of tests); every caller still records its own failure.
    static func manifest(sourceLocation: SourceLocation = #_sourceLocation) -> Manifest? {
        switch decoded {
        case .success(let manifest):
            return manifest
        case .failure(let error):
            Issue.record(
                "\(SharedData.missing(.corpus, at: manifestURL)) (\(error))", sourceLocation: sourceLocation)
            return nil
        }
    }

    static var manifestURL: URL { directory.appendingPathComponent("MANIFEST.json") }

    /// The manifest's bytes, read once per run.
    static let manifestData: Result<Data, any Error> = Result { try Data(contentsOf: manifestURL) }

    private static let decoded: Result<Manifest, any Error> = Result {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Manifest.self, from: manifestData.get())
    }

    static func bytes(of entry: Manifest.Receipt) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(entry.file)))
    }

    struct Manifest: Decodable, Sendable {
        let receipts: [Receipt]

        let negative: [Negative]

        struct Receipt: Decodable, Sendable {
            let file: String
            let kind: String
            let expected: Expected
            let verifies: Verifies
            let hashCheck: HashCheck?
        }

        struct Verifies: Decodable, Sendable {
            let appleRootPlain: Bool
            let appleRootAtCreationDate: Bool
            let storekitTestRoot: Bool
        }

        struct HashCheck: Decodable, Sendable {
            let deviceGuidHex: String
            let sha1: String
            let matches: Bool
        }

        struct Negative: Decodable, Sendable {
            let file: String
        }

        struct Expected: Decodable, Sendable {
            let receiptType: String?
            let kindFromReceiptType: String
            let appItemId: Int64?
            let bundleId: String?
            let bundleIdDerHex: String?
            let appVersion: String?
            let originalAppVersion: String?
            let creationDateEpoch: Double?
            let expirationDateEpoch: Double?
            let originalPurchaseDateEpoch: Double?
            let ageRating: String?
            let opaqueHex: String?
            let hashHex: String?
            let typesPresent: [Int64]
            let undocumentedTypes: [Int64]
            let undocumentedValues: [String: Value]
            let duplicateTypes: [Int64]
            let inAppCount: Int
            let inApp: [InApp]
        }

        struct InApp: Decodable, Sendable {
            let quantity: Int64?
            let productId: String?
            let transactionId: String?
            let originalTransactionId: String?
            let purchaseDate: String?
            let purchaseDateEpoch: Double?
            let originalPurchaseDate: String?
            let originalPurchaseDateEpoch: Double?
            let expiresDate: String?
            let expiresDateEpoch: Double?
            let cancellationDate: String?
            let cancellationDateEpoch: Double?
            let webOrderLineItemId: Int64?
            let isInIntroOfferPeriod: Int64?
            let typesPresent: [Int64]
            let undocumentedTypes: [Int64]
            let undocumentedValues: [String: Value]
        }

        /// An undocumented attribute as the corpus tool decoded it: `raw` values are hex.
        struct Value: Decodable, Sendable {
            let asn1: String
            let value: Scalar
        }

        enum Scalar: Decodable, Equatable, Sendable {
            case integer(Int64)
            case text(String)

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let number = try? container.decode(Int64.self) {
                    self = .integer(number)
                } else {
                    self = .text(try container.decode(String.self))
                }
            }
        }
    }
}
