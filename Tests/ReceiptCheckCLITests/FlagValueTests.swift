import ReceiptKit
import Testing

@testable import ReceiptCheckCLI

/// The flag values the CLI reads into ReceiptKit's domain types.
@Suite struct FlagValueTests {
    @Test func atTakesReceiptNowOrATime() throws {
        #expect(ValidationTime(argument: "receipt") == .receiptCreationDate)
        #expect(ValidationTime(argument: "NOW") == .now)
        let date = try #require(try RFC3339.parse("2024-01-31T12:00:00Z"))
        #expect(ValidationTime(argument: "2024-01-31T12:00:00Z") == .fixed(date))
        #expect(ValidationTime(argument: "") == nil)
        #expect(ValidationTime(argument: "yesterday") == nil)
    }

    @Test func environmentTakesOurNamesAndApplesReceiptTypes() {
        #expect(ReceiptEnvironment(argument: "Production") == .production)
        #expect(ReceiptEnvironment(argument: "ProductionVPP") == .production)
        #expect(ReceiptEnvironment(argument: "sandbox") == .sandbox)
        #expect(ReceiptEnvironment(argument: "ProductionVPPSandbox") == .sandbox)
        #expect(ReceiptEnvironment(argument: "XCODE") == .xcode)
        #expect(ReceiptEnvironment(argument: "unknown") == nil)
        #expect(ReceiptEnvironment(argument: "") == nil)
    }
}
