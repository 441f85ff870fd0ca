import Foundation
import TestSupport
import Testing

/// A child that stops reading its standard input early is an outcome the runner reports, never a SIGPIPE
/// that kills the test process and every test left in it.
@Suite struct ChildProcessTests {
    /// More than a pipe's buffer (64 KiB on Linux) by far, so the writer is still writing when the child exits.
    /// Made per use, not kept in a static: LeakSanitizer cannot see a static Data's storage as reachable.
    static var large: Data { Data(repeating: UInt8(ascii: "a"), count: 8 << 20) }

    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func aChildThatExitsAtOnceLeavesItsInputUnread() throws {
        // Repeated: whether the child is gone before the first write or during one depends on scheduling.
        for _ in 0..<20 {
            let result = try ChildProcess.run(Self.shell, ["-c", "exit 3"], stdin: Self.large)
            #expect(result.status == 3)
            #expect(result.inputUnread > 0 && result.inputUnread <= Self.large.count)
        }
    }

    @Test func aChildThatReadsPartOfItsInputThenExits() throws {
        let result = try ChildProcess.run(Self.shell, ["-c", "head -c 100000 > /dev/null; exit 0"], stdin: Self.large)
        #expect(result.status == 0)
        #expect(result.inputUnread > 0 && result.inputUnread <= Self.large.count - 100_000)
    }

    @Test func aChildThatReadsEverythingLeavesNothing() throws {
        let result = try ChildProcess.run(Self.shell, ["-c", "wc -c"], stdin: Self.large)
        #expect(result.status == 0)
        #expect(
            String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                == "\(8 << 20)")
        #expect(result.inputUnread == 0)
    }

    /// A child starts with no signal blocked, though the test runner's threads block many: a server or a gate
    /// script it runs must stop on SIGTERM (Linux, where /proc shows the mask). Started here from a thread that
    /// blocks every signal it can, whichever thread the test itself runs on.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func aChildStartsWithNoSignalBlocked() throws {
        final class Mask: @unchecked Sendable {
            var text = "the child did not run"
        }
        let mask = Mask()
        let done = DispatchSemaphore(value: 0)
        Thread {
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            if let result = try? ChildProcess.run(Self.shell, ["-c", "grep '^SigBlk:' /proc/self/status"]) {
                mask.text = String(decoding: result.stdout, as: UTF8.self)
            }
            done.signal()
        }.start()
        done.wait()
        #expect(mask.text == "SigBlk:\t0000000000000000\n")
    }

    /// The command refusing its arguments before it reads a byte: exit 64, its usage error, the input unread.
    @Test func theCommandRefusingItsArgumentsBeforeReadingIsReported() throws {
        let result = try CLI.run(["--no-such-option", "-"], stdin: Self.large)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--no-such-option"))
        #expect(result.inputUnread > 0)
    }
}
