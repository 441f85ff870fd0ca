import Foundation

/// Where the tests find what the project does not ship: the shared corpus, the recorded verifyReceipt
/// exchanges, and the Python that validates reports against the schema. Each comes from its variable, else
/// from its usual place; a test that needs a missing one fails with ``missing(_:at:)``, never passes.
public enum SharedData {
    /// One thing the tests read from outside the package.
    public enum Item: Sendable {
        case corpus, verifyReceipt, schemaPython

        /// The environment variable that names it.
        public var variable: String {
            switch self {
            case .corpus: "RECEIPT_CORPUS"
            case .verifyReceipt: "RECEIPT_VERIFYRECEIPT"
            case .schemaPython: "RECEIPT_CHECK_SCHEMA_PYTHON"
            }
        }

        var what: String {
            switch self {
            case .corpus: "RECEIPT CORPUS NOT FOUND"
            case .verifyReceipt: "VERIFYRECEIPT EXCHANGES NOT FOUND"
            case .schemaPython: "JSON Schema validator NOT FOUND"
            }
        }

        var expected: String {
            switch self {
            case .corpus: "the corpus folder (shared/corpus, with MANIFEST.json)"
            case .verifyReceipt:
                "the folder of recorded verifyReceipt exchanges (shared/verifyreceipt, with MANIFEST.json)"
            case .schemaPython:
                "a python with the packages of Scripts/schema-requirements.txt, or run make test-deps (Scripts/schema-venv.sh)"
            }
        }
    }

    /// The package root: this file is <root>/Tests/TestSupport/SharedData.swift.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `$RECEIPT_CORPUS`, else `shared/corpus` beside the package root.
    public static var corpus: URL {
        configured(.corpus) ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// `$RECEIPT_VERIFYRECEIPT`, else `verifyreceipt` beside the corpus: both are parts of one shared folder.
    public static var verifyReceipt: URL {
        configured(.verifyReceipt) ?? corpus.deletingLastPathComponent().appendingPathComponent("verifyreceipt")
    }

    /// `$RECEIPT_CHECK_SCHEMA_PYTHON`, else the virtual environment `make test-deps` makes.
    public static var schemaPython: URL {
        configured(.schemaPython) ?? packageRoot.appendingPathComponent(".build/schema-venv/bin/python")
    }

    /// What a test records when `item` is not at `location`: what is missing and exactly which variable to set.
    public static func missing(_ item: Item, at location: URL) -> String {
        "\(item.what): \(location.path); set \(item.variable) to \(item.expected)"
    }

    private static func configured(_ item: Item) -> URL? {
        guard let value = ProcessInfo.processInfo.environment[item.variable], !value.isEmpty else { return nil }
        return URL(fileURLWithPath: value)
    }
}
