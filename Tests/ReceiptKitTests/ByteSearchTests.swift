import ReceiptKit
import ReceiptSystem
import Testing

/// `memchr` behind the wall: it looks only inside the range asked for, and a range outside the array
/// finds nothing rather than reading past it.
@Suite struct ByteSearchTests {
    private let bytes: [UInt8] = [0x41, 0x0A, 0x42, 0x43, 0x0A, 0x44]

    @Test func findsTheFirstByteInTheRange() {
        #expect(ByteSearch.firstIndex(of: 0x0A, in: bytes, within: 0..<6) == 1)
        #expect(ByteSearch.firstIndex(of: 0x0A, in: bytes, within: 2..<6) == 4)
        #expect(ByteSearch.firstIndex(of: 0x0A, in: bytes, within: 2..<4) == nil)
        #expect(ByteSearch.firstIndex(of: 0x44, in: bytes, within: 5..<6) == 5)
        #expect(ByteSearch.firstIndex(of: 0x0A, in: bytes, within: 4..<4) == nil)
    }

    @Test func aRangeOutsideTheArrayFindsNothing() {
        #expect(ByteSearch.firstIndex(of: 0x44, in: bytes, within: 5..<7) == nil)
        #expect(ByteSearch.firstIndex(of: 0x0A, in: bytes, within: -1..<3) == nil)
        #expect(ByteSearch.firstIndex(of: 0x0A, in: [], within: 0..<1) == nil)
    }
}
