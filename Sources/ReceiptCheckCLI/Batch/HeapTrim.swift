import ReceiptKit
import ReceiptSystem

/// Gives the memory a large check freed back to the system.
///
/// glibc's malloc keeps what a thread frees in that thread's arena for its next allocations: after each
/// of `--jobs` workers has checked one large input, every arena keeps that input's working memory (about
/// 12 MB for a 1.6 MB line), so the run held one large check per job even with the window letting only
/// two in flight. Trimming after an input of at least `threshold` bytes costs a walk of the arenas, small
/// beside checking a megabyte; small inputs never pay it.
enum HeapTrim {
    static let threshold = 1 << 20

    /// Trims when `bytes` (what the input held of the window) reach `threshold`.
    static func after(bytes: Int) {
        guard bytes >= threshold else { return }
        MallocTrim.trim()
    }
}
