import ReceiptKit
import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Receipts signed in-process with a fresh test PKI, shaped like App Store ones.
struct SyntheticReceipts {
    let pki: TestPKI
    let root: Certificate
    /// 2024-02-23T17:27:16Z, inside the test PKI's validity.
    static let created = Date(timeIntervalSince1970: 1_708_709_236)

    init() throws {
        pki = try TestPKI.generate()
        root = try Certificate(derOrPEM: pki.root.certificatePEM)
    }

    /// A signed DER receipt with `count` auto-renewable subscription purchases.
    func receipt(inApp count: Int) throws -> [UInt8] {
        var purchases: [InAppPurchase] = []
        purchases.reserveCapacity(count)
        for index in 0..<count {
            let bought = Self.created.addingTimeInterval(Double(index - count) * 3600)
            purchases.append(
                InAppPurchase(
                    quantity: 1, productID: "com.example.app.subscription.monthly",
                    transactionID: String(1_000_000_000_000 + index), purchaseDate: bought,
                    originalTransactionID: "1000000000000000",
                    originalPurchaseDate: Self.created.addingTimeInterval(-1e7),
                    productType: 3, expiresDate: bought.addingTimeInterval(2_592_000),
                    webOrderLineItemID: Int64(2_000_000_000 + index), isTrialPeriod: false,
                    isInIntroOfferPeriod: index == 0))
        }
        let receipt = ParsedReceipt(
            receiptType: "Production", appItemID: 1_234_567_890, bundleID: "com.example.app", applicationVersion: "42",
            opaqueValue: Array(repeating: 0x5a, count: 16), sha1Hash: Array(repeating: 0xa5, count: 20),
            receiptCreationDate: Self.created, inApp: purchases,
            originalPurchaseDate: Self.created.addingTimeInterval(-1e8), originalApplicationVersion: "1.0")
        return try ReceiptSigner.sign(try ReceiptEncoder.encode(receipt), pki: pki)
    }
}
