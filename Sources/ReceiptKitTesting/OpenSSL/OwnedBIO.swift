internal import CReceipt
import ReceiptKit

/// Owns one `BIO` (memory BIOs only, in this package) and frees it when the last reference goes.
final class OwnedBIO {
    let pointer: OpaquePointer
    /// Bytes a read-only memory BIO points into; kept alive as long as the BIO.
    private let backing: UnsafeMutableRawBufferPointer?

    private init(_ pointer: OpaquePointer, backing: UnsafeMutableRawBufferPointer?) {
        self.pointer = pointer
        self.backing = backing
    }

    deinit {
        BIO_free(pointer)
        backing?.deallocate()
    }

    /// An empty, writable memory BIO.
    static func memory() throws(OpenSSLError) -> OwnedBIO {
        guard let bio = BIO_new(BIO_s_mem()) else {
            throw OpenSSLError.drain("creating a memory BIO")
        }
        return OwnedBIO(bio, backing: nil)
    }

    /// A read-only memory BIO over a private copy of `bytes`, so no Swift array has to stay pinned.
    init(reading bytes: [UInt8]) throws(OpenSSLError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.withUnsafeBytes { source in
            copy.copyMemory(from: source)
        }
        guard bytes.count <= Int(Int32.max), let bio = BIO_new_mem_buf(copy.baseAddress, Int32(bytes.count)) else {
            copy.deallocate()
            throw OpenSSLError.drain("creating a memory BIO over \(bytes.count) bytes")
        }
        self.pointer = bio
        self.backing = copy
    }

    /// Everything written to a memory BIO so far.
    func contents() throws(OpenSSLError) -> [UInt8] {
        var data: UnsafeRawPointer? = nil
        let length = CReceipt_BIO_get_mem_data(pointer, &data)
        guard length >= 0 else {
            throw OpenSSLError.drain("reading a memory BIO")
        }
        guard length > 0, let data else {
            return []
        }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }
}
