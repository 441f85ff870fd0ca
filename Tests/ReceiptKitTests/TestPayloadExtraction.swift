@testable import ReceiptKit

/// Pulls the payload out of a PKCS#7 receipt for tests, until the container parser exists.
///
/// Walks ContentInfo -> [0] -> SignedData -> encapContentInfo -> [0] -> OCTET STRING without
/// checking anything else; `octets(_:)` joins the segmented BER form Xcode writes.
enum TestPayloadExtraction {
    static func payload(fromPKCS7 bytes: [UInt8]) throws -> ArraySlice<UInt8> {
        var outer = ASN1Reader(bytes)
        let contentInfo = try outer.read(ASN1Tag.sequence, "ContentInfo")
        var contentInfoFields = try outer.children(of: contentInfo)
        _ = try contentInfoFields.read(ASN1Tag.objectIdentifier, "contentType")
        var explicitContent = try outer.children(
            of: contentInfoFields.read(ASN1Tag.contextConstructed(0), "[0] content"))
        var signedData = try outer.children(of: explicitContent.read(ASN1Tag.sequence, "SignedData"))
        _ = try signedData.read(ASN1Tag.integer, "SignedData version")
        _ = try signedData.read(ASN1Tag.set, "digestAlgorithms")
        var encapsulated = try outer.children(of: signedData.read(ASN1Tag.sequence, "encapContentInfo"))
        _ = try encapsulated.read(ASN1Tag.objectIdentifier, "eContentType")
        var eContent = try outer.children(of: encapsulated.read(ASN1Tag.contextConstructed(0), "[0] eContent"))
        return try outer.octets(eContent.next())
    }
}
