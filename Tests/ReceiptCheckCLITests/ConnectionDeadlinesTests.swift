import Foundation
import Testing

@testable import ReceiptFastCGI

/// The service's deadlines without a service: a connection past its deadline is shut down (whoever reads it
/// sees the end at once), one before it or released is left alone. (`make serve-faults` holds them under load.)
struct ConnectionDeadlinesTests {
    /// A connected pair of unix stream sockets: the service's end and the client's.
    private static func pair() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    /// Whether `socket`'s peer has been shut down: a read returns the end (0) without waiting.
    private static func isCut(_ socket: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    @Test func aConnectionPastItsDeadlineIsCutAndNoOther() throws {
        let deadlines = ConnectionDeadlines()
        let (late, lateClient) = try Self.pair()
        let (early, earlyClient) = try Self.pair()
        let (released, releasedClient) = try Self.pair()
        defer { [late, lateClient, early, earlyClient, released, releasedClient].forEach { _ = close($0) } }
        _ = deadlines.register(late, deadline: 10)
        _ = deadlines.register(early, deadline: 30)
        let token = deadlines.register(released, deadline: 10)
        deadlines.release(token)
        #expect(deadlines.cutOverdue(now: 20) == 1)
        #expect(Self.isCut(lateClient), "past its deadline: shut down")
        #expect(!Self.isCut(earlyClient), "before its deadline: left alone")
        #expect(!Self.isCut(releasedClient), "released: never cut, its number may be another connection's")
        #expect(deadlines.cutOverdue(now: 20) == 0, "cut once")
    }

    @Test func aDeadlineIsBroughtForwardNeverBack() throws {
        let deadlines = ConnectionDeadlines()
        let (kept, keptClient) = try Self.pair()
        let (forward, forwardClient) = try Self.pair()
        defer { [kept, keptClient, forward, forwardClient].forEach { _ = close($0) } }
        deadlines.shorten(deadlines.register(kept, deadline: 30), to: 40)
        deadlines.shorten(deadlines.register(forward, deadline: 30), to: 15)
        #expect(deadlines.cutOverdue(now: 20) == 1)
        #expect(Self.isCut(forwardClient) && !Self.isCut(keptClient), "brought forward to 15")
        #expect(deadlines.cutOverdue(now: 35) == 1)
        #expect(Self.isCut(keptClient), "still 30, not moved back to 40")
    }
}
