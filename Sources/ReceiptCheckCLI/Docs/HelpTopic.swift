/// A subject `help TOPIC` explains; its blocks are also the man page's section and docs/ points here.
enum HelpTopic: String, CaseIterable, Sendable {
    case rules
    case inputs
    case formats
    case exitStatus = "exit-status"

    var name: String { rawValue }

    /// The man page section that prints the same blocks.
    var section: String {
        switch self {
        case .rules: "RULE LANGUAGE"
        case .inputs: "INPUTS"
        case .formats: "OUTPUT"
        case .exitStatus: "EXIT STATUS"
        }
    }

    /// What the topic covers, for the list `receipt-check help` prints.
    var summary: String {
        switch self {
        case .rules: "the rule language: grammar, fields, facts, limits and paywall recipes"
        case .inputs: "what an INPUT may be: receipts, JWS, notifications, API responses, batches"
        case .formats: "the output formats, and the JSON report as a contract (its schema)"
        case .exitStatus: "the exit statuses, and which one wins over a batch"
        }
    }

    var blocks: [HelpBlock] {
        switch self {
        case .rules: Self.ruleBlocks
        case .inputs: Self.inputBlocks
        case .formats: Self.formatBlocks
        case .exitStatus: Self.exitStatusBlocks
        }
    }

    /// What `receipt-check help TOPIC` prints: the section's title, then its blocks.
    var text: String {
        var lines = [section, ""]
        for (index, block) in blocks.enumerated() {
            if index > 0, !block.continuesList(after: blocks[index - 1]) {
                lines.append("")
            }
            lines += block.text()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    var roff: [String] {
        var lines = [".SH \(section)"]
        for (index, block) in blocks.enumerated() {
            if index > 0, case .prose = block {
                lines.append(".PP")
            }
            lines += block.roff
        }
        return lines
    }
}

extension HelpBlock {
    /// Terms in a row are one list, printed without blank lines between them.
    fileprivate func continuesList(after previous: HelpBlock) -> Bool {
        if case .term = self, case .term = previous { return true }
        return false
    }
}
