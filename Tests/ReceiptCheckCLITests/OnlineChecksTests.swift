import Foundation
import ReceiptKit
import ReceiptKitTesting
import Testing

/// `--online-checks`, `--ocsp-response` and `--crl` against real parts: `openssl ocsp` answering for a test
/// PKI whose leaf and intermediate name it, responses and CRLs `openssl` makes from the same CA databases.
@Suite(.timeLimit(.minutes(10))) struct OnlineChecksTests {
    /// A test PKI whose leaf and intermediate name responders on two free local ports, a receipt it
    /// signed, and the responders a test starts (stopped when the value goes away).
    final class Workspace {
        let path: String
        let openssl: String
        let leafPort: Int
        let intermediatePort: Int
        private var responders: [OCSPResponder] = []

        init(notAfter: String? = nil) throws {
            guard let openssl = ExternalTool.path("openssl", package: "openssl") else {
                throw POSIXError(.ENOENT)
            }
            self.openssl = openssl
            path = FileManager.default.temporaryDirectory.appendingPathComponent("ocsp-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            leafPort = try OCSPResponder.freePort()
            var other = try OCSPResponder.freePort()
            while other == leafPort {
                other = try OCSPResponder.freePort()
            }
            intermediatePort = other
            let made = try CLI.run(
                [
                    "make-test-pki", pki, "--ocsp-url", "http://127.0.0.1:\(leafPort)", "--intermediate-ocsp-url",
                    "http://127.0.0.1:\(intermediatePort)",
                ] + (notAfter.map { ["--not-after", $0] } ?? []))
            #expect(made.status == 0, "\(made.stderr)")
            let signed = try CLI.run(
                ["make-receipt", "--spec", CLI.fixture("specs/production.json"), "--pki", pki, "-o", receipt])
            #expect(signed.status == 0, "\(signed.stderr)")
        }

        deinit {
            for responder in responders {
                responder.stop()
            }
            try? FileManager.default.removeItem(atPath: path)
        }

        var pki: String { path + "/pki" }
        var receipt: String { path + "/receipt" }
        func file(_ name: String) -> String { pki + "/" + name }

        /// A CA database where `credential` (the leaf or intermediate) is revoked.
        func revokedIndex(_ name: String, _ credential: KeyPath<TestPKI, TestCredential>) throws -> String {
            let pki = try TestPKI.load(from: self.pki)
            let line = try TestPKI.ocspIndexLine(
                pki[keyPath: credential], revokedAt: Date(timeIntervalSinceNow: -86_400))
            let index = path + "/" + name
            try Data(line.utf8).write(to: URL(fileURLWithPath: index))
            return index
        }

        /// Starts the responder for the leaf (answered by the intermediate) and returns it.
        @discardableResult
        func leafResponder(
            index: String? = nil, signer: String? = nil, key: String? = nil, requests: Int? = nil
        ) throws -> OCSPResponder {
            try start(
                port: leafPort, index: index ?? file("intermediate.index.txt"), ca: file("intermediate.pem"),
                signer: signer ?? file("intermediate.pem"), key: key ?? file("intermediate.key.pem"),
                requests: requests, log: "leaf-responder.log")
        }

        /// Starts the responder for the intermediate (answered by the root) and returns it.
        @discardableResult
        func intermediateResponder(index: String? = nil, requests: Int? = nil) throws -> OCSPResponder {
            try start(
                port: intermediatePort, index: index ?? file("root.index.txt"), ca: file("root.pem"),
                signer: file("root.pem"), key: file("root.key.pem"), requests: requests,
                log: "intermediate-responder.log")
        }

        private func start(
            port: Int, index: String, ca: String, signer: String, key: String, requests: Int?, log: String
        ) throws -> OCSPResponder {
            let responder = try OCSPResponder(
                openssl: openssl, port: port, index: index, ca: ca, signer: signer, key: key, requests: requests,
                log: path + "/" + log)
            responders.append(responder)
            return responder
        }

        /// `receipt-check --json --root` the test root, with `options`, on `inputs` (the receipt by default).
        func verify(_ options: [String], _ inputs: [String]? = nil) throws -> CLI.Result {
            try CLI.run(["--json", "--root", file("root.pem")] + options + (inputs ?? [receipt]))
        }

        /// Runs `openssl` with `arguments`, expecting success.
        func openssl(_ arguments: [String]) throws {
            let result = try ExternalTool.run(openssl, arguments)
            #expect(result.status == 0, "openssl \(arguments.joined(separator: " ")): \(result.stderr)")
        }

        /// A DER OCSP response for `certificate` under `issuer` from the CA database `index`, made without
        /// network (`openssl ocsp -reqin`), signed by `signer`.
        func offlineResponse(
            _ name: String, certificate: String, issuer: String, index: String, signer: String, key: String
        ) throws -> String {
            let request = path + "/\(name).req"
            let response = path + "/\(name).der"
            try openssl(["ocsp", "-issuer", issuer, "-cert", certificate, "-no_nonce", "-reqout", request])
            try openssl([
                "ocsp", "-index", index, "-CA", issuer, "-rsigner", signer, "-rkey", key, "-reqin", request,
                "-respout", response, "-nmin", "60",
            ])
            return response
        }

        /// A CRL of the CA database `index`, signed with `certificate` and `key`.
        func crl(_ name: String, index: String, certificate: String, key: String, extra: [String] = []) throws
            -> String
        {
            let config = path + "/\(name).cnf"
            try Data("[ca]\ndefault_ca = test\n[test]\ndatabase = \(index)\ndefault_md = sha256\n".utf8)
                .write(to: URL(fileURLWithPath: config))
            let output = path + "/\(name).crl.pem"
            try openssl(
                [
                    "ca", "-gencrl", "-config", config, "-keyfile", key, "-cert", certificate, "-out", output,
                    "-crldays", "1",
                ]
                    + extra)
            return output
        }
    }

    static func reason(_ result: CLI.Result) -> String? {
        result.json?["reason"] as? String
    }

    static func revocationDetail(_ result: CLI.Result) -> String {
        let checks = result.json?["checks"] as? [[String: Any]] ?? []
        return checks.first { $0["name"] as? String == "revocation" }?["detail"] as? String ?? ""
    }

    // MARK: - Asking the responders

    @Test func aGoodChainIsValidAndABatchAsksEachResponderOnce() throws {
        let workspace = try Workspace()
        // Each responder answers one request and exits: a second request for the same certificate fails.
        let leaf = try workspace.leafResponder(requests: 1)
        let intermediate = try workspace.intermediateResponder(requests: 1)
        var copies: [String] = []
        for number in 1...3 {
            let copy = workspace.path + "/copy-\(number).receipt"
            try FileManager.default.copyItem(atPath: workspace.receipt, toPath: copy)
            copies.append(copy)
        }
        let result = try CLI.run(
            ["--format", "ndjson", "--root", workspace.file("root.pem"), "--online-checks"] + copies)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines {
            #expect(line.contains("\"name\":\"revocation\",\"passed\":true"), "\(line)")
        }
        // Each served its one request (and exited); a second request would have found no responder and
        // left the input without a verdict (exit 75), so each was asked exactly once.
        #expect(leaf.exited(within: 5), "\(leaf.requestLog)")
        #expect(intermediate.exited(within: 5), "\(intermediate.requestLog)")
        leaf.stop()
        intermediate.stop()
    }

    @Test func aRevokedLeafIsInvalid() throws {
        let workspace = try Workspace()
        try workspace.leafResponder(index: try workspace.revokedIndex("leaf-revoked.txt", \.leaf))
        try workspace.intermediateResponder()
        let result = try workspace.verify(["--online-checks"])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(Self.reason(result) == "certificate_revoked")
        #expect(Self.revocationDetail(result).contains("Receipt Signing\" was revoked"))
        // Without the flag nothing is asked and the same receipt is valid.
        #expect(try workspace.verify([]).status == 0)
    }

    @Test func aRevokedIntermediateIsInvalid() throws {
        let workspace = try Workspace()
        try workspace.leafResponder()
        try workspace.intermediateResponder(
            index: try workspace.revokedIndex("intermediate-revoked.txt", \.intermediate))
        let result = try workspace.verify(["--online-checks"])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(Self.reason(result) == "certificate_revoked")
        #expect(Self.revocationDetail(result).contains("Relations CA\" was revoked"))
    }

    @Test func aResponderDownIsATemporaryFailure() throws {
        let workspace = try Workspace()
        try workspace.intermediateResponder()
        let result = try workspace.verify(["--online-checks"])
        #expect(result.status == 75, "\(result.stdout)")
        #expect(Self.reason(result) == "revocation_unavailable")
        #expect(result.stderr.contains("no verdict now (try again)"), "\(result.stderr)")
        #expect(result.stderr.contains("http://127.0.0.1:\(workspace.leafPort) did not answer"), "\(result.stderr)")
    }

    @Test func aResponseSignedByAnotherKeyIsATemporaryFailure() throws {
        let workspace = try Workspace()
        // Another test PKI's intermediate has the same name and another key.
        let other = workspace.path + "/other"
        #expect(try CLI.run(["make-test-pki", other]).status == 0)
        try workspace.leafResponder(signer: other + "/intermediate.pem", key: other + "/intermediate.key.pem")
        try workspace.intermediateResponder()
        let result = try workspace.verify(["--online-checks"])
        #expect(result.status == 75, "\(result.stdout)")
        #expect(Self.revocationDetail(result).contains("is not signed by the issuer or its responder"))
    }

    @Test func aCertificateTheResponderDoesNotKnowIsATemporaryFailure() throws {
        let workspace = try Workspace()
        // The root's database lists only the intermediate: the leaf's status is "unknown".
        try workspace.leafResponder(index: workspace.file("root.index.txt"))
        try workspace.intermediateResponder()
        let result = try workspace.verify(["--online-checks"])
        #expect(result.status == 75, "\(result.stdout)")
        #expect(Self.revocationDetail(result).contains("status unknown"))
    }

    @Test func certificatesAreJudgedNowAsWell() throws {
        // Valid when the receipt was made (2024-05-01), expired since: refused before any responder is asked.
        let workspace = try Workspace(notAfter: "2025-01-01T00:00:00Z")
        #expect(try workspace.verify([]).status == 0)
        let result = try workspace.verify(["--online-checks"])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(Self.reason(result) == "certificate_expired")
    }

    // MARK: - Fetched data, without network

    @Test func offlineOCSPResponsesProveTheChain() throws {
        let workspace = try Workspace()
        let leaf = try workspace.offlineResponse(
            "leaf", certificate: workspace.file("leaf.pem"), issuer: workspace.file("intermediate.pem"),
            index: workspace.file("intermediate.index.txt"), signer: workspace.file("intermediate.pem"),
            key: workspace.file("intermediate.key.pem"))
        let intermediate = try workspace.offlineResponse(
            "intermediate", certificate: workspace.file("intermediate.pem"), issuer: workspace.file("root.pem"),
            index: workspace.file("root.index.txt"), signer: workspace.file("root.pem"),
            key: workspace.file("root.key.pem"))
        // No responder runs: the responses alone prove it.
        let good = try workspace.verify(["--ocsp-response", leaf, "--ocsp-response", intermediate])
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        #expect(Self.revocationDetail(good).contains("--ocsp-response \(leaf)"))

        let missing = try workspace.verify(["--ocsp-response", leaf])
        #expect(missing.status == 75, "\(missing.stdout)")
        #expect(Self.revocationDetail(missing).contains("no OCSP response or CRL given speaks of it"))

        let revoked = try workspace.offlineResponse(
            "revoked", certificate: workspace.file("leaf.pem"), issuer: workspace.file("intermediate.pem"),
            index: try workspace.revokedIndex("leaf-revoked.txt", \.leaf), signer: workspace.file("intermediate.pem"),
            key: workspace.file("intermediate.key.pem"))
        let refused = try workspace.verify(["--ocsp-response", revoked, "--ocsp-response", intermediate])
        #expect(refused.status == 2, "\(refused.stdout)")
        #expect(Self.reason(refused) == "certificate_revoked")

        // A responder's "unauthorized" (OCSPResponse, responseStatus 6, no body) proves nothing.
        let unauthorized = workspace.path + "/unauthorized.der"
        try Data([0x30, 0x03, 0x0A, 0x01, 0x06]).write(to: URL(fileURLWithPath: unauthorized))
        let unproven = try workspace.verify(["--ocsp-response", unauthorized, "--ocsp-response", intermediate])
        #expect(unproven.status == 75, "\(unproven.stdout)")
        #expect(Self.revocationDetail(unproven).contains("answered \"unauthorized\""))

        let notAResponse = try workspace.verify(["--ocsp-response", workspace.file("leaf.pem")])
        #expect(notAResponse.status == 65, "\(notAResponse.stderr)")
    }

    @Test func crlsProveTheChainWhenTheIssuerSignedThemAndTheyAreCurrent() throws {
        let workspace = try Workspace()
        let leafCRL = try workspace.crl(
            "intermediate", index: workspace.file("intermediate.index.txt"),
            certificate: workspace.file("intermediate.pem"), key: workspace.file("intermediate.key.pem"))
        let rootCRL = try workspace.crl(
            "root", index: workspace.file("root.index.txt"), certificate: workspace.file("root.pem"),
            key: workspace.file("root.key.pem"))
        let good = try workspace.verify(["--crl", leafCRL, "--crl", rootCRL])
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")

        let revokedCRL = try workspace.crl(
            "revoked", index: try workspace.revokedIndex("leaf-revoked.txt", \.leaf),
            certificate: workspace.file("intermediate.pem"), key: workspace.file("intermediate.key.pem"))
        let revoked = try workspace.verify(["--crl", revokedCRL, "--crl", rootCRL])
        #expect(revoked.status == 2, "\(revoked.stdout)")
        #expect(Self.reason(revoked) == "certificate_revoked")

        // Same issuer name, another key: not the issuer's CRL.
        let other = workspace.path + "/other"
        #expect(try CLI.run(["make-test-pki", other]).status == 0)
        let forged = try workspace.crl(
            "forged", index: workspace.file("intermediate.index.txt"), certificate: other + "/intermediate.pem",
            key: other + "/intermediate.key.pem")
        let unproven = try workspace.verify(["--crl", forged, "--crl", rootCRL])
        #expect(unproven.status == 75, "\(unproven.stdout)")
        #expect(Self.revocationDetail(unproven).contains("is not signed by its key"))

        let stale = try workspace.crl(
            "stale", index: workspace.file("intermediate.index.txt"), certificate: workspace.file("intermediate.pem"),
            key: workspace.file("intermediate.key.pem"),
            extra: ["-crl_lastupdate", "200101000000Z", "-crl_nextupdate", "200102000000Z"])
        let old = try workspace.verify(["--crl", stale, "--crl", rootCRL])
        #expect(old.status == 75, "\(old.stdout)")
        #expect(Self.revocationDetail(old).contains("is stale"))
    }

    @Test func anOCSPResponsePastItsNextUpdateIsNoProof() throws {
        let workspace = try Workspace()
        let leaf = try workspace.offlineResponse(
            "leaf", certificate: workspace.file("leaf.pem"), issuer: workspace.file("intermediate.pem"),
            index: workspace.file("intermediate.index.txt"), signer: workspace.file("intermediate.pem"),
            key: workspace.file("intermediate.key.pem"))
        let intermediate = try workspace.offlineResponse(
            "intermediate", certificate: workspace.file("intermediate.pem"), issuer: workspace.file("root.pem"),
            index: workspace.file("root.index.txt"), signer: workspace.file("root.pem"),
            key: workspace.file("root.key.pem"))
        func validate(at time: Date) throws -> ValidationReport {
            var checks = OnlineChecks(fetchesFromResponders: false)
            checks.ocspResponses = [
                try OCSPResponse(der: Array(try Data(contentsOf: URL(fileURLWithPath: leaf))), source: "leaf"),
                try OCSPResponse(
                    der: Array(try Data(contentsOf: URL(fileURLWithPath: intermediate))), source: "intermediate"),
            ]
            checks.time = time
            var options = ValidationOptions()
            options.onlineChecks = checks
            let root = try Certificate(
                derOrPEM: Array(try Data(contentsOf: URL(fileURLWithPath: workspace.file("root.pem")))))
            let validator = try ReceiptValidator(policy: .custom(roots: [root]), options: options)
            return validator.validate(Array(try Data(contentsOf: URL(fileURLWithPath: workspace.receipt))), input: "r")
        }
        // -nmin 60: good for the next hour, and a little past it (clock skew), not two hours on.
        #expect(try validate(at: Date(timeIntervalSinceNow: 3_600 + 60)).status == .valid)
        let stale = try validate(at: Date(timeIntervalSinceNow: 7_200))
        #expect(stale.reason == .revocationUnavailable)
        #expect(stale.message?.contains("is stale") == true, "\(stale.message ?? "")")
    }
}
