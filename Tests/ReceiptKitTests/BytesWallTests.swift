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
            let table = [UInt32](repeating: 0, count: 1024)
            let declined = Base64Quads.decoded(text, quads: table, notALetter: 0x8000_0000, count: 2)
            precondition(declined.read == 0 && declined.written == 0 && declined.bytes == [0, 0])
            let shortTable = Base64Quads.decoded(
                text, quads: [UInt32](repeating: 0, count: 1000), notALetter: 0x8000_0000, count: 6)
            precondition(shortTable.read == 0 && shortTable.written == 0 && shortTable.bytes == [0, 0, 0, 0, 0, 0])
            // Room for exactly the whole quads, and for more: the bytes after them are zero.
            let exact = Base64Quads.decoded(text, quads: table, notALetter: 0x8000_0000, count: 6)
            precondition(exact.read == 8 && exact.written == 6 && exact.bytes.count == 6)
            let more = Base64Quads.decoded(text, quads: table, notALetter: 0x8000_0000, count: 9)
            precondition(more.written == 6 && more.bytes[6...] == [0, 0, 0])
        }
        #expect(Base64.decode(Array("QUJDRA==".utf8)[...]) == Array("ABCD".utf8))
    }

    /// The scan takes four words a turn while 32 bytes are left: over plain bytes of every length, inside a
    /// larger buffer of plain bytes, it ends at the last fewer than eight bytes of the slice, never past it.
    @Test func fourWordTurnsEndInsideTheBytes() {
        let plain = [UInt8](repeating: 0x61, count: 96)
        for length in 0..<80 {
            for start in [0, 3] {
                let slice = plain[start..<(start + length)]
                let expected = start + length / 8 * 8
                #expect(ByteWords.plainRun(in: slice, from: start).end == expected, "\(length) from \(start)")
                #expect(ByteWords.noDot(in: slice, from: start) == expected, "\(length) from \(start)")
            }
        }
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

    /// The longest decimal runs fit the scratch space: every UInt64 digit count, signed or not.
    @Test func decimalsOfEveryLengthFitTheScratchSpace() async {
        await #expect(processExitsWith: .success) {
            var magnitude: UInt64 = 0
            for digits in 1...20 {
                for negative in [false, true] {
                    var out: [UInt8] = [0x2C]
                    ByteAppend.appendDecimal(magnitude, negative: negative, to: &out)
                    precondition(out == [0x2C] + Array(((negative ? "-" : "") + String(magnitude)).utf8))
                }
                magnitude = digits < 20 ? magnitude &* 10 &+ 9 : magnitude
            }
            var most: [UInt8] = []
            ByteAppend.appendDecimal(UInt64.max, negative: true, to: &most)
            precondition(most == Array("-18446744073709551615".utf8))
        }
        var out: [UInt8] = []
        CompactJSONWriter.appendInteger(Int64.min, to: &out)
        #expect(out == Array("-9223372036854775808".utf8))
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
