#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// SplitMix64: a tiny deterministic generator, so a failing round trip can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A seed for a test of random inputs: `$RECEIPT_CHECK_SEED` to replay a run, else a new one.
    /// Tests name it in every failure message, so any failure can be replayed.
    static func runSeed() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["RECEIPT_CHECK_SEED"], let seed = UInt64(text) {
            return seed
        }
        return UInt64.random(in: 0...UInt64.max)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
