#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A date as verifyReceipt writes it: three members, `X` in GMT, `X_ms` and `X_pst` in Pacific time.
struct VerifyReceiptDate: Equatable {
    /// `YYYY-MM-DD HH:MM:SS Etc/GMT`.
    let gmt: String
    /// Milliseconds since 1970, in decimal.
    let milliseconds: String
    /// `YYYY-MM-DD HH:MM:SS America/Los_Angeles`, with daylight saving as Apple applied it.
    let pacific: String

    /// The three texts of `date`, or nil when it is outside the years 0000 to 9999 (a receipt's dates
    /// are four-digit RFC 3339 years, so only `request_date` could be, and the clock would have to be
    /// broken).
    init?(_ date: Date) {
        guard let milliseconds = RFC3339.millisecondsSince1970(date) else { return nil }
        let pacific = milliseconds + PacificTime.offsetSeconds(atUTC: RFC3339.floorDivide(milliseconds, 1000)) * 1000
        guard let gmt = Self.civilText(milliseconds), let pst = Self.civilText(pacific) else { return nil }
        self.gmt = gmt + " Etc/GMT"
        self.milliseconds = String(milliseconds)
        self.pacific = pst + " America/Los_Angeles"
    }

    /// `YYYY-MM-DD HH:MM:SS` of milliseconds since 1970, read as a wall clock.
    static func civilText(_ milliseconds: Int64) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(19)
        guard RFC3339.appendCivil(milliseconds, separator: UInt8(ascii: " "), fraction: false, to: &out) else {
            return nil
        }
        return String(decoding: out, as: UTF8.self)
    }
}
