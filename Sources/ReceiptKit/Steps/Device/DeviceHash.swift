/// The receipt's field-5 hash: the proof that a receipt was issued for this device.
package enum DeviceHash {
    /// SHA-1 over the device identifier, field 4's value octets and field 2's whole UTF8String element (tag
    /// and length too); Apple kept SHA-1 here even for SHA-256-signed receipts.
    package static func compute(deviceID: DeviceIdentifier, opaque: [UInt8], bundleIDData: [UInt8])
        throws(OpenSSLError) -> [UInt8]
    {
        try Digest.sha1.hash((deviceID.bytes + opaque + bundleIDData)[...])
    }
}
