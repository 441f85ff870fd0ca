/// The bench's table: each rate with its ratio to the baseline and to the floor.
struct BenchTable {
    private var rows: [(String, Double)] = []
    private var notes: [String] = []
    private var baseline = 1.0
    private var floor = 1.0

    mutating func set(baseline: Double, floor: Double) {
        self.baseline = baseline
        self.floor = floor
    }

    mutating func row(_ name: String, _ rate: Double) {
        rows.append((name, rate))
    }

    mutating func note(_ text: String) {
        notes.append(text)
    }

    func render() -> String {
        let width = max(44, rows.map(\.0.count).max() ?? 0)
        var out =
            pad("measurement", width) + "  " + left("per second", 11) + "  " + left("us each", 9) + "  "
            + left("x baseline", 10) + "  " + left("x floor", 8) + "\n"
        out += String(repeating: "-", count: width + 48) + "\n"
        for (name, rate) in rows {
            out +=
                pad(name, width) + "  " + left(fixed(rate, 0), 11) + "  " + left(fixed(1e6 / rate, 1), 9) + "  "
                + left(fixed(rate / baseline, 2), 10) + "  " + left(fixed(rate / floor, 3), 8) + "\n"
        }
        for note in notes {
            out += note + "\n"
        }
        return out
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private func left(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
