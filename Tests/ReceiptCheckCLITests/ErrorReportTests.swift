import ReceiptKit
import Testing

@testable import ReceiptCheckCLI

/// Every kind of error a command meets maps to one message, usage line or none, and exit status.
@Suite struct ErrorReportTests {
    @Test func usageErrorsShowTheUsageLineAndExit64() {
        let report = ErrorReport(UsageError("--at takes receipt"))
        #expect(report == ErrorReport(SetupError.usage(UsageError("--at takes receipt"))))
        #expect(report.message == "--at takes receipt")
        #expect(report.showsUsage)
        #expect(report.status == .usage)
    }

    @Test func setupErrorsKeepTheirStatus() {
        #expect(ErrorReport(SetupError.unreadable("a")).status == .noInput)
        #expect(ErrorReport(SetupError.badData("b")).status == .malformed)
        #expect(ErrorReport(SetupError.internalError("c")).status == .internalError)
        #expect(!ErrorReport(SetupError.badData("b")).showsUsage)
    }

    @Test func receiptErrorsAreUnreadableOrMalformed() {
        #expect(ErrorReport(ReceiptError(.unreadableInput, "cannot open x")).status == .noInput)
        #expect(ErrorReport(ReceiptError(.inputTooLarge, "x is larger")).status == .malformed)
        #expect(ErrorReport(ReceiptError(.internalError, "x")).status == .internalError)
        #expect(ErrorReport(ReceiptError(.unreadableInput, "cannot open x")).message == "cannot open x")
    }

    @Test func outputFailuresKeepTheStepThatFailed() {
        #expect(
            ErrorReport(OutputFile.WriteError(status: .cantCreate, message: "o: cannot create")).status == .cantCreate)
        #expect(ErrorReport(OutputFile.WriteError(status: .ioError, message: "o: cannot write")).status == .ioError)
    }

    @Test func anythingElseIsInternal() {
        struct Unexpected: Error, CustomStringConvertible {
            var description: String { "unexpected" }
        }
        #expect(ErrorReport(Unexpected()) == ErrorReport(SetupError.internalError("unexpected")))
    }
}
