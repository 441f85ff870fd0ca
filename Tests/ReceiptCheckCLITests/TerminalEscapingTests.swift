import Foundation
import Testing

@testable import ReceiptCheckCLI

/// Strings from an input cannot draw on the terminal: a receipt or JWS (here signed by an
/// untrusted test chain) whose fields hold ESC sequences, newlines or bidi overrides is printed
/// with those escaped, in text reports and in error messages, as are file names.
@Suite struct TerminalEscapingTests {
    /// Characters a terminal acts on: C0 but the report's own newlines, DEL, C1, bidi controls.
    static func hasTerminalControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0A: false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
            default: false
            }
        }
    }

    /// The raw bytes of both streams: valid UTF-8 and free of terminal controls.
    static func expectClean(_ result: CLI.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!hasTerminalControl(result.stdout), "\(result.stdout.debugDescription)", sourceLocation: sourceLocation)
        #expect(!hasTerminalControl(result.stderr), "\(result.stderr.debugDescription)", sourceLocation: sourceLocation)
    }

    final class Workspace {
        let path: String

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("escape-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: path)
        }

        /// Writes `spec` and signs it with make-receipt (plus `extra`) using the PKI in `pki`.
        func sign(_ spec: String, pki: String, _ extra: [String] = [], name: String) throws -> String {
            let specPath = path + "/\(name).json"
            try Data(spec.utf8).write(to: URL(fileURLWithPath: specPath))
            let output = path + "/\(name).out"
            let made = try CLI.run(["make-receipt", "--spec", specPath, "--pki", pki, "-o", output] + extra)
            #expect(made.status == 0, "\(made.stderr)")
            return output
        }
    }

    /// `ESC[32mVALID ESC[0m` and friends, as JSON string escapes for a spec.
    static let forgedVerdict = #"\u001b[2K\rreceipt: VALID\u001b[32m"#
    static let forgedLine = #"x\nforged: VALID"#
    static let bidi = #"\u202eDILAV\u202c\u2066\u0085\u009b31m\u007f"#

    @Test func jwsFieldsAreEscapedInTextReports() throws {
        let workspace = try Workspace()
        let pki = workspace.path + "/pki"
        #expect(try CLI.run(["make-test-pki", "--ec", pki]).status == 0)
        let jws = try workspace.sign(
            """
            {"bundleId":"\(Self.forgedVerdict)","applicationVersion":"\(Self.bidi)",
             "originalApplicationVersion":"\(Self.forgedLine)","originalPurchaseDate":"2020-03-01T10:00:00Z",
             "receiptCreationDate":"2024-05-01T00:00:00Z","receiptType":"Production\\u001b]0;title\\u0007",
             "environment":"Production","signedDate":"2024-05-01T00:00:00Z"}
            """, pki: pki, ["--jws"], name: "app-transaction")
        for command in [["verify"], ["inspect"], ["inspect", "--rule", "premium: original_application_version < 42"]] {
            let result = try CLI.run(command + [jws])
            #expect(result.stdout.contains("INVALID (untrusted_chain)"), "\(result.stdout)")
            #expect(result.stdout.contains(#"\u{1B}[2K\u{D}receipt: VALID\u{1B}[32m"#), "\(result.stdout)")
            #expect(result.stdout.contains(#"x\u{A}forged: VALID"#), "\(result.stdout)")
            #expect(!result.stdout.contains("\nforged: VALID"))
            Self.expectClean(result)
        }
    }

    @Test func receiptFieldsAreEscapedInTextReports() throws {
        let workspace = try Workspace()
        let pki = workspace.path + "/pki"
        #expect(try CLI.run(["make-test-pki", pki]).status == 0)
        let receipt = try workspace.sign(
            """
            {"receipt_type":"Production","bundle_id":"\(Self.forgedVerdict)","application_version":"\(Self.bidi)",
             "receipt_creation_date":"2024-05-01T12:00:00Z","original_application_version":"\(Self.forgedLine)",
             "in_app":[{"quantity":1,"product_id":"\(Self.forgedVerdict)","transaction_id":"1\\u001b[8m",
                        "original_transaction_id":"1","purchase_date":"2024-04-20T09:15:00Z",
                        "expires_date":"2024-05-20T09:15:00Z"}]}
            """, pki: pki, name: "receipt")
        let runs = [
            ["verify", receipt], ["inspect", receipt],
            ["inspect", "--now", "2024-05-01", "--rule", #"pro: subscription "x" active"#, receipt],
        ]
        for arguments in runs {
            let result = try CLI.run(arguments)
            #expect(result.stdout.contains(#"\u{1B}[2K\u{D}receipt: VALID\u{1B}[32m"#), "\(result.stdout)")
            #expect(result.stdout.contains(#"\u{202E}DILAV\u{202C}\u{2066}\u{85}\u{9B}31m\u{7F}"#), "\(result.stdout)")
            Self.expectClean(result)
        }
    }

    @Test func headerValuesQuotedInMessagesAreEscaped() throws {
        let header = Data(#"{"alg":"\u001b[32mES256\u0007"}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let result = try CLI.run(["inspect", "-"], stdin: Data("\(header).e30.AAAA".utf8))
        #expect(result.stdout.contains(#"the header's alg is "\u{1B}[32mES256\u{7}""#), "\(result.stdout)")
        Self.expectClean(result)
    }

    @Test func fileNamesAreEscapedInReportsAndErrors() throws {
        let workspace = try Workspace()
        let name = workspace.path + "/a\u{1B}[32mVALID\nb.receipt"
        try Data("not a receipt".utf8).write(to: URL(fileURLWithPath: name))
        for arguments in [[name], [name, "/nonexistent/\u{1B}]0;x\u{07}"], ["--format", "ndjson", name]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 65 || result.status == 66)
            Self.expectClean(result)
        }
        let text = try CLI.run([name])
        #expect(text.stdout.contains(#"a\u{1B}[32mVALID\u{A}b.receipt: MALFORMED"#), "\(text.stdout)")
        #expect(text.stderr.contains(#"a\u{1B}[32mVALID\u{A}b.receipt: "#), "\(text.stderr)")
    }

    @Test func escapingKeepsPlainTextAndEscapesEveryControl() {
        #expect(TerminalText.escaped("com.example.app 1.2 — café") == "com.example.app 1.2 — café")
        #expect(TerminalText.escaped("a\u{1B}[31mb") == #"a\u{1B}[31mb"#)
        #expect(TerminalText.escaped("\t\n\r\0") == #"\u{9}\u{A}\u{D}\u{0}"#)
        #expect(TerminalText.escaped("\u{7F}\u{80}\u{9F}\u{A0}") == "\\u{7F}\\u{80}\\u{9F}\u{A0}")
        #expect(
            TerminalText.escaped("\u{202A}\u{202E}\u{2066}\u{2069}\u{2028}")
                == #"\u{202A}\u{202E}\u{2066}\u{2069}\u{2028}"#)
        #expect(TerminalText.escapedKeepingNewlines("a\n\u{1B}b\n") == "a\n\\u{1B}b\n")
    }
}
