#if DEBUG
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif

    /// The block of `Scripts/mutations.txt` a run of `make mutation` tests, from `RECEIPT_MUTANT`: its copy
    /// rewrites a block's line as `if mutationSchema(N) { mutant } else { original }` and builds many blocks
    /// at once (Scripts/mutation-schemata.py). Declared here rather than in the copy, because a declaration
    /// added there would change the module's interface and rebuild every target above it. Nothing in the
    /// sources calls it; a release build does not have it. Package-wide, for the targets above ReceiptKit.
    package func mutationSchema(_ number: Int) -> Bool { activeMutationSchema == number }

    private let activeMutationSchema = Int(ProcessInfo.processInfo.environment["RECEIPT_MUTANT"] ?? "") ?? -1
#endif
