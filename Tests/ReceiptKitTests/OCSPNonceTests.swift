import Foundation
import TestSupport
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

/// A response to another request (another nonce) proves nothing about ours: `openssl ocsp` answers a
/// request file, echoing its nonce, and the answer is checked against a request of our own.
@Suite(.timeLimit(.minutes(10))) struct OCSPNonceTests {
    @Test func aResponseEchoingAnotherNonceIsNoProof() throws {
        let openssl = "/usr/bin/openssl"
        #expect(FileManager.default.isExecutableFile(atPath: openssl), "openssl NOT FOUND at \(openssl)")
        let scratch = try ScratchDirectory()
        let pki = try TestPKI.generate()
        try pki.write(to: scratch.path)
        func path(_ name: String) -> String { scratch.path + "/" + name }
        try Data(try TestPKI.ocspIndexLine(pki.leaf).utf8).write(to: URL(fileURLWithPath: path("index.txt")))
        for arguments in [
            ["ocsp", "-issuer", path("intermediate.pem"), "-cert", path("leaf.pem"), "-reqout", path("req.der")],
            [
                "ocsp", "-index", path("index.txt"), "-CA", path("intermediate.pem"), "-rsigner",
                path("intermediate.pem"), "-rkey", path("intermediate.key.pem"), "-reqin", path("req.der"),
                "-respout", path("resp.der"), "-nmin", "60",
            ],
        ] {
            let result = try ChildProcess.run(URL(fileURLWithPath: openssl), arguments)
            #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
        }
        let response = try OCSPResponse(der: Array(try Data(contentsOf: URL(fileURLWithPath: path("resp.der")))))
        let leaf = try Certificate(der: pki.leaf.certificateDER)
        let intermediate = try Certificate(der: pki.intermediate.certificateDER)
        let root = try Certificate(der: pki.root.certificateDER)
        let chain = [leaf, intermediate, root]

        let given = OCSPVerification.status(of: response, for: leaf, issuer: intermediate, chain: chain, at: Date())
        guard case .good? = given else {
            Issue.record("the response itself should prove the leaf good: \(String(describing: given))")
            return
        }
        let ours = try OCSPRequest(OCSPCertificateID(leaf, issuer: intermediate, hash: .sha1))
        let answered = OCSPVerification.status(
            of: response, for: leaf, issuer: intermediate, chain: chain, request: ours, at: Date())
        guard case .unproven(let why)? = answered else {
            Issue.record("an answer to another nonce was taken: \(String(describing: answered))")
            return
        }
        #expect(why.contains("nonce"), "\(why)")
    }
}
