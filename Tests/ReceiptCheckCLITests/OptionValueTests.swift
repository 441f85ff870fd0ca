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
        (
            ["verify", "--device-id", "zz", "x"],
            "--device-id takes a UUID (956328D9-CC6A-47F4-BE40-6953FB0AB6C7), a MAC address"
        ),
        (
            ["make-test-pki", "--not-before", "2024-13-01T00:00:00Z", "/proc/no-pki"],
            "--not-before takes an RFC 3339 time such as 2024-01-31T12:00:00Z, not '2024-13-01T00:00:00Z'"
        ),
        (
            ["make-test-pki", "--not-after", "", "/proc/no-pki"],
            "--not-after takes an RFC 3339 time such as 2024-01-31T12:00:00Z, not ''"
        ),
    ]

    /// What `api` needs before it reads an option naming a file or a URL.
    static let credentials = [
        "get-transaction-info", "1", "--key", "/proc/no-key.p8", "--key-id", "K", "--issuer-id",
        "7e3fb20b-4cdb-47cc-936d-99d65f608138", "--bundle-id", "com.example", "--environment", "sandbox",
    ]

    /// Paths (`InputPath`, `OutputPath`) refuse an empty text; URLs (`WebAddress`) a scheme the option does not
    /// take, or no host. An option that sends the token (`--base-url`) or Apple's calls (`--realtime-url`)
    /// takes https alone.
    static let pathAndURLRefusals: [(arguments: [String], message: String)] = [
        (["verify", "--root", "", "x"], "--root takes a file to read (- for standard input), not ''"),
        (
            ["verify", "--storekit-test-cert", "", "x"],
            "--storekit-test-cert takes a file to read (- for standard input), not ''"
        ),
        (
            ["verify", "--ocsp-response", "", "x"],
            "--ocsp-response takes a file to read (- for standard input), not ''"
        ),
        (["verify", "--crl", "", "x"], "--crl takes a file to read (- for standard input), not ''"),
        (
            ["verify", "--rules", "", "--bundle-id", "b", "x"],
            "--rules takes a file to read (- for standard input), not ''"
        ),
        (["verify", "--facts", "", "x"], "--facts takes a file to read (- for standard input), not ''"),
        (["verify", "--files-from", ""], "--files-from takes a file to read (- for standard input), not ''"),
        (
            [
                "api", "get-transaction-info", "1", "--key", "", "--key-id", "K", "--issuer-id", "I", "--bundle-id",
                "b",
                "--environment", "sandbox",
            ],
            "--key takes a file to read (- for standard input), not ''"
        ),
        (["api"] + credentials + ["--ca-file", ""], "--ca-file takes a file to read (- for standard input), not ''"),
        (
            ["api"] + credentials + ["--combine", "--with", ""],
            "--with takes a file to read (- for standard input), not ''"
        ),
        (
            ["api"] + credentials + ["--base-url", "http://127.0.0.1:9"],
            "--base-url takes a URL starting https:// and a host, not 'http://127.0.0.1:9'"
        ),
        (
            ["api"] + credentials + ["--base-url", "https:///v1"],
            "--base-url takes a URL starting https:// and a host, not 'https:///v1'"
        ),
        (
            ["api"] + credentials + ["--base-url", "https://:443/v1"],
            "--base-url takes a URL starting https:// and a host, not 'https://:443/v1'"
        ),
        (
            ["api", "configure-realtime-url"] + credentials.dropFirst(2) + ["--realtime-url", "http://example.com/n"],
            "--realtime-url takes a URL starting https:// and a host, not 'http://example.com/n'"
        ),
        (
            ["api", "upload-message", "m"] + credentials.dropFirst(2) + ["--body", ""],
            "--body takes a file to read (- for standard input), not ''"
        ),
        (
            ["api", "upload-image", "i"] + credentials.dropFirst(2) + ["--image", ""],
            "--image takes a file to read (- for standard input), not ''"
        ),
        (
            [
                "sign", "promotional-offer", "--key", "", "--key-id", "K", "--bundle-id", "b", "--product-id", "p",
                "--offer-id", "o",
            ],
            "--key takes a file to read (- for standard input), not ''"
        ),
        (
            [
                "sign", "advanced-commerce-in-app", "--key", "/proc/no-key.p8", "--key-id", "K", "--issuer-id", "I",
                "--bundle-id", "b", "--request", "",
            ],
            "--request takes a file to read (- for standard input), not ''"
        ),
        (
            ["make-receipt", "--spec", "", "--pki", "/proc/no-pki", "-o", "-"],
            "--spec takes a file to read (- for standard input), not ''"
        ),
        (
            ["make-receipt", "--spec", "/proc/no-spec", "--pki", "", "-o", "-"],
            "--pki takes a directory to read, not ''"
        ),
        (
            ["make-receipt", "--spec", "/proc/no-spec", "--pki", "/proc/no-pki", "-o", ""],
            "--output takes a file to write (- for standard output), not ''"
        ),
        (["make-test-pki", "--ca", "", "/proc/no-pki"], "--ca takes a directory to read, not ''"),
        (
            ["make-test-pki", "--ocsp-url", "ftp://127.0.0.1/ocsp", "/proc/no-pki"],
            "--ocsp-url takes a URL starting http:// or https:// and a host, not 'ftp://127.0.0.1/ocsp'"
        ),
        (
            ["make-test-pki", "--intermediate-ocsp-url", "http://", "/proc/no-pki"],
            "--intermediate-ocsp-url takes a URL starting http:// or https:// and a host, not 'http://'"
        ),
        (
            ["make-test-pki", "--ocsp-url", "http://host /ocsp", "/proc/no-pki"],
            "--ocsp-url takes a URL starting http:// or https:// and a host, not 'http://host /ocsp'"
        ),
    ]

    @Test(arguments: pathAndURLRefusals)
    func aPathOrURLTheKeyDoesNotReadIsAUsageErrorInItsWords(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(arguments: refusals)
    func aValueTheKeyDoesNotReadIsAUsageErrorInItsWords(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// A choice is read in any case, as the parser accepts it: `--format JSON` prints JSON.
    @Test func aChoiceIsReadInAnyCase() throws {
        guard let path = CLI.corpusFile(VerifyCommandTests.production) else { return }
        let result = try CLI.run(["verify", "--format", "JSON", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json?["status"] as? String == "valid", "\(result.stdout)")
    }
}
