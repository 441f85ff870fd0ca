/// The known name a mistyped one most likely meant, for a "did you mean" in a usage error.
enum NameSuggestion {
    /// The one name starting with `name`, else the closest at most two edits (a third of its length) away; no case.
    static func closest(to name: String, among names: [String]) -> String? {
        // Names are short; a long operand is no typo of one, and is not worth a quadratic table.
        guard name.count >= 2, name.count <= 64 else { return nil }
        let typed = name.lowercased()
        // A start shared by several names (`ve`: verify, version) means none of them more than another.
        let starting = names.filter { $0.hasPrefix(typed) }
        if starting.count == 1 {
            return starting.first
        }
        let letters = Array(typed)
        var best: (name: String, distance: Int)?
        for candidate in names {
            let distance = editDistance(letters, Array(candidate))
            guard distance <= min(2, max(1, letters.count / 3)) else { continue }
            if best.map({ distance < $0.distance }) ?? true {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance, one row at a time.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
