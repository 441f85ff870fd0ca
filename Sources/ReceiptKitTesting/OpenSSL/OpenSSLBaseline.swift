internal import CReceipt
import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The obvious OpenSSL path `make bench` holds ReceiptKit to: `d2i_PKCS7` and `PKCS7_verify`. Sound: the
/// store is made in `init` and freed only in `deinit`; each buffer is valid for its call.
@safe package final class OpenSSLBaseline {
    private let store: OpaquePointer

    /// A store of `roots` (DER), verifying at `time`; nil when OpenSSL cannot make it or refuses a root.
    package init?(roots: [[UInt8]], at time: Date) {
        guard let store = unsafe CReceipt_bench_store_new(Int64(time.timeIntervalSince1970)) else { return nil }
        unsafe self.store = store
        for root in roots {
            guard unsafe root.withUnsafeBytes({ unsafe CReceipt_bench_store_add(store, $0.baseAddress, $0.count) }) == 1
            else { return nil }
        }
    }

    deinit {
        unsafe X509_STORE_free(store)
    }

    /// Whether `receipt` (DER PKCS#7) verifies against the store.
    package func verify(_ receipt: [UInt8]) -> Bool {
        unsafe receipt.withUnsafeBytes { unsafe CReceipt_bench_pkcs7_verify(store, $0.baseAddress, $0.count) } == 1
    }
}
