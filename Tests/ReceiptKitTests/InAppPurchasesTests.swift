import Foundation
import Testing

@testable import ReceiptKit

/// A receipt's purchases past `Limits.maximumDecodedPurchases` are read from its payload when asked for:
/// the same entries, in the same order, failing the receipt the same way, and combined without copies.
@Suite(.timeLimit(.minutes(10))) struct InAppPurchasesTests {
    typealias DER = TestDER

    static let fewDecoded = PayloadDecoder.Limits(maximumDecodedPurchases: 2)

    /// A payload of `count` purchases, each with its own transaction id and an undocumented attribute, then `last`.
    static func payload(count: Int, last: [UInt8]? = nil) -> [UInt8] {
        var contents = DER.attribute(2, DER.utf8("com.example.app"))
        for index in 0..<count {
            contents += DER.attribute(
                17,
                DER.set([
                    DER.attribute(1702, DER.utf8("product-\(index % 3)")),
                    DER.attribute(1703, DER.utf8("\(1000 + index)")),
                    DER.attribute(1701, DER.integer(Int64(index))),
                    DER.attribute(1750, DER.utf8("extra \(index)")),
                ]))
        }
        if let last {
            contents += DER.attribute(17, last)
        }
        return DER.tlv(0x31, contents)
    }

    @Test func purchasesPastTheLimitAreReadFromThePayloadAlike() throws {
        let payload = Self.payload(count: 7)
        let decoded = try PayloadDecoder.decode(payload)
        let onDemand = try PayloadDecoder.decode(payload, limits: Self.fewDecoded)
        #expect(decoded.purchases.isDecoded)
        #expect(!onDemand.purchases.isDecoded)
        #expect(onDemand.purchases.count == 7)
        #expect(onDemand.inApp == decoded.inApp)
        #expect(onDemand == decoded)
        #expect(onDemand.purchases.map(\.transactionID) == (0..<7).map { "\(1000 + $0)" })
        #expect(onDemand.purchases[6].unknownAttributes == [1750: [DER.utf8("extra 6")]])
        #expect(onDemand.purchases[0].unknownAttributes == [1750: [DER.utf8("extra 0")]])
    }

    @Test func purchasesUpToTheLimitStayDecoded() throws {
        let receipt = try PayloadDecoder.decode(Self.payload(count: 2), limits: Self.fewDecoded)
        #expect(receipt.purchases.isDecoded)
        #expect(receipt.purchases.count == 2)
    }

    @Test func aMalformedPurchaseFoundLateFailsTheReceiptAlike() {
        let late = DER.set([DER.attribute(1704, DER.ia5("not a date"))])
        let payload = Self.payload(count: 5, last: late)
        var errors: [ASN1Error] = []
        for limits in [PayloadDecoder.Limits(), Self.fewDecoded] {
            do {
                let receipt = try PayloadDecoder.decode(payload, limits: limits)
                Issue.record("decoded a payload with a bad date: \(receipt.purchases.count) purchases")
            } catch {
                errors.append(error)
            }
        }
        #expect(errors.count == 2)
        #expect(errors.first == errors.last)
        #expect(errors.first?.code == .invalidDate)
        #expect(errors.first?.inAppIndex == 5)
    }

    @Test func joinedAndSelectedPurchasesReadAsTheirEntries() throws {
        let first = try PayloadDecoder.decode(Self.payload(count: 4), limits: Self.fewDecoded).purchases
        let second: InAppPurchases = [InAppPurchase(productID: "x")]
        var joined = first
        joined.append(contentsOf: second)
        joined.append(contentsOf: first)
        let all = first.array + second.array + first.array
        #expect(Array(joined) == all)
        #expect(joined == InAppPurchases(all))
        let replacement = InAppPurchase(productID: "y")
        let picked = joined.selecting([8, 0, 4], replacing: [1: replacement])
        #expect(Array(picked) == [all[8], replacement, all[4]])
        #expect(Array(picked.selecting([2, 1])) == [all[4], replacement])
        #expect(joined.selecting(Array(joined.indices)) == joined)
        var small = second
        small.append(contentsOf: second)
        #expect(small.isDecoded && small.array == [second[0], second[0]])
    }

    /// The entry after a part of one purchase is the next part's first: each part is read from its own
    /// start. Only entries that exist in every part are read, so a wrong offset fails an expectation
    /// rather than stopping the run.
    @Test func aJoinedPartIsReadFromItsOwnStart() throws {
        let more = try PayloadDecoder.decode(Self.payload(count: 4), limits: Self.fewDecoded).purchases
        var joined: InAppPurchases = [InAppPurchase(productID: "a")]
        joined.append(contentsOf: more)
        #expect(!joined.isDecoded && more[0] != more[1])
        #expect(joined[1] == more[0])
        #expect(joined[2] == more[1])
    }

    /// Two receipts of one customer, one refunding a purchase of the other: the same facts and JSON whether
    /// their purchases were decoded or are read on demand.
    @Test func combinedPurchasesReadOnDemandDecideAsDecodedOnes() throws {
        let refund = Date(timeIntervalSince1970: 1_700_000_000)
        func purchase(_ id: String, _ product: String, cancelled: Date? = nil) -> InAppPurchase {
            var purchase = InAppPurchase(
                quantity: 1, productID: product, transactionID: id,
                purchaseDate: Date(timeIntervalSince1970: 1_676_363_400), originalTransactionID: id)
            purchase.cancellationDate = cancelled
            return purchase
        }
        let receipts = try [
            [purchase("3001", "pro.monthly"), purchase("3002", "pro.yearly"), InAppPurchase(quantity: 1)],
            [purchase("3002", "pro.yearly"), purchase("3001", "pro.monthly", cancelled: refund), InAppPurchase()],
        ].map { purchases in try CheckMaterial.signed(CheckMaterial.receipt { $0.inApp = purchases }) }
        var combined: [(report: ValidationReport, facts: EntitlementFacts?)] = []
        for limit in [PayloadDecoder.Limits.defaultMaximumDecodedPurchases, 1] {
            var reports: [ValidationReport] = []
            for receipt in receipts {
                let outcome = try CheckMaterial.validate(receipt) { $0.limits.maximumDecodedPurchases = limit }
                guard case .report(let report) = outcome else {
                    Issue.record("no receipt report")
                    return
                }
                reports.append(report)
            }
            combined.append(CombinedInputs.combine(reports, bundleID: CheckMaterial.bundleID))
        }
        let decoded = try #require(combined[0].facts, "\(combined[0].report.message ?? "")")
        let onDemand = try #require(combined[1].facts)
        #expect(combined[1].report.inputs?.first?.receipt?.purchases.isDecoded == false)
        #expect(decoded.purchases.map(\.transactionID) == ["3001", "3002", nil, nil])
        #expect(Array(onDemand.purchases) == Array(decoded.purchases))
        #expect(onDemand.purchases.first?.cancellationDate == refund)
        #expect(onDemand.purchaseSnapshots == decoded.purchaseSnapshots)
        let line = try #require((try? Verdict(report: combined[1].report).json(pretty: false)))
        #expect(line == (try? Verdict(report: combined[0].report).json(pretty: false)))
        #expect(line == (try Verdict(report: combined[0].report).encoded(pretty: false)))
    }
}
