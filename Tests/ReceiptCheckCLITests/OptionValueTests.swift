import Foundation
import Testing

/// An option whose key reads its value (`OptionKey.number`, `.parsed`) refuses a text it does not read,
/// and the message is the key's: exit 64, `--NAME takes WHAT, not 'TEXT'`. Each row is one bound of a
/// range or one text that is not the option's kind of value.
@Suite struct OptionValueTests {
    static let refusals: [(arguments: [String], message: String)] = [
        (["verify", "--jobs", "0", "x"], "--jobs takes a number of parallel checks from 1 to 1024, not '0'"),
        (["verify", "--jobs", "1025", "x"], "--jobs takes a number of parallel checks from 1 to 1024, not '1025'"),
        (["verify", "--max-size", "0", "x"], "--max-size takes a positive number of bytes, not '0'"),
        (["verify", "--max-size", "12k", "x"], "--max-size takes a positive number of bytes, not '12k'"),
        (
            ["verify", "--app-apple-id", "0", "x"],
            "--app-apple-id takes the app's Apple id, a positive number, not '0'"
        ),
        (
            ["verify", "--at", "yesterday", "x"],
            "--at takes receipt, now or an RFC 3339 time such as 2024-01-31T12:00:00Z, not 'yesterday'"
        ),
        (
            ["verify", "--device-verification-id", "12", "x"],
            "--device-verification-id takes a UUID such as 3f2a9c1e-7b4d-4e8a-9f10-2c6b5d8e1a47, not '12'"
        ),
        (["verify", "--now", "soon", "x"], "--now takes an RFC 3339 time such as 2024-01-31T12:00:00Z, not 'soon'"),
        (
            ["verify", "--reminder-days", "3651", "x"],
            "--reminder-days takes a number of days from 0 to 3650, not '3651'"
        ),
        (["verify", "--reminder-days", "-1", "x"], "--reminder-days takes a number of days from 0 to 3650, not '-1'"),
        (
            ["verify", "--max-age", "3 days", "x"],
            "--max-age takes an ISO 8601 duration such as P3D or PT12H, or none, not '3 days'"
        ),
    ]

    @Test(arguments: refusals)
    func aValueTheKeyDoesNotReadIsAUsageErrorInItsWords(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
