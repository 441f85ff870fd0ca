/// `serve`'s own options: where it listens, how many requests it works on and holds, how long one may take.
enum ServeOptionTable {
    static let socket = OptionKey<String>.value(
        "socket", "PATH",
        help:
            "listen on this unix socket (a socket left there is replaced, any other file kept), for nginx's fastcgi_pass unix:PATH"
    )
    static let listen = OptionKey<String>.value(
        "listen", "ADDRESS:PORT",
        help: "listen on this loopback TCP address instead (127.0.0.1:PORT or localhost:PORT; no other host)")
    static let workers = OptionKey<Int>.number(
        "workers", "N", in: 1...256, takes: "a number of worker threads",
        help: "requests answered at once (default: the number of cores; with --store, at least 32)")
    static let queue = OptionKey<Int>.number(
        "queue", "N", in: 1...65_536, takes: "a number of requests",
        help:
            "accepted requests waiting for a worker; past it a request is answered 503 at once (default: 64 per worker)"
    )
    static let requestTimeout = OptionKey<Int>.number(
        "request-timeout", "MS", in: 1...600_000, takes: "a number of milliseconds",
        help: "a request not answered this long after it was accepted is answered 503 (default: 5000)")

    static let options = [socket.spec, listen.spec, workers.spec, queue.spec, requestTimeout.spec]

    struct Settings: Sendable, Equatable {
        /// A unix socket's path or `HOST:PORT`, as libfcgi opens it.
        var address: String
        var workers: Int
        var queue: Int
        var timeoutMilliseconds: Int
    }

    static func settings(_ arguments: ParsedArguments, cores: Int) throws(UsageError) -> Settings {
        let address: String
        switch (arguments[socket], arguments[listen]) {
        case (let path?, nil):
            guard !path.isEmpty, path.utf8.count < 108 else {
                throw UsageError("--socket takes a path of 1 to 107 bytes (a unix socket's limit)")
            }
            // libfcgi reads a path with a colon as HOST:PORT.
            guard !path.contains(":") else { throw UsageError("--socket takes a path without ':'") }
            address = path
        case (nil, let text?):
            address = try loopback(text)
        case (nil, nil):
            throw UsageError("serve listens on --socket PATH or --listen 127.0.0.1:PORT; give one")
        case (.some, .some):
            throw UsageError("--socket and --listen contradict each other; give one")
        }
        let count = try arguments.value(workers) ?? max(1, min(cores, 256))
        return Settings(
            address: address, workers: count, queue: try arguments.value(queue) ?? count * 64,
            timeoutMilliseconds: try arguments.value(requestTimeout) ?? 5000)
    }

    /// Only loopback: the service speaks FastCGI, which has no authentication, to the web server beside it.
    private static func loopback(_ text: String) throws(UsageError) -> String {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let port = Int(parts[1]), (1...65_535).contains(port),
            parts[1].utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else {
            throw UsageError("--listen takes 127.0.0.1:PORT or localhost:PORT, not '\(text)'")
        }
        let host = String(parts[0])
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let isLoopbackIPv4 =
            octets.count == 4 && octets.first == "127"
            && octets.allSatisfy { octet in
                octet.count <= 3 && octet.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                    && Int(octet).map { $0 <= 255 } == true
            }
        guard host == "localhost" || isLoopbackIPv4 else {
            throw UsageError(
                "--listen takes a loopback address (127.x.x.x or localhost), not '\(host)': "
                    + "FastCGI has no authentication, so nginx on the same host talks to it")
        }
        return "\(host):\(port)"
    }
}
