/// A subcommand: its name, what it is for, and the options and operands it takes.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    /// Operand placeholder for the usage line, e.g. `INPUT...`; empty when none.
    let operands: String
    let minimumOperands: Int
    let options: [OptionSpec]
    /// Left out of the top-level help and the completions (still in the man page): tools for packagers.
    var hidden = false

    var usage: String {
        "receipt-check \(name) [options]" + (operands.isEmpty ? "" : " \(operands)")
    }

    /// The summary's first sentence, on one line, for command lists.
    var abstract: String {
        let text = summary.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var previous: Character?
        for index in text.indices {
            if previous == ".", text[index] == " " {
                return String(text[..<index])
            }
            previous = text[index]
        }
        return text
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    var help: String {
        var lines = ["usage: \(usage)", "", summary, "", "options:"]
        let width = min(34, (options.map(\.synopsis.count).max() ?? 0) + 2)
        for option in options {
            let padded = option.synopsis.padding(toLength: max(width, option.synopsis.count + 2), withPad: " ")
            var text = option.help
            if let choices = option.choices {
                text += " (" + choices.joined(separator: "|") + ")"
            }
            if option.repeatable {
                text += " (repeatable)"
            }
            lines.append("  " + padded + text)
        }
        let topics = HelpTopic.allCases.map(\.name).joined(separator: ", ")
        lines += ["", "'receipt-check help TOPIC' explains a topic (\(topics)); 'man receipt-check' has everything."]
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func padding(toLength length: Int, withPad pad: Character) -> String {
        count >= length ? self : self + String(repeating: pad, count: length - count)
    }
}
