internal import CReceipt

/// The DER an `i2d_*` function writes for `object`: the one place that copies out of and frees i2d's
/// buffer; `what` names the object in the error.
package func openSSLDER(
    of object: OpaquePointer, _ what: String,
    _ encode: (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
) throws(OpenSSLError) -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>?
    let length = unsafe encode(object, &out)
    guard length > 0, let out = unsafe out else {
        throw OpenSSLError.drain("encoding \(what)")
    }
    // i2d allocated `length` bytes at `out`, copied out before they are freed.
    defer { unsafe CReceipt_OPENSSL_free(out) }
    return unsafe Array(UnsafeBufferPointer(start: out, count: Int(length)))
}
