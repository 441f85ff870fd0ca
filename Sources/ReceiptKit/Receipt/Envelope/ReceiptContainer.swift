/// The PKCS#7 signedData around a receipt: its content, certificates and signer.
///
/// Parsed in Swift rather than with `d2i_PKCS7`: OpenSSL 3 decodes every embedded
/// certificate on each call, which costs twenty times the signature check, while the
/// certificates of a batch repeat. Here they stay as bytes until the chain cache needs them.
package struct ReceiptContainer: Sendable {
    package let encoding: ValidationReport.Encoding
    /// The signed content: the receipt payload.
    package let payload: ArraySlice<UInt8>
    /// The DER of each embedded certificate, in the order given.
    package let certificates: [ArraySlice<UInt8>]
    package let signers: [SignerInfo]

    /// The most certificates, and separately signers, one container may carry. Receipts embed
    /// three certificates and one signer; the cap stops a 16 MiB input from making OpenSSL
    /// decode a hundred thousand tiny certificates.
    package static let maximumEmbedded = 16

    /// Parses a ContentInfo holding signedData with encapsulated data content.
    package static func parse(_ bytes: ArraySlice<UInt8>) throws(ReceiptError) -> ReceiptContainer {
        do {
            return try parseStructure(bytes)
        } catch {
            throw ReceiptError(error, in: "not a valid PKCS#7 container")
        }
    }

    /// Walks the container with cursors over `bytes`: elements as indices, so that the walk takes no reference
    /// count of the buffer, and only what the container keeps is sliced.
    private static func parseStructure(_ bytes: ArraySlice<UInt8>) throws(ASN1Error) -> ReceiptContainer {
        var top = ASN1Cursor(bytes)
        let contentInfo = try top.read(ASN1Tag.sequence, "PKCS#7 ContentInfo", in: bytes)
        try top.expectEnd("the PKCS#7 ContentInfo")
        var isBER = contentInfo.isIndefiniteLength

        var info = try ASN1Cursor(childrenOf: contentInfo)
        try expect(OID.signedData, named: "signedData", as: "content type", in: &info, bytes)
        let explicit = try info.read(ASN1Tag.contextConstructed(0), "signedData content", in: bytes)
        try info.expectEnd("signedData content")
        var wrapper = try ASN1Cursor(childrenOf: explicit)
        let signedData = try wrapper.read(ASN1Tag.sequence, "SignedData", in: bytes)
        try wrapper.expectEnd("SignedData")
        isBER = isBER || explicit.isIndefiniteLength || signedData.isIndefiniteLength

        var fields = try ASN1Cursor(childrenOf: signedData)
        let version = try fields.read(ASN1Tag.integer, "SignedData version", in: bytes)
        _ = try ASN1Element.nonNegativeInteger(bytes[version.contents], at: version.start)
        _ = try fields.read(ASN1Tag.set, "digest algorithms", in: bytes)

        let encapsulated = try fields.read(ASN1Tag.sequence, "encapsulated content", in: bytes)
        var content = try ASN1Cursor(childrenOf: encapsulated)
        try expect(OID.data, named: "data", as: "encapsulated content type", in: &content, bytes)
        guard let eContentWrapper = try content.readIfPresent(ASN1Tag.contextConstructed(0), in: bytes) else {
            throw ASN1Error(.truncated, at: content.position, "the receipt content is detached (absent)")
        }
        try content.expectEnd("encapsulated content")
        var eContentReader = try ASN1Cursor(childrenOf: eContentWrapper)
        let eContent = try eContentReader.next(in: bytes)
        try eContentReader.expectEnd("encapsulated content")
        // A DER OCTET STRING is its contents, not copied; a segmented (BER) one is joined.
        let payload = try ASN1Element(eContent, in: bytes).octets()
        isBER =
            isBER || encapsulated.isIndefiniteLength || eContentWrapper.isIndefiniteLength
            || eContent.tag == ASN1Tag.constructedOctetString

        var certificates: [ArraySlice<UInt8>] = []
        if let certificateSet = try fields.readIfPresent(ASN1Tag.contextConstructed(0), in: bytes) {
            isBER = isBER || certificateSet.isIndefiniteLength
            var reader = try ASN1Cursor(childrenOf: certificateSet)
            // A receipt embeds three certificates (an Xcode one, one): one allocation for them all.
            certificates.reserveCapacity(4)
            while !reader.isAtEnd {
                guard certificates.count < maximumEmbedded else {
                    throw ASN1Error(
                        .tooManyElements, at: reader.position, "more than \(maximumEmbedded) embedded certificates")
                }
                let certificate = try reader.next(in: bytes)
                guard certificate.tag == ASN1Tag.sequence, !certificate.isIndefiniteLength else {
                    throw ASN1Error(.unexpectedTag, at: certificate.start, "an embedded certificate is not DER")
                }
                certificates.append(bytes[certificate.encoded])
            }
        }
        _ = try fields.readIfPresent(ASN1Tag.contextConstructed(1), in: bytes)  // CRLs: never used by receipts

        let signerSet = try fields.read(ASN1Tag.set, "signer infos", in: bytes)
        try fields.expectEnd("SignedData")
        isBER = isBER || signerSet.isIndefiniteLength
        var signerReader = try ASN1Cursor(childrenOf: signerSet)
        var signers: [SignerInfo] = []
        while !signerReader.isAtEnd {
            guard signers.count < maximumEmbedded else {
                throw ASN1Error(.tooManyElements, at: signerReader.position, "more than \(maximumEmbedded) signers")
            }
            signers.append(try signerInfo(signerReader.read(ASN1Tag.sequence, "SignerInfo", in: bytes), bytes))
        }
        return ReceiptContainer(
            encoding: isBER ? .ber : .der, payload: payload, certificates: certificates, signers: signers)
    }

    /// Reads the OBJECT IDENTIFIER `what`, which must be `expected` (called `name`): a container of another
    /// content type holds no receipt, and is refused as an unexpected tag.
    private static func expect(
        _ expected: [UInt8], named name: String, as what: String, in cursor: inout ASN1Cursor,
        _ bytes: ArraySlice<UInt8>
    ) throws(ASN1Error) {
        let identifier = try cursor.read(ASN1Tag.objectIdentifier, what, in: bytes)
        guard OID.matches(bytes[identifier.contents], expected) else {
            throw ASN1Error(
                .unexpectedTag, at: identifier.start,
                "\(what) is \(OID.dotted(bytes[identifier.contents])), not \(name)")
        }
    }

    private static func signerInfo(_ element: ASN1Span, _ bytes: ArraySlice<UInt8>) throws(ASN1Error) -> SignerInfo {
        var fields = try ASN1Cursor(childrenOf: element)
        let version = try fields.read(ASN1Tag.integer, "SignerInfo version", in: bytes)
        _ = try ASN1Element.nonNegativeInteger(bytes[version.contents], at: version.start)
        let identifier: SignerInfo.Identifier
        if let keyIdentifier = try fields.readIfPresent(ASN1Tag.contextPrimitive(0), in: bytes) {
            identifier = .subjectKeyIdentifier(bytes[keyIdentifier.contents])
        } else {
            var issuerAndSerial = try ASN1Cursor(
                childrenOf: fields.read(ASN1Tag.sequence, "signer identifier", in: bytes))
            let issuer = try issuerAndSerial.read(ASN1Tag.sequence, "signer issuer", in: bytes)
            let serial = try issuerAndSerial.read(ASN1Tag.integer, "signer serial number", in: bytes)
            try issuerAndSerial.expectEnd("signer identifier")
            identifier = .issuerAndSerialNumber(issuer: bytes[issuer.encoded], serial: bytes[serial.contents])
        }
        let digestAlgorithm = try algorithm(fields.read(ASN1Tag.sequence, "signer digest algorithm", in: bytes), bytes)

        var signedAttributes: [UInt8]?
        var messageDigest: ArraySlice<UInt8>?
        if let attributes = try fields.readIfPresent(ASN1Tag.contextConstructed(0), in: bytes) {
            guard !attributes.isIndefiniteLength else {
                throw ASN1Error(.invalidLength, at: attributes.start, "signed attributes must be DER")
            }
            // The signature covers the attributes encoded as a SET, not as the [0] they are stored as.
            var encoded = Array(bytes[attributes.encoded])
            encoded[0] = ASN1Tag.set
            signedAttributes = encoded
            messageDigest = try Self.messageDigest(in: attributes, bytes)
        }
        let signatureAlgorithm = try algorithm(fields.read(ASN1Tag.sequence, "signature algorithm", in: bytes), bytes)
        let signature = try fields.read(ASN1Tag.octetString, "signature", in: bytes)
        _ = try fields.readIfPresent(ASN1Tag.contextConstructed(1), in: bytes)  // unsigned attributes
        try fields.expectEnd("SignerInfo")
        return SignerInfo(
            identifier: identifier, digestAlgorithm: digestAlgorithm, signedAttributes: signedAttributes,
            messageDigest: messageDigest, signatureAlgorithm: signatureAlgorithm, signature: bytes[signature.contents])
    }

    /// The OID contents of an AlgorithmIdentifier (parameters are NULL or absent for the
    /// algorithms receipts use, and are not needed to check a signature).
    private static func algorithm(_ element: ASN1Span, _ bytes: ArraySlice<UInt8>) throws(ASN1Error)
        -> ArraySlice<UInt8>
    {
        var fields = try ASN1Cursor(childrenOf: element)
        return bytes[try fields.read(ASN1Tag.objectIdentifier, "algorithm identifier", in: bytes).contents]
    }

    private static func messageDigest(in attributes: ASN1Span, _ bytes: ArraySlice<UInt8>) throws(ASN1Error)
        -> ArraySlice<UInt8>
    {
        var reader = try ASN1Cursor(childrenOf: attributes)
        var found: Range<Int>?
        while !reader.isAtEnd {
            var attribute = try ASN1Cursor(childrenOf: reader.read(ASN1Tag.sequence, "signed attribute", in: bytes))
            let type = try attribute.read(ASN1Tag.objectIdentifier, "signed attribute type", in: bytes)
            let values = try attribute.read(ASN1Tag.set, "signed attribute values", in: bytes)
            guard OID.matches(bytes[type.contents], OID.messageDigestAttribute) else { continue }
            guard found == nil else {
                throw ASN1Error(.unexpectedTag, at: type.start, "the messageDigest attribute appears twice")
            }
            var valueReader = try ASN1Cursor(childrenOf: values)
            found = try valueReader.read(ASN1Tag.octetString, "messageDigest value", in: bytes).contents
            try valueReader.expectEnd("messageDigest values")
        }
        guard let found else {
            throw ASN1Error(.truncated, at: attributes.start, "signed attributes without a messageDigest")
        }
        return bytes[found]
    }
}
