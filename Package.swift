// swift-tools-version:6.2
import PackageDescription

/// Strict memory safety checking: every unsafe construct is diagnosed unless marked `unsafe`.
let strict: [SwiftSetting] = [.strictMemorySafety()]
/// The same, with its diagnostics as errors: for a target that has none left.
let strictErrors: [SwiftSetting] = strict + [.treatWarning("StrictMemorySafety", as: .error)]

let package = Package(
    name: "receipt-check",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ReceiptKit", targets: ["ReceiptKit"]),
        .library(name: "ReceiptKitTesting", targets: ["ReceiptKitTesting"]),
        .executable(name: "receipt-check", targets: ["receipt-check"]),
    ],
    targets: [
        .systemLibrary(
            name: "CReceipt",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev", "pkg-config"]), .brew(["openssl@3", "pkg-config"])]
        ),
        // libcurl's shims for the App Store Server API client: no link, the library is opened with dlopen
        // when a request is made, so that verify never loads it.
        .systemLibrary(name: "CCurl"),
        // libfcgi's shims for `receipt-check serve`: no link either, the library is opened with dlopen when the
        // service starts.
        .systemLibrary(name: "CFastCGI"),
        // libsqlite3's shims for the notification store: opened with dlopen when a store is opened, as libfcgi.
        .systemLibrary(name: "CSQLite"),
        // libpq's shims for a PostgreSQL notification store: opened with dlopen when such a store is opened.
        .systemLibrary(name: "CPostgres"),
        // Strict memory safety (SE-0458) everywhere; its warnings are errors in a target once it has none
        // (`make memory-safety` holds the rest: no unsafe use outside the walls, OpenSSL/, Curl/,
        // ReceiptSystem and Bytes/).
        // The wall around the C library's system calls (descriptors, files, directories, the clock,
        // malloc_trim, child processes) that the command line and the bench use: a target of its own, so
        // that its types are no part of ReceiptKit's public API.
        .target(name: "ReceiptSystem", swiftSettings: strictErrors),
        // The wall around libfcgi, the service's threads and signals (`receipt-check serve`): a target of its
        // own, like ReceiptSystem, so that the command line's code stays free of unsafe use.
        .target(name: "ReceiptFastCGI", dependencies: ["CFastCGI"], swiftSettings: strictErrors),
        // The wall around libsqlite3: connections and statements with bound values, like ReceiptFastCGI.
        .target(name: "ReceiptSQLite", dependencies: ["CSQLite"], swiftSettings: strictErrors),
        // The wall around libpq: connections running statements with bound parameters, like ReceiptSQLite.
        .target(name: "ReceiptPostgres", dependencies: ["CPostgres"], swiftSettings: strictErrors),
        .target(name: "ReceiptKit", dependencies: ["CReceipt", "CCurl", "ReceiptSystem"], swiftSettings: strict),
        // The notification store (`serve --store`, `customer`, `store import`): verified notifications kept
        // durably, each customer's latest word decided as `verify --combine` decides.
        .target(
            name: "ReceiptStore", dependencies: ["ReceiptKit", "ReceiptSQLite", "ReceiptPostgres"],
            swiftSettings: strictErrors),
        // Minting (a test PKI, signed receipts and JWS) for tests, kept out of the verifier.
        .target(
            name: "ReceiptKitTesting", dependencies: ["ReceiptKit", "CReceipt"],
            swiftSettings: strictErrors),
        // The command line, a library so that its tests import it without depending on the linked executable
        // (whose every relink would make SwiftPM re-emit the tests' module).
        .target(
            name: "ReceiptCheckCLI",
            dependencies: ["ReceiptKit", "ReceiptKitTesting", "ReceiptSystem", "ReceiptFastCGI", "ReceiptStore"],
            swiftSettings: strictErrors),
        .executableTarget(name: "receipt-check", dependencies: ["ReceiptCheckCLI"], swiftSettings: strictErrors),
        .executableTarget(
            name: "receipt-bench", dependencies: ["ReceiptKit", "ReceiptKitTesting", "ReceiptSystem"],
            swiftSettings: strictErrors),
        // What the test targets share: the child-process runner and where the shared data is found.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "ReceiptKitTests",
            dependencies: [
                "ReceiptKit", "ReceiptKitTesting", "ReceiptSystem", "ReceiptStore", "ReceiptSQLite", "ReceiptPostgres",
                "TestSupport",
            ]),
        .testTarget(
            name: "ReceiptCheckCLITests",
            dependencies: [
                "ReceiptCheckCLI", "ReceiptKit", "ReceiptKitTesting", "ReceiptSystem", "ReceiptStore", "TestSupport",
            ],
            // Read by path from the package root (CorpusGoldenTests), not bundled as resources.
            exclude: ["Golden"]),
        // The tests of the project's own scripts, CI and documents' rules (make test-scripts), apart from the
        // product's: they import no product module, and make test does not run them.
        .testTarget(name: "ScriptTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The fuzz binaries (Scripts/fuzz.sh build), declared only for that build, which links libFuzzer's runtime and
// takes their mains: every other build has no such targets and needs no fuzzer. RECEIPT_FUZZ_HARNESS names the
// folder fuzz.sh links the library's targets into (Tests/ReceiptKitTests/Fuzz, ReceiptKitTests' own files, and
// Tools/Fuzz/FuzzEntry.swift), since SwiftPM takes a file for one target only.
if let harness = Context.environment["RECEIPT_FUZZ_HARNESS"] {
    package.targets += [
        .executableTarget(
            name: "receipt-fuzz", dependencies: ["ReceiptKit", "ReceiptStore"], path: harness,
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "receipt-fuzz-serve", dependencies: ["ReceiptCheckCLI", "ReceiptKit"], path: "Tools/Fuzz/Serve",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
}
