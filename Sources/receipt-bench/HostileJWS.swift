import ReceiptKit
import ReceiptKitTesting

/// The costliest StoreKit 2 inputs the limits allow, in the shapes that cost most, unsigned and signed
/// by an untrusted chain: what an attacker can send.
struct HostileJWS {
    struct Input {
        let name: String
        let bytes: [UInt8]
    }

    let inputs: [Input]

    /// Raw payload bytes whose base64url still fits one 64 KiB segment.
    static let payloadBudget = CompactJWS.maximumSegmentSize / 4 * 3

    init() throws {
        var options = TestPKI.Options()
        options.keyType = .ec
        let pki = try TestPKI.generate(options)
        let values = JSONParser.Limits.standard.maximumValues
        let depth = JSONParser.Limits.standard.maximumDepth
        let shapes: [(String, String)] = [
            (
                "\(depth - 2)-deep array of \(values - depth) zeros",
                String(repeating: "[", count: depth - 2)
                    + Array(repeating: "0", count: values - depth).joined(separator: ",")
                    + String(repeating: "]", count: depth - 2)
            ),
            (
                "object of \(values - 1) members",
                "{" + (0..<(values - 1)).map { "\"m\($0)\":0" }.joined(separator: ",") + "}"
            ),
            (
                "string of escapes",
                "{\"s\":\"" + String(repeating: "\\u00e9", count: (Self.payloadBudget - 16) / 6) + "\"}"
            ),
            (
                "21,000 zeros 30 deep (over the value cap)",
                String(repeating: "[", count: 30) + Array(repeating: "0", count: 21_000).joined(separator: ",")
                    + String(repeating: "]", count: 30)
            ),
        ]
        var inputs: [Input] = []
        for (name, payload) in shapes {
            let bytes = Array(payload.utf8)
            let unsigned = Base64.encodeURL(Array("{\"alg\":\"ES256\"}".utf8)) + "." + Base64.encodeURL(bytes) + ".AAAA"
            inputs.append(Input(name: "unsigned, \(name)", bytes: Array(unsigned.utf8)))
            let signed = try JWSSigner.sign(bytes, signer: pki.leaf, chain: [pki.intermediate, pki.root])
            inputs.append(Input(name: "untrusted chain, \(name)", bytes: signed))
        }
        self.inputs = inputs
    }
}
