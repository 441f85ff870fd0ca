#if canImport(Glibc)
    import Glibc
#endif

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
        guard bytes >= threshold, let trim = Self.trim else { return }
        _ = trim(0)
    }

    /// glibc's `malloc_trim`, looked up once at run time: Swift's Glibc module leaves out `malloc.h`.
    /// Nil elsewhere (another C library returns freed memory its own way), and nil when something else
    /// answers `malloc` (a sanitizer's allocator, a preloaded jemalloc): glibc's arenas then hold nothing
    /// of ours, and trimming arenas glibc never set up crashes (ThreadSanitizer showed it).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
            guard let libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD) else { return nil }
            defer { dlclose(libc) }
            guard let processMalloc = dlsym(nil, "malloc"), let glibcMalloc = dlsym(libc, "malloc"),
                processMalloc == glibcMalloc, let symbol = dlsym(libc, "malloc_trim")
            else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
            return nil
        #endif
    }()
}
