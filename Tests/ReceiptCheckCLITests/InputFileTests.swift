import Foundation
import ReceiptKit
import Testing

@testable import ReceiptCheckCLI

/// The CLI's one reader of files: the size limit, and the reasons ReceiptKit leaves to it
/// (`CheckCoverageTests.producedByTheReader`).
@Suite struct InputFileTests {
    @Test func inputOverTheLimitIsRefusedBeforeReading() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write("large", [UInt8](repeating: 0x41, count: 4096))
        #expect(
            throws: ReceiptError(
                .inputTooLarge, "\(path) is larger than the 4095-byte limit (raise it with --max-size)")
        ) {
            _ = try InputFile.contents(of: path, limit: 4095)
        }
        #expect(try InputFile.contents(of: path, limit: 4096).count == 4096)
        #expect {
            _ = try InputFile.contents(of: "/nonexistent/receipt", limit: 10)
        } throws: { error in
            (error as? ReceiptError)?.reason == .unreadableInput
        }
    }

    /// What `CheckCoverageTests` counted before reading moved here: each reason comes from some input.
    @Test func readingFailuresHaveTheirReasons() throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.write("large", [UInt8](repeating: 0x30, count: 64))
        var reasons: Set<ReasonCode> = []
        for (path, limit) in [(file, 63), ("/nonexistent/receipt-check/no-such-file", InputFile.defaultSizeLimit)] {
            do throws(ReceiptError) {
                _ = try InputFile.contents(of: path, limit: limit)
                Issue.record("\(path) was read")
            } catch {
                reasons.insert(error.reason)
            }
        }
        #expect(reasons == [.inputTooLarge, .unreadableInput])
    }

    @Test func aDirectoryIsNoInput() throws {
        let scratch = try ScratchDirectory()
        #expect(throws: ReceiptError(.unreadableInput, "\(scratch.path) is a directory")) {
            _ = try InputFile.contents(of: scratch.path)
        }
        #expect(throws: ReceiptError(.unreadableInput, "\(scratch.path) is a directory")) {
            _ = try InputFile.openForReading(scratch.path).get()
        }
    }
}
