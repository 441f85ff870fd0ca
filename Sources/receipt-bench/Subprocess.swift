#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program to completion with its output sent to a file, and reports its time and peak memory.
struct Subprocess {
    struct Outcome {
        let status: Int32
        let seconds: Double
        /// Peak resident set size of the child, in kilobytes (getrusage via wait4).
        let maxRSSKilobytes: Int
    }

    struct RunError: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `arguments` (the first is looked up in PATH), stdout to `output`; standard input is
    /// empty, or a pipe that `feed` writes to while the child runs.
    static func run(
        _ arguments: [String], output: String = "/dev/null", feed: ((Int32) -> Void)? = nil
    ) throws(RunError) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var ends: [Int32] = [-1, -1]
        if feed != nil {
            guard pipe(&ends) == 0 else {
                throw RunError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            signal(SIGPIPE, SIG_IGN)
            posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
            posix_spawn_file_actions_addclose(&actions, ends[0])
            posix_spawn_file_actions_addclose(&actions, ends[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let started = Clock.now()
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, cArguments, environ)
        guard spawned == 0 else {
            throw RunError(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        if let feed {
            close(ends[0])
            feed(ends[1])
            close(ends[1])
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else {
                throw RunError(description: "waiting for \(arguments[0]): \(String(cString: strerror(errno)))")
            }
        }
        let seconds = Clock.now() - started
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: exitStatus, seconds: seconds, maxRSSKilobytes: Int(usage.ru_maxrss))
    }
}

extension Subprocess {
    /// Writes all of `bytes`; false once the reader has gone.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }
}

/// The monotonic clock, in seconds.
enum Clock {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
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
