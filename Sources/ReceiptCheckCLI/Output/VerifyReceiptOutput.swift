import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--format verifyreceipt`: the body Apple's verifyReceipt endpoint returns, one a line.
struct VerifyReceiptOutput: ReportFormat {
    var answersPerInput: Bool { true }

    func render(_ verdict: Verdict, name: String, bytes: [UInt8], detailed: Bool, into result: inout BatchResult) {
        let response = VerifyReceiptResponse(for: bytes, report: verdict.report, requestDate: Date())
        result.output = response.bytes + [0x0A]
        if let problem = response.problem {
            // A body Apple would not read is no verdict on the receipt inside it: never exit 0.
            result.error = "\(name): \(problem)"
            result.status = ExitStatus.worst([result.status, .malformed])
        } else if let why = response.notReceiptData, result.error == nil {
            result.error = "\(name): \(why)"
        }
    }
}
