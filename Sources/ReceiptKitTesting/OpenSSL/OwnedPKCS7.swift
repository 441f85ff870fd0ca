internal import CReceipt
import ReceiptKit

/// Owns one `PKCS7` and frees it when the last reference goes. Sound: given in `init`, freed only in
/// `deinit`; the signer infos read out of it are used only while it lives.
@safe final class OwnedPKCS7 {
    let pointer: UnsafeMutablePointer<PKCS7>

    init(_ pointer: UnsafeMutablePointer<PKCS7>) {
        unsafe self.pointer = unsafe pointer
    }

    deinit {
        unsafe PKCS7_free(pointer)
    }
}
