import Testing

@testable import ReceiptKit

/// The wall of the parsers' byte loops (`Sources/ReceiptKit/Bytes/`) checks its bounds once before each
/// loop: given arrays, slices or ranges that do not fit, each declines and reads or writes nothing. A read
/// or store out of bounds inside the wall traps (or worse) rather than failing an expectation, so each case
/// runs in a child process (an exit test) that must end normally.
@Suite struct BytesWallTests {
    @Test func base64QuadsDeclineATableOrOutputThatDoesNotFit() async {
        await #expect(processExitsWith: .success) {
            let text = Array("QUJDRA==".utf8)[...]
            var small = [UInt8](repeating: 7, count: 2)
            let declined = Base64Quads.decode(
                text, quads: [UInt32](repeating: 0, count: 1024), notALetter: 0x8000_0000, into: &small)
            precondition(declined.read == 0 && declined.written == 0 && small == [7, 7])
            var out = [UInt8](repeating: 7, count: 6)
            let shortTable = Base64Quads.decode(
                text, quads: [UInt32](repeating: 0, count: 1000), notALetter: 0x8000_0000, into: &out)
            precondition(shortTable.read == 0 && shortTable.written == 0)
        }
        #expect(ReceiptInput.base64(Array("QUJDRA==".utf8)[...]) == Array("ABCD".utf8))
    }

    @Test func base64URLQuadsDeclineATableOrOutputThatDoesNotFit() async {
        await #expect(processExitsWith: .success) {
            let text = Array("QUJDRA".utf8)[...]
            var small = [UInt8](repeating: 7, count: 2)
            precondition(Base64URLQuads.decode(text, table: [UInt8](repeating: 0, count: 256), into: &small) == nil)
            precondition(small == [7, 7])
            var out = [UInt8](repeating: 7, count: 3)
            precondition(Base64URLQuads.decode(text, table: [UInt8](repeating: 0, count: 255), into: &out) == nil)
        }
        #expect(Base64URL.decode(Array("QUJDRA".utf8)[...]) == Array("ABCD".utf8))
    }

    /// A start before the slice's own reads nothing before it (here, quotes that would stop the run).
    @Test func wordsFromAStartOutsideTheSliceReadNothing() {
        let bytes = [UInt8](repeating: 0x22, count: 8) + [UInt8](repeating: 0x61, count: 16)
        let slice = bytes[8...]
        #expect(ByteWords.plainRun(in: slice, from: 0).end == slice.startIndex)
        #expect(JSONStringScan.plainRun(in: slice, from: 0).end == slice.endIndex)
        #expect(ByteWords.plainRun(in: slice, from: 40).end == 40)
    }

    @Test func asciiTextDeclinesARangeOutsideTheSlice() async {
        await #expect(processExitsWith: .success) {
            let bytes = Array("receipt strings".utf8)
            let slice = bytes[2..<10]
            precondition(ASCIIText.string(slice, 2..<10) == "ceipt st")
            precondition(ASCIIText.string(slice, 0..<10) == nil)
            precondition(ASCIIText.string(slice, 2..<15) == nil)
            precondition(ASCIIText.string(Array("caf\u{E9}".utf8)[...], 0..<5) == nil)
        }
    }

    @Test func byteAppendTakesAtMostTwentyFourBytes() async {
        await #expect(processExitsWith: .success) {
            var out: [UInt8] = []
            ByteAppend.append(UInt64.max, UInt64.max, UInt64.max, count: 30, to: &out)
            precondition(out == [UInt8](repeating: 0xFF, count: 24))
            ByteAppend.append(0x41, 0, 0, count: 1, to: &out)
            precondition(out.count == 25 && out.last == 0x41)
            ByteAppend.append(0x41, 0, 0, count: -3, to: &out)
            precondition(out.count == 25)
        }
    }

    @Test func staticTextMatchesOnlyWhereEnoughBytesAreLeft() async {
        await #expect(processExitsWith: .success) {
            let bytes = Array("xtrue".utf8)[...]
            precondition(StaticText.matches("true", in: bytes, at: 1))
            precondition(!StaticText.matches("true", in: bytes[...3], at: 1))
            precondition(!StaticText.matches("true", in: bytes, at: 2))
            precondition(!StaticText.matches("true", in: bytes[1...], at: 0))
        }
    }
}
