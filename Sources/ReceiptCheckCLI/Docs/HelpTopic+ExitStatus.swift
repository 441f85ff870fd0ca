/// `help exit-status` and the man page's EXIT STATUS: each status from `ExitStatus`, then which wins.
extension HelpTopic {
    static var exitStatusBlocks: [HelpBlock] {
        let order = ExitStatus.allCases.sorted { $0.severity > $1.severity }.map { String($0.rawValue) }
        return ExitStatus.allCases.sorted { $0.rawValue < $1.rawValue }.map { .term(String($0.rawValue), $0.summary) }
            + [.prose(exitPrecedence(order.joined(separator: ", ")))]
    }

    /// `order` comes from `ExitStatus.severity`, the order the run applies.
    static func exitPrecedence(_ order: String) -> String {
        """
        When inputs disagree, the worst status wins, in the order \(order): one unreadable file among a \
        thousand valid ones makes the run exit 66, so a pipeline never mistakes a partial check for a \
        pass. A failed write to standard output, standard error or an output file (a full disk, a closed \
        pipe) stops the run at once with exit status 74, whatever was found so far: a closed pipe is an \
        error, not a silent SIGPIPE.
        """
    }
}
