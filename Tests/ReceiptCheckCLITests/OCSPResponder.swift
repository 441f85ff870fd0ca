import Foundation
import TestSupport
import Testing

/// `openssl ocsp` run as a local responder for one CA of a test PKI, stopped (and waited for) by `stop()`
/// or when the value goes away, so no test leaves a process behind.
final class OCSPResponder {
    let port: Int
    let log: String
    private let process: Process

    /// Answers for the certificates `index` lists, issued by `ca`, signing with `signer` and `key`;
    /// `requests` ends it after that many requests (`-nrequest`).
    init(
        openssl: String, port: Int, index: String, ca: String, signer: String, key: String, requests: Int? = nil,
        log: String
    ) throws {
        self.port = port
        self.log = log
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments =
            [
                "ocsp", "-index", index, "-port", "\(port)", "-CA", ca, "-rsigner", signer, "-rkey", key, "-nmin",
                "60",
            ] + (requests.map { ["-nrequest", "\($0)"] } ?? [])
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Ready once it says it listens; `openssl ocsp` prints that after binding.
        let deadline = Date().addingTimeInterval(10)
        while !requestLog.contains("waiting for OCSP client connections"), process.isRunning, Date() < deadline {
            usleep(20_000)
        }
        #expect(process.isRunning || requests != nil, "openssl ocsp exited: \(requestLog)")
    }

    deinit {
        stop()
    }

    /// What the responder printed, for messages.
    var requestLog: String {
        GrowingFile.text(at: log)
    }

    /// Whether the responder has exited within `seconds`: with `-nrequest N`, proof that it served N
    /// requests, whatever its OpenSSL version writes to its log.
    func exited(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline {
            usleep(20_000)
        }
        return !process.isRunning
    }

    func stop() {
        // SIGKILL: the child inherits the test runner's blocked signals, SIGTERM among them.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    /// A TCP port nothing listens on now (the kernel's pick, released at once for the responder to bind).
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
