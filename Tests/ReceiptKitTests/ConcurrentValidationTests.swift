import Testing

@testable import ReceiptKit

/// One validator shared by many threads, as batch mode shares it: the same verdicts as one
/// thread gives, and (under `make test-tsan`) no data race in the chain cache.
@Suite(.timeLimit(.minutes(10))) struct ConcurrentValidationTests {
    @Test func sharedValidatorGivesTheSameVerdictsOnEveryThread() async throws {
        let names = [
            "valid.receipt", "valid-ber.receipt", "tampered-signature.receipt", "wrong-hash.receipt",
            "self-made-root.receipt", "subscriptions.receipt",
        ]
        let inputs = try names.map { try HostileInputTests.fixture($0) }
        let validator = try HostileInputTests.testRootValidator()
        let expected = inputs.map { validator.validate($0, input: "sequential").status }
        #expect(expected.contains(.valid) && expected.contains(.invalid))

        // A fresh validator, so the threads fill its chain cache at the same time.
        let shared = try HostileInputTests.testRootValidator()
        let results = await withTaskGroup(of: [ValidationReport.Status].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var statuses: [ValidationReport.Status] = []
                    for _ in 0..<5 {
                        statuses = inputs.map { shared.validate($0, input: "concurrent").status }
                    }
                    return statuses
                }
            }
            var all: [[ValidationReport.Status]] = []
            for await statuses in group {
                all.append(statuses)
            }
            return all
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }
}
