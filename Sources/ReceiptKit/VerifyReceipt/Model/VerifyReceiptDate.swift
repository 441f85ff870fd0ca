#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A date as verifyReceipt writes it: `X` in GMT, `X_ms`, and `X_pst` in Pacific time; written into the
/// body's bytes rather than as three strings.
struct VerifyReceiptDate: Equatable {
    /// Milliseconds since 1970, and the Pacific wall clock then (daylight saving as Apple applied it).
    let utc: Int64
    let pacificClock: Int64

    /// 0000-01-01 to 10000-01-01 in milliseconds since 1970: the years four digits hold.
    private static let writable: Range<Int64> = -62_167_219_200_000..<253_402_300_800_000

    /// The date, or nil when it or its Pacific clock is outside the years 0000 to 9999.
    init?(_ date: Date) {
        guard let milliseconds = RFC3339.millisecondsSince1970(date) else { return nil }
        let pacific = milliseconds + PacificTime.offsetSeconds(atUTC: RFC3339.floorDivide(milliseconds, 1000)) * 1000
        guard Self.writable.contains(milliseconds), Self.writable.contains(pacific) else { return nil }
        (utc, pacificClock) = (milliseconds, pacific)
    }

    /// `YYYY-MM-DD HH:MM:SS Etc/GMT`.
    var gmt: String { Self.text(appendGMT) }
    /// Milliseconds since 1970, in decimal.
    var milliseconds: String { String(utc) }
    /// `YYYY-MM-DD HH:MM:SS America/Los_Angeles`.
    var pacific: String { Self.text(appendPacific) }

    /// `gmt` in quotes, as the body writes it.
    func appendGMT(to out: inout [UInt8]) { Self.append(utc, zone: " Etc/GMT", to: &out) }
    /// `pacific` in quotes, as the body writes it.
    func appendPacific(to out: inout [UInt8]) { Self.append(pacificClock, zone: " America/Los_Angeles", to: &out) }

    /// `YYYY-MM-DD HH:MM:SS` of milliseconds since 1970, read as a wall clock.
    static func civilText(_ milliseconds: Int64) -> String? {
        writable.contains(milliseconds) ? text { append(milliseconds, zone: "", to: &$0) } : nil
    }

    private static func append(_ clock: Int64, zone: StaticString, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Cannot fail: only clocks within the years that four digits hold are written.
        _ = RFC3339.appendCivil(clock, separator: UInt8(ascii: " "), fraction: false, to: &out)
        StaticText.append(zone, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    private static func text(_ append: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        append(&out)
        return String(decoding: out.dropFirst().dropLast(), as: UTF8.self)
    }
}
