#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program to completion for the bench, its standard output sent to a file, and reports its time
/// and peak memory (`posix_spawnp`, then `wait4` for the child's own resource usage).
package enum ProgramRun {
    /// How a run ended.
    package struct Outcome: Sendable {
        /// The exit status, or 128 plus the signal that ended it.
        package let status: Int32
        /// Wall time from the spawn to the end.
        package let seconds: Double
        /// Peak resident set size of the child, in kilobytes.
        package let maxRSSKilobytes: Int
    }

    /// Why a run could not be made or waited for.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Runs `arguments` (the first is looked up in PATH), standard output to `output`, standard error to
    /// /dev/null; standard input is empty, or a pipe that `feed` writes to while the child runs.
    package static func run(
        _ arguments: [String], output: String, feed: ((FileDescriptor) -> Void)?
    ) throws(Failure) -> Outcome {
        guard let program = arguments.first else { throw Failure(description: "no program to run") }
        var actions = unsafe posix_spawn_file_actions_t()
        // The actions (a C structure of pointers) are a local value initialised, used and destroyed in this call.
        unsafe posix_spawn_file_actions_init(&actions)
        defer { unsafe posix_spawn_file_actions_destroy(&actions) }
        var ends: [Int32] = [-1, -1]
        if feed != nil {
            // pipe fills the two-element array, as its C signature asks.
            guard unsafe pipe(&ends) == 0 else {
                throw Failure(description: "cannot make a pipe: \(SystemError.last.message)")
            }
            _ = signal(SIGPIPE, SIG_IGN)
            unsafe posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
            unsafe posix_spawn_file_actions_addclose(&actions, ends[0])
            unsafe posix_spawn_file_actions_addclose(&actions, ends[1])
        } else {
            // The actions copy each path: the strings need to live only for the call.
            unsafe posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        unsafe posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        unsafe posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // NUL-terminated copies, freed after the spawn has copied them into the child; nil ends the list.
        let cArguments = unsafe arguments.map { unsafe strdup($0) } + [nil]
        defer { unsafe cArguments.forEach { unsafe free($0) } }
        let started = MonotonicClock.seconds()
        var pid: pid_t = 0
        let spawned = unsafe posix_spawnp(&pid, program, &actions, nil, cArguments, environ)
        guard spawned == 0 else {
            throw Failure(description: "cannot run \(program): \(SystemError(code: spawned).message)")
        }
        if let feed {
            close(ends[0])
            feed(FileDescriptor(rawValue: ends[1]))
            close(ends[1])
        }
        var status: Int32 = 0
        var usage = rusage()
        // status and usage are locals wait4 fills.
        while unsafe wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else {
                throw Failure(description: "waiting for \(program): \(SystemError.last.message)")
            }
        }
        let seconds = MonotonicClock.seconds() - started
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: exitStatus, seconds: seconds, maxRSSKilobytes: Int(usage.ru_maxrss))
    }
}
