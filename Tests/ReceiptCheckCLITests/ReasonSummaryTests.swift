import Foundation
import ReceiptKit
import Testing

@testable import ReceiptCheckCLI

/// `ReasonCode.summary` feeds the man page, the one reason table of the docs; the committed page says the same.
@Suite(.timeLimit(.minutes(10))) struct ReasonSummaryTests {
    @Test func manPageGivesEveryReasonItsSummary() throws {
        let page = try ExternalTool.committed("share/man/man1/receipt-check.1")
        for reason in ReasonCode.allCases {
            let entry = "\n.TP\n\(Roff.bold(reason.rawValue))\n\(Roff.escape(reason.summary))\n"
            #expect(page.contains(entry), "the man page's reason codes lack \(reason.rawValue) with its summary")
        }
    }

    /// The reason table exists once, in the man page: no page of the docs repeats it.
    @Test func noDocPageRepeatsTheReasonTable() throws {
        for page in try DocExample.pages(in: CLI.packageRoot) {
            let text = try ExternalTool.committed(page)
            let rows = ReasonCode.allCases.filter { text.contains("\n| `\($0.rawValue)` | ") }
            #expect(rows.count < 3, "\(page) repeats the reason table: \(rows.map(\.rawValue))")
        }
    }

    @Test func summariesAreOneLineAndDistinct() {
        let summaries = ReasonCode.allCases.map(\.summary)
        #expect(Set(summaries).count == summaries.count)
        for summary in summaries {
            #expect(!summary.isEmpty && !summary.contains("\n"))
        }
    }
}
