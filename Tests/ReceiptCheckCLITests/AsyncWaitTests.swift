import Foundation
import Testing

@testable import ReceiptCheckCLI

/// `AsyncWait` hands back the result only after the task has let go of the work: the command may exit at
/// once, and what the work captured (the rules) must not be left in a task LeakSanitizer reads at exit.
struct AsyncWaitTests {
    final class Captured: Sendable {}

    @Test func theTaskHoldsNothingOfTheWorkOnceTheResultIsBack() async {
        let heldOn = await Self.onOwnThread { () -> [Int] in
            var held: [Int] = []
            for round in 0..<500 {
                var captured = Captured()
                let result = Self.run(capturing: captured)
                if result != 7 || !isKnownUniquelyReferenced(&captured) { held.append(round) }
            }
            return held
        }
        #expect(
            heldOn.isEmpty, "a task still held the work when the result came back, in \(heldOn.count) of 500 rounds")
    }

    @Test func theCallerGetsTheFailure() async {
        struct Refused: Error {}
        let result = await Self.onOwnThread {
            AsyncWait.result { () async -> Result<Int, Refused> in .failure(Refused()) }
        }
        #expect(throws: Refused.self) { try result.get() }
    }

    /// The closure is a temporary of this frame, released when this returns, as the command's are.
    private static func run(capturing captured: Captured) -> Int {
        let result = AsyncWait.result { () async -> Result<Int, Never> in
            withExtendedLifetime(captured) { .success(7) }
        }
        return result.get()
    }

    /// Waits as the command's main thread does, on a thread of its own: a test blocking one of the
    /// few threads that run tasks could leave none for the task it waits for.
    private static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
