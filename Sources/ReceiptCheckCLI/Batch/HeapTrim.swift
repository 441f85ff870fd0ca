import ReceiptKit
import ReceiptSystem

/// Gives the memory a large check freed back to the system.
///
/// glibc's malloc keeps what a thread frees in that thread's arena, so without a trim every `--jobs`
/// worker would keep one large input's working memory (docs/performance.md); small inputs never trim.
enum HeapTrim {
    static let threshold = 1 << 20

    /// Trims when `bytes` (what the input held of the window) reach `threshold`.
    static func after(bytes: Int) {
        guard bytes >= threshold else { return }
        MallocTrim.trim()
    }
}
