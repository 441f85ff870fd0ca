/// A broken oracle: an input the target's two readings disagree on, or a value a writer or reader
/// should never produce. The fuzz binary aborts on one, so libFuzzer keeps the input.
struct FuzzFinding: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
