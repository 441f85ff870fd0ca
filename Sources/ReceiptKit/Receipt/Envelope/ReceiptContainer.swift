/// The PKCS#7 signedData around a receipt, parsed in Swift: `d2i_PKCS7` would decode every certificate on
/// each call, while here they stay bytes until the chain cache needs them.
package struct ReceiptContainer: Sendable {
    package let encoding: ValidationReport.Encoding
    /// The signed content: the receipt payload.
    package let payload: ArraySlice<UInt8>
    /// The DER of each embedded certificate, in the order given.
    package let certificates: [ArraySlice<UInt8>]
    package let signers: [SignerInfo]

    /// The most certificates, and separately signers, one container may carry (receipts: three and one).
    package static let maximumEmbedded = 16

    /// Parses a ContentInfo holding signedData with encapsulated data content.
    package static func parse(_ bytes: ArraySlice<UInt8>) throws(ReceiptError) -> ReceiptContainer {
        do {
            return try parseStructure(bytes)
        } catch {
            throw ReceiptError(error, in: "not a valid PKCS#7 container")
        }
    }

    /// Walks the container as indices, so that only what it keeps is sliced.
    private static func parseStructure(_ bytes: ArraySlice<UInt8>) throws(ASN1Error) -> ReceiptContainer {
        var top = ASN1Reader(bytes)
        let contentInfo = try top.read(ASN1Tag.sequence, "PKCS#7 ContentInfo")
        try top.expectEnd("the PKCS#7 ContentInfo")
        var isBER = contentInfo.isIndefiniteLength

        var info = try top.children(of: contentInfo)
        try expect(OID.signedData, named: "signedData", as: "content type", in: &info)
        let explicit = try info.read(ASN1Tag.contextConstructed(0), "signedData content")
        try info.expectEnd("signedData content")
        var wrapper = try top.children(of: explicit)
        let signedData = try wrapper.read(ASN1Tag.sequence, "SignedData")
        try wrapper.expectEnd("SignedData")
        isBER = isBER || explicit.isIndefiniteLength || signedData.isIndefiniteLength

        var fields = try top.children(of: signedData)
        let version = try fields.read(ASN1Tag.integer, "SignedData version")
        _ = try top.nonNegativeInteger(version)
        _ = try fields.read(ASN1Tag.set, "digest algorithms")

        let encapsulated = try fields.read(ASN1Tag.sequence, "encapsulated content")
        var content = try top.children(of: encapsulated)
        try expect(OID.data, named: "data", as: "encapsulated content type", in: &content)
        guard let eContentWrapper = try content.readIfPresent(ASN1Tag.contextConstructed(0)) else {
            throw ASN1Error(.truncated, at: content.position, "the receipt content is detached (absent)")
        }
        try content.expectEnd("encapsulated content")
        var eContentReader = try top.children(of: eContentWrapper)
        let eContent = try eContentReader.next()
        try eContentReader.expectEnd("encapsulated content")
        // A DER OCTET STRING is its contents, not copied; a segmented (BER) one is joined.
        let payload = try top.octets(eContent)
        isBER =
            isBER || encapsulated.isIndefiniteLength || eContentWrapper.isIndefiniteLength
            || eContent.tag == ASN1Tag.constructedOctetString

        var certificates: [ArraySlice<UInt8>] = []
        if let certificateSet = try fields.readIfPresent(ASN1Tag.contextConstructed(0)) {
            isBER = isBER || certificateSet.isIndefiniteLength
            var reader = try top.children(of: certificateSet)
            // A receipt embeds three certificates (an Xcode one, one): one allocation for them all.
            certificates.reserveCapacity(4)
            while !reader.isAtEnd {
                guard certificates.count < maximumEmbedded else {
                    throw ASN1Error(
                        .tooManyElements, at: reader.position, "more than \(maximumEmbedded) embedded certificates")
                }
                let certificate = try reader.next()
                guard certificate.tag == ASN1Tag.sequence, !certificate.isIndefiniteLength else {
                    throw ASN1Error(.unexpectedTag, at: certificate.offset, "an embedded certificate is not DER")
                }
                certificates.append(bytes[certificate.encoded])
            }
        }
        _ = try fields.readIfPresent(ASN1Tag.contextConstructed(1))  // CRLs: never used by receipts

        let signerSet = try fields.read(ASN1Tag.set, "signer infos")
        try fields.expectEnd("SignedData")
        isBER = isBER || signerSet.isIndefiniteLength
        var signerReader = try top.children(of: signerSet)
        var signers: [SignerInfo] = []
        while !signerReader.isAtEnd {
            guard signers.count < maximumEmbedded else {
                throw ASN1Error(.tooManyElements, at: signerReader.position, "more than \(maximumEmbedded) signers")
            }
            signers.append(try signerInfo(signerReader.read(ASN1Tag.sequence, "SignerInfo"), top))
        }
        return ReceiptContainer(
            encoding: isBER ? .ber : .der, payload: payload, certificates: certificates, signers: signers)
    }

    /// Reads the OID `what`, which must be `expected`: another content type is refused as an unexpected tag.
    private static func expect(
        _ expected: [UInt8], named name: String, as what: String, in reader: inout ASN1Reader
    ) throws(ASN1Error) {
        let identifier = try reader.read(ASN1Tag.objectIdentifier, what)
        guard OID.matches(reader.bytes[identifier.contents], expected) else {
            throw ASN1Error(
                .unexpectedTag, at: identifier.offset,
                "\(what) is \(OID.dotted(reader.bytes[identifier.contents])), not \(name)")
        }
    }

    private static func signerInfo(_ element: ASN1Element, _ top: ASN1Reader) throws(ASN1Error) -> SignerInfo {
        let bytes = top.bytes
        var fields = try top.children(of: element)
        let version = try fields.read(ASN1Tag.integer, "SignerInfo version")
        _ = try top.nonNegativeInteger(version)
        let identifier: SignerInfo.Identifier
        if let keyIdentifier = try fields.readIfPresent(ASN1Tag.contextPrimitive(0)) {
            identifier = .subjectKeyIdentifier(bytes[keyIdentifier.contents])
        } else {
            var issuerAndSerial = try top.children(of: fields.read(ASN1Tag.sequence, "signer identifier"))
            let issuer = try issuerAndSerial.read(ASN1Tag.sequence, "signer issuer")
            let serial = try issuerAndSerial.read(ASN1Tag.integer, "signer serial number")
            try issuerAndSerial.expectEnd("signer identifier")
            identifier = .issuerAndSerialNumber(issuer: bytes[issuer.encoded], serial: bytes[serial.contents])
        }
        let digestAlgorithm = try algorithm(fields.read(ASN1Tag.sequence, "signer digest algorithm"), top)

        var signedAttributes: [UInt8]?
        var messageDigest: ArraySlice<UInt8>?
        if let attributes = try fields.readIfPresent(ASN1Tag.contextConstructed(0)) {
            guard !attributes.isIndefiniteLength else {
                throw ASN1Error(.invalidLength, at: attributes.offset, "signed attributes must be DER")
            }
            // The signature covers the attributes encoded as a SET, not as the [0] they are stored as.
            var encoded = Array(bytes[attributes.encoded])
            encoded[0] = ASN1Tag.set
            signedAttributes = encoded
            messageDigest = try Self.messageDigest(in: attributes, top)
        }
        let signatureAlgorithm = try algorithm(fields.read(ASN1Tag.sequence, "signature algorithm"), top)
        let signature = try fields.read(ASN1Tag.octetString, "signature")
        _ = try fields.readIfPresent(ASN1Tag.contextConstructed(1))  // unsigned attributes
        try fields.expectEnd("SignerInfo")
        return SignerInfo(
            identifier: identifier, digestAlgorithm: digestAlgorithm, signedAttributes: signedAttributes,
            messageDigest: messageDigest, signatureAlgorithm: signatureAlgorithm, signature: bytes[signature.contents])
    }

    /// The OID of an AlgorithmIdentifier (its parameters are not needed to check a signature).
    private static func algorithm(_ element: ASN1Element, _ top: ASN1Reader) throws(ASN1Error) -> ArraySlice<UInt8> {
        var fields = try top.children(of: element)
        return top.bytes[try fields.read(ASN1Tag.objectIdentifier, "algorithm identifier").contents]
    }

    private static func messageDigest(in attributes: ASN1Element, _ top: ASN1Reader) throws(ASN1Error)
        -> ArraySlice<UInt8>
    {
        let bytes = top.bytes
        var reader = try top.children(of: attributes)
        var found: Range<Int>?
        while !reader.isAtEnd {
            var attribute = try top.children(of: reader.read(ASN1Tag.sequence, "signed attribute"))
            let type = try attribute.read(ASN1Tag.objectIdentifier, "signed attribute type")
            let values = try attribute.read(ASN1Tag.set, "signed attribute values")
            guard OID.matches(bytes[type.contents], OID.messageDigestAttribute) else { continue }
            guard found == nil else {
                throw ASN1Error(.unexpectedTag, at: type.offset, "the messageDigest attribute appears twice")
            }
            var valueReader = try top.children(of: values)
            found = try valueReader.read(ASN1Tag.octetString, "messageDigest value").contents
            try valueReader.expectEnd("messageDigest values")
        }
        guard let found else {
            throw ASN1Error(.truncated, at: attributes.offset, "signed attributes without a messageDigest")
        }
        return bytes[found]
    }
}
