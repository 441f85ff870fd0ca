// Foundation (not FoundationEssentials): `Process` and `FileManager.temporaryDirectory` live there.
import Foundation
import TestSupport
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

/// One PKI per test run: RSA key generation is the slow part, and every test only reads it.
enum SharedPKI {
    static let valid: Result<TestPKI, OpenSSLError> = Result { () throws(OpenSSLError) in try TestPKI.generate() }

    static func get() throws -> TestPKI { try valid.get() }
}

/// A scratch directory removed when the value goes away.
final class ScratchDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("receipt-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }
}

struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

enum ExternalTool {
    /// The `openssl` executable on PATH; a test that needs it fails (never skips) without it.
    static func openssl() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/openssl"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        Issue.record("the openssl command is not on PATH; install it (apt install openssl) to run this test")
        throw CancellationError()
    }

    /// Runs `executable`; a child that does not exit in time is killed and fails the test.
    static func run(_ executable: String, _ arguments: [String]) throws -> ProcessResult {
        let result = try ChildProcess.run(URL(fileURLWithPath: executable), arguments)
        return ProcessResult(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    /// When OpenSSL judges certificate validity in tests: 2024-05-01T12:00:00Z, the fixtures'
    /// creation date, so no test depends on the day it runs.
    static let attime = ["-attime", "1714564800"]

    /// `openssl cms -verify` of a receipt against one trusted root, content discarded, at `attime`
    /// unless `extra` gives its own `-attime`.
    static func cmsVerify(receipt: String, root: String, inform: String = "DER", extra: [String] = []) throws
        -> ProcessResult
    {
        let time = extra.contains("-attime") ? [] : attime
        return try run(
            try openssl(),
            [
                "cms", "-verify", "-inform", inform, "-in", receipt, "-CAfile", root, "-purpose", "any", "-out",
                "/dev/null",
            ]
                + time + extra)
    }
}
