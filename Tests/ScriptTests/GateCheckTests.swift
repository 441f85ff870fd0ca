import Foundation
import Testing

/// make gate-check's stages that need no build (Scripts/gate-check.sh): each gate CI relies on fails on its
/// planted faults and passes without them. Run by the suite so that a mutation of a gate's own check (in
/// Scripts/fuzz.sh, parallel-check.py, serve.sh, leak-check.sh, mutation.sh, memory-safety-check.sh,
/// check-cli-boundary.sh, test-install.sh, doctor.sh, warnings-check.sh) fails a test. The gates are those
/// of `.ci/run`, a Debian machine's (GNU parallel, valgrind, setsid, timeout): Linux only. The lint stage is
/// left to make gate-check: it runs actionlint from PyPI.
@Suite struct GateCheckTests {
    #if os(Linux)
        static let onLinux = true
    #else
        static let onLinux = false
    #endif

    // One test a stage, so that a mutation block over one gate names the test of its stage alone
    // (Scripts/mutations.txt) and runs only that stage.
    @Test(.enabled(if: onLinux)) func plantedFuzzFaultsFailTheGate() throws {
        try stageFailsOnItsFaults("fuzz")
    }
    @Test(.enabled(if: onLinux)) func plantedParallelFaultsFailTheGate() throws {
        try stageFailsOnItsFaults("parallel")
    }
    @Test(.enabled(if: onLinux)) func plantedEndpointFaultsFailTheGate() throws {
        try stageFailsOnItsFaults("endpoint")
    }
    @Test(.enabled(if: onLinux)) func plantedLeakFaultsFailTheGate() throws {
        try stageFailsOnItsFaults("leak")
    }
    @Test(.enabled(if: onLinux)) func plantedMutationFaultsFailTheGate() throws {
        try stageFailsOnItsFaults("mutation")
    }
    @Test(.enabled(if: onLinux)) func plantedMemoryFaultsFailTheGate() throws {
        try stageFailsOnItsFaults("memory")
    }
    @Test(.enabled(if: onLinux)) func plantedCIFaultsFailTheGate() throws {
        try stageFailsOnItsFaults("ci")
    }
    @Test(.enabled(if: onLinux)) func plantedBoundaryFaultsFailTheGate() throws {
        try stageFailsOnItsFaults("boundary")
    }

    @Test(.enabled(if: onLinux)) func plantedInstallFaultsFailTheGate() throws {
        try stageFailsOnItsFaults("install")
    }

    @Test(.enabled(if: onLinux)) func plantedServeFaultsFailTheGate() throws {
        try stageFailsOnItsFaults("faults")
    }

    @Test(.enabled(if: onLinux)) func plantedWarningFaultsFailTheGate() throws {
        try stageFailsOnItsFaults("warnings")
    }

    /// CI's gate-check stage runs only the stages this suite does not (`gate-check.sh --outside-suite`), so
    /// the script's list of this suite's stages must be the stages these tests run: one listed without its
    /// test here would run nowhere in CI, one tested here but not listed would run twice.
    @Test func theScriptListsTheStagesThisSuiteRuns() throws {
        let script = try Project.file("Scripts/gate-check.sh")
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("suite_stages=(") })
        let listed = line.dropFirst("suite_stages=(".count).dropLast().split(separator: " ").map(String.init)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let tested = source.matches(of: /stageFailsOnItsFaults\("([a-z]+)"\)/).map { String($0.1) }
        #expect(Set(listed) == Set(tested))
        #expect(listed.count == tested.count)
    }

    private func stageFailsOnItsFaults(_ stage: String) throws {
        // A stage is several cases of up to seconds each, run here beside the other stages: its own limit is
        // the cases' (GATE_LIMIT), this one only stops a stage that hangs.
        let result = try Project.bash(["Scripts/gate-check.sh", stage], timeout: 600)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("FAIL "), "\(result.stdout)")
        #expect(result.stdout.contains("PASS "), "\(result.stdout)")
    }
}
