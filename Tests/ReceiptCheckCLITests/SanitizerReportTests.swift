import Foundation
import TestSupport
import Testing

/// A child that wrote a sanitizer report fails the test that ran it, whatever status it exited with: the
/// report is what a sanitized run is for, and its status may be the very one a test expects.
@Suite struct SanitizerReportTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// The first line of each kind of report, as the sanitizers print it.
    static let reports = [
        "==4242==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010 at pc 0x5555 bp 0x7ffd",
        "==4242==ERROR: LeakSanitizer: detected memory leaks",
        "WARNING: ThreadSanitizer: data race (pid=4242)",
        "Sources/CReceipt/CReceipt.h:42:12: runtime error: signed integer overflow: 2147483647 + 1",
        "SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior Sources/CReceipt/CReceipt.h:42:12",
    ]

    /// A child writing `report` to standard error and exiting `status`, as the shell runs it.
    static func child(writing report: String, exiting status: Int32) -> [String] {
        ["-c", "printf '%s\\n' \"$0\" >&2; exit \(status)", report]
    }

    static func isSanitizerIssue(_ issue: Issue) -> Bool {
        String(describing: issue).contains("wrote a sanitizer report")
    }

    @Test(arguments: reports) func aReportFailsTheTestWhateverTheStatus(report: String) throws {
        // 0, the verdicts, and the statuses the sanitizers exit with by default.
        for status: Int32 in [0, 1, 2, 65, 66] {
            try withKnownIssue("a report from a child exiting \(status)") {
                let result = try ChildProcess.run(Self.shell, Self.child(writing: report, exiting: status))
                #expect(result.status == status)
            } matching: {
                Self.isSanitizerIssue($0)
            }
        }
    }

    @Test func aReportFromTheCommandFailsItsTest() throws {
        try withKnownIssue {
            _ = try CLI.run(Self.shell, Self.child(writing: Self.reports[0], exiting: 1), stdin: nil)
        } matching: {
            Self.isSanitizerIssue($0)
        }
    }

    @Test func aReportFromABackgroundChildFailsItsTestWhenItStops() throws {
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("sanitizer-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: errors) }
        let child = try BackgroundChild(
            Self.shell, ["-c", "echo ready; printf '%s\\n' \"$0\" >&2; cat >/dev/null", Self.reports[1]],
            errorFile: errors)
        withKnownIssue {
            child.stop()
        } matching: {
            Self.isSanitizerIssue($0)
        }
    }

    /// Messages that only mention the words are no report.
    @Test func plainMessagesAreNoReport() {
        for text in [
            "receipt-check: error: the runtime error: is in the name of this file\n",
            "AddressSanitizer is named here, and so is ThreadSanitizer\n",
            "SUMMARY of the run: 3 valid\n", "", "receipt-check: error: no such file\n",
        ] {
            #expect(SanitizerReport.firstLine(in: text) == nil, "\(text)")
        }
        #expect(SanitizerReport.firstLine(in: "before\n\(Self.reports[2])\nafter\n") == Self.reports[2])
    }

    /// A child given an environment of its own still runs with the sanitizers' settings of this process.
    @Test func aChildGivenItsOwnEnvironmentKeepsTheSanitizerSettings() {
        let inherited = ["ASAN_OPTIONS": "exitcode=80", "TSAN_OPTIONS": "exitcode=82", "PATH": "/bin", "HOME": "/"]
        let merged = SanitizerReport.environment(
            ["PATH": "/usr/bin", "TSAN_OPTIONS": "exitcode=9"], inheriting: inherited)
        #expect(merged == ["PATH": "/usr/bin", "ASAN_OPTIONS": "exitcode=80", "TSAN_OPTIONS": "exitcode=9"])
    }

    /// make gate-check's planted fault: with RECEIPT_CHECK_PLANT_SANITIZER_REPORT set, the child exits 1 as
    /// the test expects but writes an AddressSanitizer report, and this test must fail; without it, it passes.
    @Test func aChildWithTheExpectedStatusPasses() throws {
        let planted = ProcessInfo.processInfo.environment["RECEIPT_CHECK_PLANT_SANITIZER_REPORT"] != nil
        let result = try CLI.run(
            Self.shell, Self.child(writing: planted ? Self.reports[0] : "receipt-check: not entitled", exiting: 1),
            stdin: nil)
        #expect(result.status == 1)
    }
}
