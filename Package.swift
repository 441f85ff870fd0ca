// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "receipt-check",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ReceiptKit", targets: ["ReceiptKit"]),
        .executable(name: "receipt-check", targets: ["receipt-check"]),
    ],
    targets: [
        .systemLibrary(
            name: "CReceipt",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev", "pkg-config"]), .brew(["openssl@3", "pkg-config"])]
        ),
        .target(name: "ReceiptKit", dependencies: ["CReceipt"]),
        .executableTarget(name: "receipt-check", dependencies: ["ReceiptKit"]),
        .executableTarget(name: "receipt-bench", dependencies: ["ReceiptKit", "CReceipt"]),
        .testTarget(name: "ReceiptKitTests", dependencies: ["ReceiptKit"]),
        .testTarget(name: "ReceiptCheckCLITests", dependencies: ["receipt-check", "ReceiptKit"]),
    ],
    swiftLanguageModes: [.v6]
)
