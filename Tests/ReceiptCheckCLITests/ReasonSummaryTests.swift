import Foundation
import ReceiptKit
import Testing

@testable import receipt_check

/// `ReasonCode.summary` feeds the man page; the README's reason table must say the same.
@Suite(.timeLimit(.minutes(10))) struct ReasonSummaryTests {
    @Test func readmeTableGivesEveryReasonItsSummary() throws {
        let readme = try ExternalTool.committed("README.md")
        var rows: [String: String] = [:]
        for line in readme.split(separator: "\n") where line.hasPrefix("| `") && line.hasSuffix(" |") {
            let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            guard cells.count == 2 else { continue }
            rows[cells[0].replacingOccurrences(of: "`", with: "")] = cells[1].replacingOccurrences(of: "`", with: "")
        }
        for reason in ReasonCode.allCases {
            let row = rows[reason.rawValue]
            #expect(row != nil, "README reason table lacks \(reason.rawValue)")
            if let row {
                #expect(row == reason.summary, "README and ReasonCode.summary disagree on \(reason.rawValue)")
            }
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
