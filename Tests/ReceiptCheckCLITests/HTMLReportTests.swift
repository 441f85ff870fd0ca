import Foundation
import Testing

@testable import ReceiptCheckCLI

/// `--format html`: values escaped for text, attributes and SVG alike; the policy that forbids every
/// script and load; one document per run; the timeline's marks where their dates put them. The browser
/// checks the same pages for real (`make test-browser`).
@Suite struct HTMLReportTests {
    static let markup = #"<script>x("'&")</script>"#

    @Test func markupIsEscapedForTextAttributesAndSVG() {
        #expect(HTMLText.escaped(Self.markup) == "&lt;script&gt;x(&quot;&#39;&amp;&quot;)&lt;/script&gt;")
        #expect(HTMLText.escaped(#""><svg onload=alert(1)>"#) == "&quot;&gt;&lt;svg onload=alert(1)&gt;")
        #expect(HTMLText.escaped("</title></style>") == "&lt;/title&gt;&lt;/style&gt;")
        #expect(HTMLText.escaped("com.example.app é 中") == "com.example.app é 中")
        #expect(HTMLText.escaped("") == "")
    }

    @Test func whatAPersonCouldMisreadIsShownAsEscapes() {
        #expect(HTMLText.escaped("nul\u{0}byte") == #"nul\u{0}byte"#)
        #expect(HTMLText.escaped("\u{202E}evil\u{202C}") == #"\u{202E}evil\u{202C}"#)
        #expect(HTMLText.escaped("a\u{2028}b\u{2029}c") == #"a\u{2028}b\u{2029}c"#)
        #expect(HTMLText.escaped("\u{2066}x\u{2069}\u{85}\u{7F}\n") == #"\u{2066}x\u{2069}\u{85}\u{7F}\u{A}"#)
    }

    /// The quick scan finds a byte to escape wherever it sits in a string.
    @Test func everyByteToEscapeIsFoundAtEveryPlace() {
        let escapes = [
            ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;"), ("\u{0}", #"\u{0}"#),
            ("\u{1B}", #"\u{1B}"#), ("\u{202E}", #"\u{202E}"#),
        ]
        for (special, escape) in escapes {
            for place in 0...24 {
                let before = String(repeating: "a", count: place)
                let after = String(repeating: "b", count: 24 - place)
                #expect(HTMLText.escaped(before + special + after) == before + escape + after, "\(escape) at \(place)")
            }
        }
    }

    @Test func thePolicyForbidsEveryScriptAndLoad() throws {
        #expect(
            HTMLDocument.contentSecurityPolicy
                == "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
        let page = HTMLDocument.opening
        let meta = try #require(page.firstRange(of: #"<meta http-equiv="Content-Security-Policy" content=""#))
        // Before anything it governs: the title and the stylesheet.
        let style = try #require(page.firstRange(of: "<style>"))
        let title = try #require(page.firstRange(of: "<title>"))
        #expect(meta.lowerBound < style.lowerBound && meta.lowerBound < title.lowerBound)
        #expect(page.contains("content=\"\(HTMLDocument.contentSecurityPolicy)\">"))
        #expect(!HTMLStyle.sheet.contains("url(") && !HTMLStyle.sheet.contains("@import"))
    }

    /// A signed (untrusted) history whose every string is markup: the page holds none of it as markup.
    @Test func hostileValuesNeverBecomeMarkup() throws {
        let workspace = try TerminalEscapingTests.Workspace()
        let pki = workspace.path + "/pki"
        #expect(try CLI.run(["make-test-pki", "--ec", pki]).status == 0)
        let hostile = #"<script>window.x=1</script>\"><svg onload=x()>\u0000\u202e</title>"#
        let history = try workspace.sign(
            """
            {"bundleId":"\(hostile)","appAppleId":1,"environment":"Production","hasMore":false,"revision":"\(hostile)",
             "signedTransactions":[{"transactionId":"1","originalTransactionId":"1","bundleId":"\(hostile)",
             "productId":"\(hostile)","purchaseDate":"2026-01-01T00:00:00Z","expiresDate":"2026-02-01T00:00:00Z",
             "revocationDate":"2026-01-15T00:00:00Z","offerType":2,"offerIdentifier":"\(hostile)",
             "appAccountToken":"\(hostile)","type":"Auto-Renewable Subscription","environment":"Production",
             "signedDate":"2026-01-20T00:00:00Z"}]}
            """, pki: pki, ["--jws"], name: "history")
        let result = try CLI.run(["inspect", "--format", "html", "--now", "2026-01-20T00:00:00Z", history])
        #expect(result.status == 0, "\(result.stderr)")
        let page = result.stdout
        #expect(page.contains("INVALID"))
        #expect(!page.contains("<script"))
        #expect(!page.contains("<svg onload"))
        #expect(!page.contains("\u{0}") && !page.contains("\u{202E}"))
        #expect(
            page.contains(
                #"&lt;script&gt;window.x=1&lt;/script&gt;&quot;&gt;&lt;svg onload=x()&gt;\u{0}\u{202E}&lt;/title&gt;"#))
        // Two inline SVGs at most: the timeline, wide and narrow; the page's own tags only.
        #expect(page.components(separatedBy: "<svg ").count == 3)
        #expect(page.hasPrefix("<!DOCTYPE html>\n") && page.hasSuffix("</html>\n"))
    }

    @Test func aBatchIsOneDocumentWithItsSummaryAndFoldedSections() throws {
        let result = try CLI.run(
            [
                "verify", "--format", "html", "--quiet", "--jobs", "2", "--files-from", "-", "--root",
                CLI.fixture("pki/root.pem"),
            ],
            stdin: Data((CLI.fixture("valid.receipt") + "\n" + CLI.fixture("tampered-signature.receipt") + "\n").utf8))
        #expect(result.status == 2, "\(result.stderr)")
        let page = result.stdout
        #expect(page.components(separatedBy: "<!DOCTYPE html>").count == 2)
        #expect(page.hasSuffix("</main>\n</body>\n</html>\n"))
        #expect(page.components(separatedBy: "<details class=\"input\">").count == 3)
        #expect(!page.contains("<details class=\"input\" open>"))
        #expect(page.contains("<section class=\"summary\">\n<h2>2 inputs</h2>"))
        #expect(page.contains("<th scope=\"row\">signature_mismatch</th><td class=\"count\">1</td>"))
    }

    /// A batch's folded sections carry their pictures without a legend each: the summary's one legend
    /// names every shape, so an input adds only what is its own.
    @Test func aBatchSharesOneLegendInItsSummary() throws {
        let lines = [String](
            repeating: try Data(contentsOf: URL(fileURLWithPath: CLI.fixture("valid.receipt")))
                .base64EncodedString(), count: 3)
        let result = try CLI.run(
            ["verify", "--format", "html", "--quiet", "--lines", "--root", CLI.fixture("pki/root.pem"), "-"],
            stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let page = result.stdout
        #expect(page.components(separatedBy: "<figure class=\"timeline\">").count == 4)
        // The summary's legend, wide and narrow.
        #expect(page.components(separatedBy: "<g class=\"legend\">").count == 3)
        let summary = try #require(page.firstRange(of: "<section class=\"summary\">"))
        let legend = try #require(page.firstRange(of: "<g class=\"legend\">"))
        #expect(legend.lowerBound > summary.lowerBound)
        for shape in Timeline.Stretch.allCases.map(\.rawValue) + Timeline.Event.allCases.map(\.rawValue) {
            #expect(page.contains(">\(shape)</text>"), "the legend does not name \(shape)")
        }
        // One input alone keeps its own legend.
        let one = try CLI.run([
            "verify", "--format", "html", "--root", CLI.fixture("pki/root.pem"), CLI.fixture("valid.receipt"),
        ])
        #expect(one.stdout.components(separatedBy: "<g class=\"legend\">").count == 3)
    }

    /// A folded section is not laid out until it nears the screen, so a page of thousands of inputs is
    /// ready when it is parsed; an unfolded one is drawn as usual (no containment clips a wide table).
    @Test func foldedSectionsAreLaidOutOnlyNearTheScreen() {
        #expect(HTMLStyle.sheet.contains("details.input:not([open]){content-visibility:auto;"))
        #expect(
            !HTMLStyle.sheet.contains("details.input{border:1px solid #d0d7de;border-radius:6px;content-visibility"))
    }

    @Test func oneInputIsShownUnfoldedWithoutASummary() throws {
        let result = try CLI.run([
            "verify", "--format", "html", "--root", CLI.fixture("pki/root.pem"), CLI.fixture("valid.receipt"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("<details class=\"input\" open>"))
        #expect(!result.stdout.contains("class=\"summary\""))
        #expect(result.stdout.hasSuffix("</html>\n"))
    }

    @Test func htmlAndJSONContradict() throws {
        let result = try CLI.run(["verify", "--json", "--format", "html", CLI.fixture("valid.receipt")])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--json and --format html contradict each other"))
    }

    /// x = 190 + (date - first) / span * 720, the axis from the first to the last date shown with a
    /// margin of 4% of their span each side.
    @Test func marksAndTheDecisionSitWhereTheirDatesPutThem() throws {
        let day = 86_400.0
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let renewal: Date = start.addingTimeInterval(30 * day)
        let first = Timeline.Purchase(
            product: "pro", start: start, end: renewal, stretch: .paid, cancelled: start.addingTimeInterval(10 * day),
            upgraded: false)
        let second = Timeline.Purchase(
            product: "pro", start: renewal, end: start.addingTimeInterval(60 * day), stretch: .paid, cancelled: nil,
            upgraded: false)
        let timeline = Timeline(
            purchases: [first, second], reminders: [:], decision: start.addingTimeInterval(45 * day))
        var html = HTMLWriter()
        TimelineSVG.write(timeline, into: &html)
        let svg = html.out
        // 60 days and 2.4 each side: the refund on day 10 at 190 + 12.4 / 64.8 * 720 = 327.8 (its
        // cross drawn from 6 px left), the decision on day 45 at 716.7, the purchase at 216.7 and the
        // renewal on day 30 at 550.
        #expect(svg.contains(#"<path class="m m-refund" d="M321.8 "#), "\(svg)")
        #expect(svg.contains(#"<line class="decision" x1="716.7" "#))
        #expect(svg.contains(#"<circle class="m" cx="216.7" "#))
        #expect(svg.contains(#"<path class="m" d="M550 "#))
        #expect(svg.contains("<title>Timeline of 1 product from"))
        #expect(svg.contains("<desc>pro: paid period ×2, purchase ×1, renewal ×1, refund or revocation ×1, expiry ×1"))
        // The text drawing of the same model: purchase, refund, renewal, expiry, and the decision.
        let text = SubscriptionTimeline.render(timeline)
        let row =
            "|P" + String(repeating: "=", count: 9) + "x" + String(repeating: "=", count: 19) + "r"
            + String(repeating: "=", count: 28) + "]|"
        #expect(text.contains(row), "\(text)")
        #expect(text.contains("^ now"))
    }
}

/// `api --format html`: a verified answer is one page of its transactions; an unsigned one its own page.
@Suite(.mockAppStoreAPI, .timeLimit(.minutes(10))) struct HTMLAPIReportTests {
    @Test func aHistoryIsOnePageOfEveryTransaction() async throws {
        let mock = try MockAppStoreAPI.require()
        let page = try await mock.api(
            "get-transaction-history", [MockAppStoreAPI.Scenario.customer, "--format", "html"])
        #expect(page.status == 0, "\(page.stdout.prefix(800))\(page.stderr)")
        #expect(page.stdout.hasPrefix("<!DOCTYPE html>\n") && page.stdout.hasSuffix("</html>\n"))
        #expect(page.stdout.components(separatedBy: "<!DOCTYPE html>").count == 2)
        for id in MockResponses.pages.flatMap({ $0 }) {
            #expect(page.stdout.contains("<td>\(id)</td>"), "transaction \(id) missing from the page")
        }
    }

    @Test func anUnsignedAnswerIsItsOwnEscapedPage() {
        let page = HTMLReportFormat.unsignedAnswer("request-test-notification", 200, [("token", "<b>\u{202E}")])
        #expect(page.hasPrefix(HTMLDocument.opening) && page.hasSuffix(HTMLDocument.closing))
        #expect(page.contains("<dt>token (unsigned)</dt><dd>&lt;b&gt;\\u{202E}</dd>"))
        #expect(page.contains("HTTP 200"))
    }
}
