import ReceiptKit

extension ReceiptEncoder {
    /// The field-5 hash that binds `receipt` to `device`, as Apple computes it over the encoded opaque value
    /// (field 4) and bundle id (field 2); nil when the receipt lacks either.
    public static func deviceHash(of receipt: ParsedReceipt, for device: DeviceIdentifier) throws -> [UInt8]? {
        guard let opaque = receipt.opaqueValue, let bundle = try bundleIDValue(receipt) else { return nil }
        return try DeviceHash.compute(deviceID: device, opaque: opaque, bundleIDData: bundle)
    }
}
