#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A date as verifyReceipt writes it: three members, `X` in GMT, `X_ms` and `X_pst` in Pacific time.
enum VerifyReceiptDate {
    /// Appends `name`, `name_ms` and `name_pst` for `date`, or nothing when the date is outside the
    /// years 0000 to 9999 (a receipt's dates are four-digit RFC 3339 years, so only `request_date`
    /// could be, and the clock would have to be broken).
    static func append(_ name: String, _ date: Date, to members: inout [(String, OrderedJSON)]) {
        guard let milliseconds = RFC3339.millisecondsSince1970(date) else { return }
        let pacific = milliseconds + PacificTime.offsetSeconds(atUTC: RFC3339.floorDivide(milliseconds, 1000)) * 1000
        guard let gmt = civilText(milliseconds), let pst = civilText(pacific) else { return }
        members.append((name, .string(gmt + " Etc/GMT")))
        members.append((name + "_ms", .string(String(milliseconds))))
        members.append((name + "_pst", .string(pst + " America/Los_Angeles")))
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
