import ReceiptKit
import ReceiptKitTesting
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// ReceiptKitTesting's fault seam, through public API only: a named fault makes its check fail as if
/// OpenSSL had, any other name changes nothing.
@Suite struct FaultInjectionTests {
    static func report(fault: String) throws -> (injected: Bool, report: ValidationReport) {
        let bytes = [UInt8](try Data(contentsOf: VerdictTests.fixtures.appendingPathComponent("valid.receipt")))
        let root = try Certificate(
            derOrPEM: [UInt8](try Data(contentsOf: VerdictTests.fixtures.appendingPathComponent("pki/root.pem"))))
        var options = ValidationOptions()
        let injected = options.injectFault(named: fault)
        let report = try ReceiptValidator(policy: .custom(roots: [root]), options: options)
            .validate(bytes, input: "valid")
        return (injected, report)
    }

    @Test func aNamedFaultFailsItsCheck() throws {
        let (injected, report) = try Self.report(fault: "signature_check")
        #expect(injected)
        #expect(report.reason == .internalError)
    }

    @Test func anUnknownNameChangesNothing() throws {
        let (injected, report) = try Self.report(fault: "signature-check")
        #expect(!injected)
        #expect(report.status == .valid)
    }
}
