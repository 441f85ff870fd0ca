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
        let scaled = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard scaled.isFinite, abs(scaled) < 2.5e14 else { return }
        let milliseconds = Int64(scaled)
        let seconds = PacificTime.floorDivide(milliseconds, 1000)
        guard let gmt = civilText(seconds), let pst = civilText(seconds + PacificTime.offsetSeconds(atUTC: seconds))
        else { return }
        members.append((name, .string(gmt + " Etc/GMT")))
        members.append((name + "_ms", .string(String(milliseconds))))
        members.append((name + "_pst", .string(pst + " America/Los_Angeles")))
    }

    /// `YYYY-MM-DD HH:MM:SS` of seconds since 1970, read as a wall clock.
    static func civilText(_ seconds: Int64) -> String? {
        let days = PacificTime.floorDivide(seconds, 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = RFC3339.civil(fromDays: days)
        guard (0...9999).contains(year) else { return nil }
        return "\(pad(Int(year), 4))-\(pad(month, 2))-\(pad(day, 2)) "
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
    }

    private static func pad(_ value: Int, _ digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
