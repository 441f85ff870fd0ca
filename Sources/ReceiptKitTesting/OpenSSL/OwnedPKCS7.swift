internal import CReceipt
import ReceiptKit

/// Owns one `PKCS7` and frees it when the last reference goes.
final class OwnedPKCS7 {
    let pointer: UnsafeMutablePointer<PKCS7>

    init(_ pointer: UnsafeMutablePointer<PKCS7>) {
        self.pointer = pointer
    }

    deinit {
        PKCS7_free(pointer)
    }
}
