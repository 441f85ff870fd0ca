import ReceiptKit

extension ReceiptEncoder {
    /// The field-5 hash binding `receipt` to `device`; nil when the receipt lacks field 4 or 2.
    public static func deviceHash(of receipt: ParsedReceipt, for device: DeviceIdentifier) throws -> [UInt8]? {
        guard let opaque = receipt.opaqueValue, let bundle = try bundleIDValue(receipt) else { return nil }
        return try DeviceHash.compute(deviceID: device, opaque: opaque, bundleIDData: bundle)
    }
}
