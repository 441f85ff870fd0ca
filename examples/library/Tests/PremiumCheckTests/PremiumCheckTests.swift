import PremiumCheck
import ReceiptKit
import ReceiptKitTesting
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Receipts signed by a test PKI: an early buyer gets premium; a late one, another app's receipt and a
/// receipt signed under another root get nothing.
struct PremiumCheckTests {
    static let bundleID = "com.example.app"
    static let pki = Result { try TestPKI.generate() }

    func receipt(
        firstBuild: String, bundleID: String = bundleID, type: String = "Production", pki: TestPKI
    ) throws -> [UInt8] {
        let receipt = ParsedReceipt(
            receiptType: type, bundleID: bundleID, applicationVersion: "31", receiptCreationDate: Date(),
            originalApplicationVersion: firstBuild)
        return try ReceiptSigner.sign(try ReceiptEncoder.encode(receipt), pki: pki)
    }

    func check() throws -> PremiumCheck {
        try PremiumCheck(bundleID: Self.bundleID, testRootPEM: try Self.pki.get().root.certificatePEM)
    }

    @Test func anEarlyBuyerGetsPremium() throws {
        #expect(try check().grantsPremium(try receipt(firstBuild: "12", pki: try Self.pki.get())))
    }

    @Test func aLaterBuyerDoesNot() throws {
        #expect(try !check().grantsPremium(try receipt(firstBuild: "24", pki: try Self.pki.get())))
    }

    @Test func anotherAppsReceiptGrantsNothing() throws {
        let other = try receipt(firstBuild: "12", bundleID: "com.example.other", pki: try Self.pki.get())
        #expect(try !check().grantsPremium(other))
    }

    @Test func aSandboxReceiptGrantsNothing() throws {
        let sandbox = try receipt(firstBuild: "12", type: "ProductionSandbox", pki: try Self.pki.get())
        #expect(try !check().grantsPremium(sandbox))
    }

    @Test func aReceiptSignedUnderAnotherRootGrantsNothing() throws {
        // Same names as the trusted PKI, other keys: a forger's look-alike.
        let forged = try receipt(firstBuild: "12", pki: try TestPKI.generate())
        #expect(try !check().grantsPremium(forged))
    }

    @Test func appleRootsRefuseATestReceipt() throws {
        let apple = try PremiumCheck(bundleID: Self.bundleID)
        #expect(!apple.grantsPremium(try receipt(firstBuild: "12", pki: try Self.pki.get())))
    }
}
