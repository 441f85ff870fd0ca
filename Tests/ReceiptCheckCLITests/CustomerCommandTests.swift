import Foundation
import Testing

/// `store import` and `customer` through the binary: importing twice changes nothing, and the customer's
/// decision is `verify --combine`'s over the same signed payloads, whichever order they were imported in.
@Suite(.timeLimit(.minutes(10))) struct CustomerCommandTests {
    static let rules = [
        "--rule", #"pro: subscription "pro.monthly" active"#, "--now", "2026-11-22T00:00:00Z", "--json",
    ]

    /// A renewal, then a refund signed later, of transaction 1001; and another customer's renewal (2002).
    static func files(_ workspace: NotificationWorkspace) throws -> (customer: [String], other: String) {
        let renew = try workspace.file(
            "renew.json", try workspace.notification(uuid: "renew-1001", signed: "2026-11-20T00:00:00Z"))
        let refund = try workspace.file(
            "refund.json",
            try workspace.notification(
                uuid: "refund-1001", type: "REFUND", signed: "2026-11-21T00:00:00Z",
                extra: #","revocationDate":"2026-11-21T00:00:00Z","revocationReason":0"#))
        let other = try workspace.file("other.json", try workspace.notification(uuid: "renew-2002", id: "2002"))
        return ([renew, refund], other)
    }

    static func decided(_ result: CLI.Result) -> [String] {
        let entitlements = result.json?["entitlements"] as? [[String: Any]] ?? []
        return entitlements.map { "\($0["name"] ?? "")=\($0["granted"] ?? "")" }
    }

    @Test func importingTwiceChangesNothing() throws {
        let workspace = try NotificationWorkspace()
        let files = try Self.files(workspace)
        let arguments = ["store", "import", "--store", workspace.store] + workspace.trust + files.customer
        let first = try CLI.run(arguments)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.components(separatedBy: ": stored ").count == 3, "\(first.stdout)")
        let again = try CLI.run(arguments)
        #expect(again.status == 0 && again.stdout.components(separatedBy: ": already stored ").count == 3)
        let forged = try workspace.file("forged.json", try workspace.notification(bundle: "com.example.other"))
        let refused = try CLI.run(["store", "import", "--store", workspace.store] + workspace.trust + [forged])
        #expect(refused.status == 2 && refused.stdout.contains("refused (bundle_id_mismatch)"), "\(refused.stdout)")
    }

    @Test func aCustomerIsDecidedAsCombineDecides() throws {
        let workspace = try NotificationWorkspace()
        let files = try Self.files(workspace)
        for order in [files.customer, files.customer.reversed()] {
            let store = workspace.path + "/\(order.first == files.customer.first ? "a" : "b").sqlite"
            let imported = try CLI.run(["store", "import", "--store", store] + workspace.trust + order + [files.other])
            #expect(imported.status == 0, "\(imported.stdout)\(imported.stderr)")
            let customer = try CLI.run(["customer", "1001", "--store", store] + workspace.trust + Self.rules)
            let combined = try CLI.run(["verify", "--combine"] + workspace.trust + Self.rules + order)
            #expect(customer.status == combined.status, "\(customer.stdout)\(customer.stderr)")
            #expect(customer.status == 0, "\(customer.stdout)\(customer.stderr)")
            #expect(Self.decided(customer) == Self.decided(combined) && Self.decided(customer) == ["pro=0"])
            let inputs = (customer.json?["inputs"] as? [[String: Any]] ?? []).compactMap { $0["input"] as? String }
            #expect(inputs == ["notification renew-1001", "notification refund-1001"], "\(inputs)")
        }
    }

    @Test func aCustomerTheStoreDoesNotHoldIsNotFound() throws {
        let workspace = try NotificationWorkspace()
        _ = try CLI.run(
            ["store", "import", "--store", workspace.store] + workspace.trust + [try Self.files(workspace).other])
        let result = try CLI.run(["customer", "1001", "--store", workspace.store] + workspace.trust + Self.rules)
        #expect(result.status == 67 && result.stderr.contains("no notification of 1001"), "\(result.stderr)")
        let missing = try CLI.run(["customer", "1001", "--store", workspace.path + "/none.sqlite"] + workspace.trust)
        #expect(missing.status == 66 || missing.status == 69, "\(missing.status): \(missing.stderr)")
        let usage = try CLI.run(["customer", "1001", "--store", workspace.store, "--root", workspace.root])
        #expect(usage.status == 64 && usage.stderr.contains("--bundle-id"), "\(usage.stderr)")
    }
}
