import Foundation
import ReceiptKit
import ReceiptSystem
import Testing

/// The wall's descriptor: reads land only inside the array at the offset asked for, writes write all,
/// and every failure carries its errno.
@Suite struct FileDescriptorTests {
    private static func scratchFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("receipt-kit-descriptor-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readFillsTheArrayFromTheOffsetUpToTheMaximum() throws {
        let path = try Self.scratchFile(Array(1...10))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = try FileDescriptor.openForReading(path).get()
        defer { descriptor.close() }
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(descriptor.read(into: &buffer, at: 2, maximum: 3) == .success(3))
        #expect(buffer == [0, 0, 1, 2, 3, 0, 0, 0])
        // Never past the array's end, whatever the file holds.
        #expect(descriptor.read(into: &buffer, at: 5) == .success(3))
        #expect(buffer == [0, 0, 1, 2, 3, 4, 5, 6])
        #expect(buffer.count == 8)
        var rest = [UInt8](repeating: 0, count: 8)
        #expect(descriptor.read(into: &rest, at: 0) == .success(4))
        #expect(descriptor.read(into: &rest, at: 0) == .success(0))
    }

    @Test func anOffsetOutsideTheArrayIsRefusedNotReadAsAnEnd() throws {
        let path = try Self.scratchFile([1, 2, 3])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = try FileDescriptor.openForReading(path).get()
        defer { descriptor.close() }
        var buffer = [UInt8](repeating: 0, count: 4)
        #expect(descriptor.read(into: &buffer, at: -1) == .failure(SystemError(code: EINVAL)))
        #expect(descriptor.read(into: &buffer, at: 5) == .failure(SystemError(code: EINVAL)))
        #expect(descriptor.read(into: &buffer, at: 0, maximum: -1) == .failure(SystemError(code: EINVAL)))
        #expect(buffer == [0, 0, 0, 0])
        // Nothing was consumed: the whole file is still there to read.
        #expect(descriptor.read(into: &buffer, at: 1) == .success(3))
        #expect(buffer == [0, 1, 2, 3])
    }

    @Test func writesWriteEverythingAndCloseReportsNothingWhenAllWent() throws {
        let path = try Self.scratchFile([])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = try FileDescriptor.create(path).get()
        let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
        #expect(descriptor.write(large) == nil)
        #expect(descriptor.write(large[10..<20]) == nil)
        #expect(descriptor.write("é\n") == nil)
        #expect(descriptor.close() == nil)
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written == large + large[10..<20] + Array("é\n".utf8))
        #expect(try FileStatus.of(path, followingLinks: true).get().size == written.count)
    }

    @Test func failuresCarryTheirErrorNumber() throws {
        let missing = "/nonexistent/receipt-kit/no-such-file"
        #expect(FileDescriptor.openForReading(missing).map(\.rawValue) == .failure(SystemError(code: ENOENT)))
        #expect(FileDescriptor.create(missing).map(\.rawValue) == .failure(SystemError(code: ENOENT)))
        #expect(SystemError(code: ENOENT).message == "No such file or directory")
        let path = try Self.scratchFile([1])
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Descriptors opened the wrong way round; never a closed one, whose number another test may reuse.
        let readOnly = try FileDescriptor.openForReading(path).get()
        #expect(readOnly.write([1]) == SystemError(code: EBADF))
        #expect(readOnly.close() == nil)
        let writeOnly = try FileDescriptor.create(path).get()
        var buffer = [UInt8](repeating: 0, count: 1)
        #expect(writeOnly.read(into: &buffer, at: 0) == .failure(SystemError(code: EBADF)))
        #expect(writeOnly.close() == nil)
    }

    @Test func statusNamesKindSizeAndPermissions() throws {
        let path = try Self.scratchFile([1, 2, 3])
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let status = try FileStatus.of(path, followingLinks: false).get()
        #expect(status.kind == .regular && status.size == 3 && status.permissions == 0o640)
        let descriptor = try FileDescriptor.openForReading(path).get()
        defer { descriptor.close() }
        #expect(try descriptor.status().get() == status)
        let directory = FileManager.default.temporaryDirectory.path
        #expect(try FileStatus.of(directory, followingLinks: true).get().kind == .directory)
        let link = path + ".link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        defer { try? FileManager.default.removeItem(atPath: link) }
        #expect(try FileStatus.of(link, followingLinks: false).get().kind == .symbolicLink)
        #expect(try FileStatus.of(link, followingLinks: true).get() == status)
    }

    @Test func aDirectoryListsItsNamesWithoutDotAndDotDot() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("receipt-kit-listing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["b", ".hidden", "a"] {
            try Data().write(to: URL(fileURLWithPath: directory + "/" + name))
        }
        #expect(try DirectoryListing.names(in: directory).get().sorted() == [".hidden", "a", "b"])
        #expect(DirectoryListing.names(in: directory + "/a") == .failure(SystemError(code: ENOTDIR)))
    }
}
