import Foundation
import Testing

/// A sanitizer's report in what a child wrote to its standard error: a failure of the test that ran it,
/// whatever status the child exited with.
///
/// Under `make test-asan`, `test-ubsan` and `test-tsan` the children are sanitized too, and their statuses are
/// no proof: a report can come with a status a test expects (before the Makefile gave the sanitizers exit
/// statuses of their own, ASan's 1 was also "not entitled" and TSan's 66 "no input"), and a report of
/// something a child did after its verdict does not change the status at all.
public enum SanitizerReport {
    /// What begins a report of ASan, LeakSanitizer, UBSan and TSan (and the summary line each ends with).
    static func isReport(_ line: Substring) -> Bool {
        (line.hasPrefix("==") && (line.contains("ERROR: AddressSanitizer") || line.contains("ERROR: LeakSanitizer")))
            || line.contains("WARNING: ThreadSanitizer") || line.contains(": runtime error: ")
            || (line.hasPrefix("SUMMARY: ") && line.contains("Sanitizer"))
    }

    /// The first line of a sanitizer report in `errors`, or nil.
    public static func firstLine(in errors: String) -> String? {
        errors.split(separator: "\n", omittingEmptySubsequences: true).first(where: isReport).map(String.init)
    }

    /// Records a test failure when `errors`, a child's standard error, holds a sanitizer report.
    public static func check(
        _ errors: String, of command: String, status: Int32?, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let line = firstLine(in: errors) else { return }
        let exit = status.map { "exit \($0)" } ?? "still running"
        Issue.record(
            "\(command) wrote a sanitizer report (\(exit)): \(line)\n\(errors.suffix(4000))",
            sourceLocation: sourceLocation)
    }

    /// The sanitizers' settings of this process (their exit statuses, suppressions), for a child given an
    /// environment of its own: a sanitized child always runs with them.
    public static let optionNames = ["ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS"]

    /// `environment` with each sanitizer setting of `inherited` that it does not set itself.
    public static func environment(_ environment: [String: String], inheriting inherited: [String: String])
        -> [String: String]
    {
        var merged = environment
        for name in optionNames where merged[name] == nil {
            merged[name] = inherited[name]
        }
        return merged
    }
}
