#if canImport(Glibc)
    import Glibc
#endif

/// glibc's `malloc_trim`: gives memory that threads' arenas keep after freeing it back to the system.
public enum MallocTrim {
    /// Whether trimming can happen here: glibc answers `malloc` for the process.
    public static var isAvailable: Bool { mallocTrim != nil }

    /// Trims every arena of glibc's malloc; does nothing where ``isAvailable`` is false.
    public static func trim() {
        guard let mallocTrim else { return }
        _ = mallocTrim(0)
    }

    /// `malloc_trim`, looked up once at run time: Swift's Glibc module leaves out `malloc.h`. Nil elsewhere
    /// (another C library returns freed memory its own way), and nil when something else answers `malloc`
    /// (a sanitizer's allocator, a preloaded jemalloc): glibc's arenas then hold nothing of ours, and
    /// trimming arenas glibc never set up crashes (ThreadSanitizer showed it).
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
            guard let libc = unsafe dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD) else { return nil }
            defer { unsafe dlclose(libc) }
            guard let processMalloc = unsafe dlsym(nil, "malloc"), let glibcMalloc = unsafe dlsym(libc, "malloc"),
                unsafe processMalloc == glibcMalloc, let symbol = unsafe dlsym(libc, "malloc_trim")
            else { return nil }
            // The symbol is glibc's malloc_trim, whose C type is int (size_t): the cast gives it that type.
            // libc stays loaded (RTLD_NOLOAD found it already mapped), so the pointer outlives dlclose.
            return unsafe unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
            return nil
        #endif
    }()
}
