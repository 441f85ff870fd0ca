import ReceiptKit

/// Counts of a run by status and reason, and the line that reports them.
struct BatchSummary: Sendable {
    /// Inputs by status, in `Status.allCases` order: pairs found by a walk of four rather than a dictionary
    /// keyed by status, whose first use scans every conformance record of the process.
    private var byStatus = ValidationReport.Status.allCases.map { (status: $0, count: 0) }
    private var byReason: [ValidationReport.Status: [String: Int]] = [:]
    /// `--lines` lines of only whitespace, skipped: no inputs, but a script counting its lines sees where
    /// they went.
    var blankLines = 0

    var total: Int { byStatus.reduce(0) { $0 + $1.count } }

    init() {}

    /// A run of `inputs` valid inputs: what a single report's document is closed with.
    init(counting inputs: Int) {
        for index in byStatus.indices where byStatus[index].status == .valid {
            byStatus[index].count = inputs
        }
    }

    mutating func count(_ status: ValidationReport.Status, reason: ReasonCode?) {
        for index in byStatus.indices where byStatus[index].status == status {
            byStatus[index].count += 1
        }
        if let reason {
            byReason[status, default: [:]][reason.rawValue, default: 0] += 1
        }
    }

    /// How many inputs had `status`.
    func count(of status: ValidationReport.Status) -> Int {
        byStatus.first { $0.status == status }?.count ?? 0
    }

    /// The reason codes counted among inputs of `status`, by name.
    func reasons(of status: ValidationReport.Status) -> [(reason: String, count: Int)] {
        (byReason[status] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `receipt-check: 12 inputs in 0.41 s (29 receipts/s): valid 10, invalid 1 (certificate_expired 1), ...`
    func line(seconds: Double) -> String {
        let rate = seconds > 0 ? Int((Double(total) / seconds).rounded()) : total
        var parts: [String] = []
        for (status, count) in byStatus where count > 0 {
            var part = "\(status.rawValue) \(count)"
            if let reasons = byReason[status], !reasons.isEmpty {
                part +=
                    " (" + reasons.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                    + ")"
            }
            parts.append(part)
        }
        let counts = parts.isEmpty ? "" : ": " + parts.joined(separator: ", ")
        let blank = blankLines > 0 ? "; \(blankLines) blank line\(blankLines == 1 ? "" : "s") skipped" : ""
        return
            "receipt-check: \(total) input\(total == 1 ? "" : "s") in \(Self.decimal(seconds)) s (\(rate) receipts/s)\(counts)"
            + "\(blank)\n"
    }

    /// Two decimals, without Foundation's formatters.
    private static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
