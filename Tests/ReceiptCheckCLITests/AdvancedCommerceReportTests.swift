import Foundation
import Testing

/// A transaction carrying Advanced Commerce items and a commitment, signed by a test PKI: its text report
/// shows them, its JSON prints them as signed, and `sku` rules read them.
@Suite(.timeLimit(.minutes(10))) struct AdvancedCommerceReportTests {
    static let spec = """
        {"transactionId":"2001","originalTransactionId":"2001","bundleId":"com.example.app","productId":"ac.plan",
        "type":"Auto-Renewable Subscription","purchaseDate":"2026-11-01T00:00:00Z","expiresDate":"2030-01-01T00:00:00Z",
        "signedDate":"2026-11-01T00:00:00Z","environment":"Production","inAppOwnershipType":"PURCHASED",
        "billingPlanType":"MONTHLY",
        "advancedCommerceInfo":{"period":"P1M","requestReferenceId":"r1","items":[
        {"SKU":"tier.gold","price":9990,"refunds":[{"refundAmount":1000,"refundDate":1795000000000,"refundType":"CUSTOM"}]},
        {"SKU":"addon.storage","price":1990,"laterMember":true}]},
        "commitmentInfo":{"billingPeriodNumber":2,"totalBillingPeriods":12,"commitmentExpiresDate":1830000000000}}
        """

    @Test func theTextReportShowsTheItemsAndTheCommitment() throws {
        let workspace = try JWSSigningCommandTests.Workspace()
        let jws = try workspace.sign(Self.spec)
        let text = try CLI.run(["inspect", "--root", workspace.root, jws])
        #expect(text.status == 0, "\(text.stderr)")
        let items = "  items              tier.gold price 9990 refunded 1x, addon.storage price 1990\n"
        #expect(text.stdout.contains(items), "\(text.stdout)")
        #expect(text.stdout.contains("  commitment         period 2 of 12, ends 2027-12-28T13:20:00Z\n"))
        // The JSON prints the objects as signed: milliseconds, unknown members where they were.
        let json = try CLI.run(["inspect", "--json", "--root", workspace.root, jws])
        #expect(json.stdout.contains(#""refundDate" : 1795000000000"#), "\(json.stdout)")
        #expect(json.stdout.contains(#""laterMember" : true"#))
    }

    /// Apart from the report's test: the suite against another OpenSSL runs without the schema's validator.
    @Test func theTypedMembersMatchTheSchema() throws {
        let workspace = try JWSSigningCommandTests.Workspace()
        let jws = try workspace.sign(Self.spec)
        let json = try CLI.run(["inspect", "--json", "--root", workspace.root, jws])
        #expect(json.status == 0, "\(json.stderr)")
        // The schema describes the typed members: a wrong kind there would fail it.
        let scratch = try ScratchDirectory()
        try ReportSchemaTests.validate([try scratch.write("ac.json", Array(json.stdout.utf8))], expecting: 1)
    }

    @Test func skuRulesDecideOnTheItems() throws {
        let workspace = try JWSSigningCommandTests.Workspace()
        let jws = try workspace.sign(Self.spec)
        func verify(_ rule: String) throws -> Int32 {
            try CLI.run([
                "verify", "--root", workspace.root, "--bundle-id", "com.example.app", "--max-age", "none", "--rule",
                rule,
                "--require", "x", jws,
            ]).status
        }
        #expect(try verify(#"x: subscription "ac.plan" active and sku == "addon.storage""#) == 0)
        #expect(try verify(#"x: sku == "tier.silver""#) == 1)
        #expect(try verify(#"x: sku != "tier.gold""#) == 1)
    }
}
