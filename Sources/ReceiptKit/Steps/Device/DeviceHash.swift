/// The receipt's field-5 hash: the proof that a receipt was issued for this device.
package enum DeviceHash {
    /// SHA-1 over device identifier, opaque value and bundle id, in that order.
    ///
    /// - Parameters:
    ///   - deviceID: the identifier's bytes (16 for a UUID, 6 for a MAC address).
    ///   - opaque: the raw value octets of field 4.
    ///   - bundleIDData: the raw value octets of field 2, i.e. the whole UTF8String element
    ///     with its tag and length, not just the characters.
    /// - Returns: 20 bytes. Apple kept SHA-1 here even for SHA-256-signed receipts.
    package static func compute(deviceID: DeviceIdentifier, opaque: [UInt8], bundleIDData: [UInt8])
        throws(OpenSSLError) -> [UInt8]
    {
        try Digest.sha1.hash((deviceID.bytes + opaque + bundleIDData)[...])
    }
}
