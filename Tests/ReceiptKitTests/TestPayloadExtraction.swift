@testable import ReceiptKit

/// Pulls the payload out of a PKCS#7 receipt for tests, until the container parser exists.
///
/// Walks ContentInfo -> [0] -> SignedData -> encapContentInfo -> [0] -> OCTET STRING without
/// checking anything else; `octets()` joins the segmented BER form Xcode writes.
enum TestPayloadExtraction {
    static func payload(fromPKCS7 bytes: [UInt8]) throws -> ArraySlice<UInt8> {
        var outer = ASN1Reader(bytes)
        let contentInfo = try outer.read(ASN1Tag.sequence, "ContentInfo")
        var contentInfoFields = try contentInfo.children()
        _ = try contentInfoFields.read(ASN1Tag.objectIdentifier, "contentType")
        var explicitContent = try contentInfoFields.read(ASN1Tag.contextConstructed(0), "[0] content").children()
        var signedData = try explicitContent.read(ASN1Tag.sequence, "SignedData").children()
        _ = try signedData.read(ASN1Tag.integer, "SignedData version")
        _ = try signedData.read(ASN1Tag.set, "digestAlgorithms")
        var encapsulated = try signedData.read(ASN1Tag.sequence, "encapContentInfo").children()
        _ = try encapsulated.read(ASN1Tag.objectIdentifier, "eContentType")
        var eContent = try encapsulated.read(ASN1Tag.contextConstructed(0), "[0] eContent").children()
        return try eContent.next().octets()
    }
}
