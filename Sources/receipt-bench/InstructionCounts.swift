import ReceiptKit
import ReceiptSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Instruction counts from callgrind, which repeat to under 0.01% where timings swing by 15-30%.
enum InstructionCounts {
    /// Whether valgrind is on PATH; without it the bench prints timings only.
    static var available: Bool {
        (try? Subprocess.run(["valgrind", "--version"]).status) == 0
    }

    /// Instructions the whole process of `arguments` executes, fed `lines` copies of `line` on stdin.
    static func count(_ arguments: [String], line: [UInt8]? = nil, lines: Int = 0) throws -> Double {
        let log = "/tmp/receipt-bench-callgrind-\(getpid()).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let feed: ((FileDescriptor) -> Void)? =
            line.map { line in
                { descriptor in
                    for _ in 0..<lines where Subprocess.writeAll(line, to: descriptor) {}
                }
            }
        let outcome = try Subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=\(log)"] + arguments,
            feed: feed)
        guard outcome.status == 0 || outcome.status == 1 || outcome.status == 2 else {
            throw ReceiptBench.BenchError(
                "\(arguments.joined(separator: " ")) under callgrind exited \(outcome.status)")
        }
        let text = String(decoding: try BenchFile.contents(of: log), as: UTF8.self)
        // `==PID== Collected : 21816012`
        for row in text.split(separator: "\n") where row.contains("Collected :") {
            let digits = row.split(separator: ":").last?.filter { $0 >= "0" && $0 <= "9" } ?? ""
            if let value = Double(String(digits)) { return value }
        }
        throw ReceiptBench.BenchError("no instruction count in the callgrind log of \(arguments[0])")
    }

    /// Instructions per line on stdin: (201 lines - 1 line) / 200, so start-up cancels out.
    static func perLine(_ arguments: [String], line: [UInt8]) throws -> Double {
        let many = try count(arguments, line: line, lines: 201)
        let one = try count(arguments, line: line, lines: 1)
        return (many - one) / 200
    }
}
