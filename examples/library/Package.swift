// swift-tools-version:6.0
import PackageDescription

// ReceiptKit used as a library, from this repository by path (nothing is fetched): a server-side
// `premium` decision, and its tests with receipts signed by ReceiptKitTesting's test PKI.
let package = Package(
    name: "premium-check",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "receipt-check", path: "../..")],
    targets: [
        .target(name: "PremiumCheck", dependencies: [.product(name: "ReceiptKit", package: "receipt-check")]),
        .executableTarget(name: "premium-check", dependencies: ["PremiumCheck"]),
        .testTarget(
            name: "PremiumCheckTests",
            dependencies: [
                "PremiumCheck", .product(name: "ReceiptKit", package: "receipt-check"),
                .product(name: "ReceiptKitTesting", package: "receipt-check"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
