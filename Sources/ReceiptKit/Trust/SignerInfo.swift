/// The one signer of a receipt, as its PKCS#7 SignerInfo states it.
package struct SignerInfo: Sendable {
    package enum Identifier: Sendable {
        /// The DER of the issuer Name and the contents octets of the serial number.
        case issuerAndSerialNumber(issuer: ArraySlice<UInt8>, serial: ArraySlice<UInt8>)
        case subjectKeyIdentifier(ArraySlice<UInt8>)
    }

    package let identifier: Identifier
    /// Contents octets of the digest algorithm OID.
    package let digestAlgorithm: ArraySlice<UInt8>
    /// The signed attributes re-tagged as the SET the signature covers; nil when it covers the content.
    package let signedAttributes: [UInt8]?
    /// The messageDigest attribute's value, when signed attributes are present.
    package let messageDigest: ArraySlice<UInt8>?
    package let signatureAlgorithm: ArraySlice<UInt8>
    package let signature: ArraySlice<UInt8>
}
