import ReceiptKit
import ReceiptKitTesting

/// A HistoryResponse whose elements each carry an untrusted chain, beside a genuine one of as many
/// elements (644, about 1 MB each).
struct HostileResponse {
    static let elementCount = 644

    let genuine: [UInt8]
    let hostile: [UInt8]
    let pki: TestPKI

    init() throws {
        var options = TestPKI.Options()
        options.keyType = .ec
        pki = try TestPKI.generate(options)
        var genuine: [[UInt8]] = []
        var hostile: [[UInt8]] = []
        for index in 0..<Self.elementCount {
            let payload = Self.transaction(index)
            genuine.append(try JWSSigner.sign(payload, pki: pki))
            let own = try TestPKI.generate(options)
            hostile.append(try JWSSigner.sign(payload, signer: own.leaf, chain: [own.intermediate, own.root]))
        }
        self.genuine = Self.body(genuine)
        self.hostile = Self.body(hostile)
    }

    private static func transaction(_ index: Int) -> [UInt8] {
        Array(
            """
            {"transactionId":"\(2_000_000 + index)","originalTransactionId":"\(2_000_000 + index)",\
            "bundleId":"com.example.app","productId":"coins.\(index)","purchaseDate":1795000000000,\
            "type":"Consumable","environment":"Production","signedDate":1795000000000,\
            "appTransactionId":"705000000000001","inAppOwnershipType":"PURCHASED"}
            """.utf8)
    }

    private static func body(_ elements: [[UInt8]]) -> [UInt8] {
        var body = Array(
            #"{"bundleId":"com.example.app","environment":"Production","hasMore":false,"signedTransactions":["#.utf8)
        for (index, element) in elements.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(UInt8(ascii: "\""))
            body += element
            body.append(UInt8(ascii: "\""))
        }
        body += Array("]}".utf8)
        return body
    }
}
