import ReceiptKit
import ReceiptKitTesting
import ReceiptSystem

/// Runs a program to completion with its output sent to a file, and reports its time and peak memory.
enum Subprocess {
    typealias Outcome = ProgramRun.Outcome

    struct RunError: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `arguments` (the first looked up in PATH), stdout to `output`, stdin empty or fed by `feed`.
    static func run(
        _ arguments: [String], output: String = "/dev/null", feed: ((FileDescriptor) -> Void)? = nil
    ) throws(RunError) -> Outcome {
        do throws(ProgramRun.Failure) {
            return try ProgramRun.run(arguments, output: output, feed: feed)
        } catch {
            throw RunError(description: error.description)
        }
    }

    /// Writes all of `bytes`; false once the reader has gone.
    static func writeAll(_ bytes: [UInt8], to descriptor: FileDescriptor) -> Bool {
        descriptor.write(bytes) == nil
    }
}

/// The monotonic clock, in seconds.
enum Clock {
    static func now() -> Double {
        MonotonicClock.seconds()
    }

    /// Calls `body` repeatedly for about `seconds` (at least `minimum` times); returns calls per second.
    static func rate(seconds: Double, minimum: Int = 3, _ body: () throws -> Void) rethrows -> Double {
        let started = now()
        var count = 0
        var elapsed = 0.0
        repeat {
            try body()
            count += 1
            elapsed = now() - started
        } while elapsed < seconds || count < minimum
        return Double(count) / elapsed
    }
}
