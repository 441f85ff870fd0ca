internal import CReceipt
import ReceiptKit

/// Owns one `BIO` (memory BIOs only, in this package) and frees it when the last reference goes. Sound: the
/// BIO and the copy it reads are freed together, only in `deinit`; `contents` copies the bytes out.
@safe final class OwnedBIO {
    let pointer: OpaquePointer
    /// Bytes a read-only memory BIO points into; kept alive as long as the BIO.
    private let backing: UnsafeMutableRawBufferPointer?

    private init(_ pointer: OpaquePointer, backing: UnsafeMutableRawBufferPointer?) {
        unsafe self.pointer = unsafe pointer
        unsafe self.backing = unsafe backing
    }

    deinit {
        unsafe BIO_free(pointer)
        unsafe backing?.deallocate()
    }

    /// An empty, writable memory BIO.
    static func memory() throws(OpenSSLError) -> OwnedBIO {
        guard let bio = unsafe BIO_new(BIO_s_mem()) else {
            throw OpenSSLError.drain("creating a memory BIO")
        }
        return unsafe OwnedBIO(bio, backing: nil)
    }

    /// A read-only memory BIO over a private copy of `bytes`, so no Swift array has to stay pinned.
    init(reading bytes: [UInt8]) throws(OpenSSLError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        unsafe bytes.withUnsafeBytes { source in
            unsafe copy.copyMemory(from: source)
        }
        guard bytes.count <= Int(Int32.max), let bio = unsafe BIO_new_mem_buf(copy.baseAddress, Int32(bytes.count))
        else {
            unsafe copy.deallocate()
            throw OpenSSLError.drain("creating a memory BIO over \(bytes.count) bytes")
        }
        unsafe self.pointer = unsafe bio
        unsafe self.backing = unsafe copy
    }

    /// Everything written to a memory BIO so far.
    func contents() throws(OpenSSLError) -> [UInt8] {
        var data: UnsafeRawPointer? = nil
        let length = unsafe CReceipt_BIO_get_mem_data(pointer, &data)
        guard length >= 0 else {
            throw OpenSSLError.drain("reading a memory BIO")
        }
        guard length > 0, let data = unsafe data else {
            return []
        }
        return unsafe Array(UnsafeRawBufferPointer(start: data, count: length))
    }
}
