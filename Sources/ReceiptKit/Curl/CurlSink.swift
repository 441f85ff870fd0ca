/// What libcurl's callbacks write into: the body (up to a limit) and the last response's headers.
final class CurlSink {
    private(set) var body: [UInt8] = []
    private(set) var headers: [String: String] = [:]
    /// Set when the body passed the limit: the transfer was stopped.
    private(set) var overflowed = false
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    static let writeBody: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        data, size, count, context in
        guard let context = unsafe context else { return 0 }
        // The context is the sink CurlTransport.perform passed retained, and released only after the transfer.
        let sink = unsafe Unmanaged<CurlSink>.fromOpaque(context).takeUnretainedValue()
        let (length, overflow) = size.multipliedReportingOverflow(by: count)
        guard !overflow, length <= sink.limit - sink.body.count else {
            sink.overflowed = true
            return 0
        }
        // libcurl hands `size * count` bytes at `data`, valid for this call; checked for overflow above.
        if let data = unsafe data, length > 0 {
            unsafe data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                unsafe sink.body.append(contentsOf: unsafe UnsafeBufferPointer(start: bytes, count: length))
            }
        }
        return length
    }

    static let writeHeader: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        data, size, count, context in
        guard let context = unsafe context else { return 0 }
        // As in writeBody: the sink outlives the transfer, and `data` holds `length` bytes for this call.
        let sink = unsafe Unmanaged<CurlSink>.fromOpaque(context).takeUnretainedValue()
        let (length, overflow) = size.multipliedReportingOverflow(by: count)
        guard !overflow, length <= 1 << 16 else { return 0 }
        guard let data = unsafe data, length > 0 else { return length }
        let line = unsafe data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            unsafe String(decoding: unsafe UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
        sink.record(headerLine: line)
        return length
    }

    /// A status line starts a new response (after a 100 Continue, say): only the last one's headers count.
    private func record(headerLine line: String) {
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = String(
            line[line.index(after: colon)...].drop(while: { $0 == " " || $0 == "\t" })
                .reversed().drop(while: { $0.isWhitespace }).reversed())
        guard headers.count < 256 else { return }
        headers[name] = value
    }
}
