import ReceiptKit
import ReceiptSystem
import Testing

@testable import ReceiptCheckCLI

/// Lines across the reader's chunks: each comes out whole, `\r\n` ends one as `\n` does, an oversized
/// line is skipped to its end, and a last line without a newline still counts.
@Suite struct LineReaderTests {
    private static func lines(of bytes: [UInt8], limit: Int) throws -> [LineReader.Line] {
        let scratch = try ScratchDirectory()
        let path = try scratch.write("lines", bytes)
        let reader = LineReader(
            descriptor: try FileDescriptor.openForReading(path).get(), ownsDescriptor: true, limit: limit)
        var lines: [LineReader.Line] = []
        while let line = reader.next() {
            lines.append(line)
        }
        return lines
    }

    private static func shown(_ lines: [LineReader.Line]) -> [String] {
        lines.map { line in
            switch line {
            case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
            case .tooLong: "<too long>"
            case .failure(let message): "<failure \(message)>"
            }
        }
    }

    @Test func linesSpanningChunksComeOutWhole() throws {
        // Lines of 1 to 99,999 bytes: many cross the 64 KiB chunk, some fill more than one.
        let expected = (0..<40).map { index in
            String(repeating: String(index % 10), count: (index * 7_919) % 100_000 + 1)
        }
        let input = Array(expected.joined(separator: "\n").utf8)
        #expect(try Self.shown(Self.lines(of: input, limit: 1 << 20)) == expected)
    }

    @Test func endingsLimitsAndTheLastLine() throws {
        let long = String(repeating: "x", count: 200_000)
        let input = Array("a\r\nb\n\n\(long)\nc\r\n\(long)".utf8)
        #expect(
            try Self.shown(Self.lines(of: input, limit: 100_000)) == ["a", "b", "", "<too long>", "c", "<too long>"])
        #expect(try Self.shown(Self.lines(of: input, limit: 200_000)) == ["a", "b", "", long, "c", long])
        #expect(try Self.lines(of: [], limit: 10).isEmpty)
    }
}
