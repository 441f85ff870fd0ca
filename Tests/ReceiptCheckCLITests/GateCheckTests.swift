import Foundation
import Testing

/// make gate-check's stages that need no build (Scripts/gate-check.sh): each gate CI relies on fails on its
/// planted faults and passes without them. Run by the suite so that a mutation of a gate's own check (in
/// Scripts/fuzz.sh, parallel-check.py, serve.sh, leak-check.sh, mutation.sh) fails a test. The gates are
/// those of `.ci/run`, a Debian machine's (GNU parallel, valgrind, setsid, timeout): Linux only.
@Suite struct GateCheckTests {
    #if os(Linux)
        static let onLinux = true
    #else
        static let onLinux = false
    #endif

    @Test(.enabled(if: onLinux), arguments: ["fuzz", "parallel", "endpoint", "leak", "mutation"])
    func plantedFaultsFailTheGate(stage: String) throws {
        guard let bash = ExternalTool.path("bash", package: "bash") else { return }
        let result = try ExternalTool.run(bash, ["Scripts/gate-check.sh", stage])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("FAIL "), "\(result.stdout)")
        #expect(result.stdout.contains("PASS "), "\(result.stdout)")
    }
}
