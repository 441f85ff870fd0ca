import Foundation
import Testing

@testable import ReceiptFastCGI

/// The listener and libfcgi without a service: a connection the client asks to keep (FCGI_KEEP_CONN) comes
/// back from `next()` with its next request once it was handed back, and is closed instead when it was not
/// asked to be kept or its body was not read to the end. (`make serve-faults` holds them under load, behind
/// a worker pool.)
struct FastCGIListenerTests {
    /// A listener on a unix socket in `scratch`, stopped after `seconds` whatever happens, so that a
    /// connection that never comes back fails the test instead of hanging it.
    private static func listener(in scratch: ScratchDirectory, seconds: Double = 10) throws -> (FastCGIListener, String)
    {
        let path = scratch.path + "/service.sock"
        let listener = try FastCGIListener(try FastCGILibrary.load(), address: path, backlog: 16, timeLimit: 5)
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { listener.stop() }
        return (listener, path)
    }

    private static func connect(_ path: String) throws -> Int32 {
        let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(client >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(client, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(status == 0)
        return client
    }

    private static func record(_ type: UInt8, _ content: [UInt8] = []) -> [UInt8] {
        [1, type, 0, 1, UInt8(content.count >> 8), UInt8(content.count & 0xff), 0, 0] + content
    }

    /// A request for `path` with `body` (all of it sent), asking to keep the connection or not.
    private static func send(_ client: Int32, path: String, body: [UInt8] = [], keep: Bool) {
        var params: [UInt8] = []
        for (name, value) in [("REQUEST_METHOD", "POST"), ("DOCUMENT_URI", path), ("CONTENT_LENGTH", "\(body.count)")] {
            params += [UInt8(name.utf8.count), UInt8(value.utf8.count)] + Array(name.utf8) + Array(value.utf8)
        }
        let bytes =
            record(1, [0, 1, keep ? 1 : 0, 0, 0, 0, 0, 0]) + record(4, params) + record(4)
            + (body.isEmpty ? [] : record(5, body)) + record(5)
        _ = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, 0) }
    }

    /// The answer's standard output up to its END_REQUEST record; nil when the connection ended first.
    private static func answer(_ client: Int32) -> String? {
        var received: [UInt8] = []
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            while received.count >= 8 {
                let length = Int(received[4]) << 8 | Int(received[5])
                let total = 8 + length + Int(received[6])
                guard received.count >= total else { break }
                if received[1] == 6 { output += received[8..<(8 + length)] }
                if received[1] == 3 { return String(decoding: output, as: UTF8.self) }
                received.removeFirst(total)
            }
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            received += buffer[..<count]
        }
    }

    /// What serving one request did: whether the connection was kept (then handed back), its socket, the
    /// body read.
    private struct Served {
        let kept: Bool
        let socket: Int32
        let body: [UInt8]?
    }

    /// Takes the next connection from the listener and answers its request with `text`, reading `readBody`
    /// bytes of its body. Where it is closed, the client has shut its side for writing, so that libfcgi's
    /// read to the end returns at once.
    private static func serveOne(_ listener: FastCGIListener, text: String, readBody: Int) throws -> Served {
        let connection = try #require(listener.next()?.first)
        let request = try #require(connection.request())
        let body = request.readBody(upTo: readBody)
        #expect(request.write(Array("Status: 200 OK\r\n\r\n\(text)".utf8)))
        let kept = request.finish(keepingConnection: true)
        if kept { listener.keep(connection) }
        return Served(kept: kept, socket: connection.socket, body: body)
    }

    @Test func aKeptConnectionCarriesTheNextRequests() throws {
        let scratch = try ScratchDirectory()
        let (listener, path) = try Self.listener(in: scratch)
        defer { listener.stop() }
        let client = try Self.connect(path)
        defer { _ = close(client) }
        var sockets: Set<Int32> = []
        for turn in 0..<3 {
            Self.send(client, path: "/verify", body: Array("body \(turn)".utf8), keep: true)
            let served = try Self.serveOne(listener, text: "answer \(turn)", readBody: 100)
            #expect(served.body == Array("body \(turn)".utf8))
            #expect(served.kept, "asked to be kept, its body read to the end")
            sockets.insert(served.socket)
            #expect(Self.answer(client)?.hasSuffix("answer \(turn)") == true)
        }
        #expect(sockets.count == 1, "the kept connection came back each time")
    }

    @Test func aConnectionIsClosedWhenNotAskedToBeKeptOrItsBodyIsUnread() throws {
        let scratch = try ScratchDirectory()
        let (listener, path) = try Self.listener(in: scratch)
        defer { listener.stop() }
        let unasked = try Self.connect(path)
        defer { _ = close(unasked) }
        Self.send(unasked, path: "/health", keep: false)
        _ = shutdown(unasked, Int32(SHUT_WR))
        #expect(try !Self.serveOne(listener, text: "once", readBody: 0).kept, "the client did not ask to keep it")
        #expect(Self.answer(unasked)?.hasSuffix("once") == true)
        // Its body's rest would be read as the next request's beginning.
        let unread = try Self.connect(path)
        defer { _ = close(unread) }
        Self.send(unread, path: "/verify", body: Array(repeating: 0x41, count: 100), keep: true)
        _ = shutdown(unread, Int32(SHUT_WR))
        #expect(try !Self.serveOne(listener, text: "refused", readBody: 10).kept, "its body was not read to the end")
        #expect(Self.answer(unread)?.hasSuffix("refused") == true)
        var byte: UInt8 = 0
        #expect(recv(unread, &byte, 1, 0) == 0, "closed by the service")
    }
}
