import ReceiptKit
import ReceiptSystem
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One JSON line a request on standard error, one write each so that workers' lines never interleave; a failed
/// write is dropped, counted (`GET /health`) and said once writing works again, never a reason to stop.
final class AccessLog: Sendable {
    /// Lines lost since the service started.
    private let lost = Atomic(0)
    /// Lines lost and not yet said in the log.
    private let unsaid = Atomic(0)

    var linesLost: Int { lost.load(ordering: .relaxed) }

    struct Entry: Sendable {
        var method: String?
        var route: String?
        var status: Int
        var reason: String?
        var problem: String?
        var microseconds: Int
    }

    static func line(_ entry: Entry, at date: Date) -> String {
        let time = quoted(RFC3339.format(date))
        var line = "{\"time\":\(time),\"method\":\(quoted(entry.method)),\"route\":\(quoted(entry.route)),"
        line += "\"status\":\(entry.status),\"reason\":\(quoted(entry.reason))"
        if let problem = entry.problem {
            line += ",\"problem\":\(quoted(problem))"
        }
        return line + ",\"microseconds\":\(entry.microseconds)}\n"
    }

    func record(_ entry: Entry) {
        write(Self.line(entry, at: Date()))
    }

    /// A message of the service itself (started, reloaded, stopping), as a JSON line too.
    func note(_ message: String) {
        write("{\"time\":" + Self.quoted(RFC3339.format(Date())) + ",\"service\":" + Self.quoted(message) + "}\n")
    }

    private func write(_ line: String) {
        guard FileDescriptor.standardError.write(line) == nil else {
            lost.add(1, ordering: .relaxed)
            unsaid.add(1, ordering: .relaxed)
            return
        }
        let missed = unsaid.exchange(0, ordering: .relaxed)
        if missed > 0 {
            let said =
                "{\"time\":" + Self.quoted(RFC3339.format(Date())) + ",\"service\":"
                + Self.quoted("\(missed) access-log lines lost: the log could not be written") + "}\n"
            if FileDescriptor.standardError.write(said) != nil {
                unsaid.add(missed, ordering: .relaxed)
            }
        }
    }

    /// A JSON string, or null; what came from the request is escaped by the JSON writer, and capped.
    private static func quoted(_ text: String?) -> String {
        guard let text else { return "null" }
        let capped = text.utf8.count > 512 ? String(decoding: text.utf8.prefix(512), as: UTF8.self) : text
        return JSONValue.string(capped).json(pretty: false) ?? "null"
    }
}
