#if DEBUG
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif

    /// The block of `Scripts/mutations.txt` that `make mutation` tests (`RECEIPT_MUTANT`), for its rewritten
    /// copy (Scripts/mutation-schemata.py); declared here so that the copy keeps the module's interface.
    package func mutationSchema(_ number: Int) -> Bool { activeMutationSchema == number }

    private let activeMutationSchema = Int(ProcessInfo.processInfo.environment["RECEIPT_MUTANT"] ?? "") ?? -1
#endif
