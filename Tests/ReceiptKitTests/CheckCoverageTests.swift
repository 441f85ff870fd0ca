import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every check rejects what only it can catch, every reason code is produced by some input, all
/// on inputs minted here from the test PKI (no corpus), with every validation time pinned by
/// the receipt's own creation date or the JWS's signedDate.
@Suite(.timeLimit(.minutes(10))) struct CheckCoverageTests {
    typealias M = CheckMaterial

    static let scenarios: [CheckScenario] = [
        // Reading and recognising the input.
        CheckScenario(name: "empty input", expected: .emptyInput) { try M.validate([]) },
        CheckScenario(name: "text that is no receipt", expected: .unsupportedFormat) {
            try M.validate(Array("hello, receipt".utf8))
        },
        CheckScenario(name: "iOS 6 transaction receipt", expected: .notAppReceipt) {
            try M.validate(Array("{\n\t\"signature\" = \"AAAA\";\n\t\"purchase-info\" = \"BBBB\";\n}".utf8))
        },
        // Decodable as an app receipt, so only the decoded field 6 can tell it apart.
        CheckScenario(name: "App Attest receipt, signed and decodable", expected: .notAppReceipt) {
            try M.validate(M.signed(M.receipt { $0.unknownAttributes[6] = [Array("RECEIPT".utf8)] }))
        },
        CheckScenario(name: "truncated receipt", expected: .malformed) {
            let bytes = try M.signed(try M.receipt())
            return try M.validate(Array(bytes.prefix(bytes.count - 40)))
        },
        CheckScenario(name: "JWS header that is not JSON", expected: .invalidJWS) {
            try M.validateJWS(M.unsignedJWS(header: "{\"alg\":", payload: "{}"))
        },
        CheckScenario(name: "JWS with alg HS256", expected: .unsupportedAlgorithm) {
            try M.validateJWS(M.unsignedJWS(header: "{\"alg\":\"HS256\"}", payload: "{}"))
        },
        CheckScenario(name: "JWS with alg none", expected: .unsupportedAlgorithm) {
            try M.validateJWS(M.unsignedJWS(header: "{\"alg\":\"none\"}", payload: "{}"))
        },

        // The signature.
        CheckScenario(name: "two signers", expected: .signerCount) {
            try M.validate(M.signed(M.receipt()) { $0.additionalSigners = [try SharedPKI.get().storeKit] })
        },
        CheckScenario(name: "signer certificate not embedded", expected: .signerNotFound) {
            try M.validate(M.signed(M.receipt()) { $0.embedSignerCertificate = false })
        },
        CheckScenario(name: "digest SHA-512", expected: .unsupportedDigest) {
            try M.validate(M.signed(M.receipt()) { $0.statedDigestAlgorithm = "2.16.840.1.101.3.4.2.3" })
        },
        CheckScenario(name: "sha256WithRSAEncryption over a SHA-1 digest", expected: .unsupportedSignatureAlgorithm) {
            try M.validate(
                M.signed(M.receipt()) {
                    $0.digest = .sha1
                    $0.statedSignatureAlgorithm = "1.2.840.113549.1.1.11"
                })
        },
        CheckScenario(name: "unknown signature algorithm", expected: .unsupportedSignatureAlgorithm) {
            try M.validate(M.signed(M.receipt()) { $0.statedSignatureAlgorithm = "1.2.3.4" })
        },
        CheckScenario(name: "signed messageDigest of other content", expected: .messageDigestMismatch) {
            try M.validate(
                M.signed(M.receipt()) {
                    $0.includeSignedAttributes = true
                    $0.corruptMessageDigest = true
                })
        },
        CheckScenario(name: "one payload byte changed", expected: .signatureMismatch) {
            var bytes = try M.signed(try M.receipt())
            let version = Array("1.2".utf8)
            let at = try #require(bytes.firstRange(of: version), "application version in the payload")
            bytes[at.lowerBound + 2] = UInt8(ascii: "3")
            return try M.validate(bytes)
        },
        CheckScenario(name: "JWS signature byte changed", expected: .signatureMismatch) {
            var parts = try M.jws(M.transactionSpec, M.ecPKI.get()).split(separator: UInt8(ascii: ".")).map(Array.init)
            var signature = try #require(Base64.decodeURL(parts[2][...]))
            signature[10] ^= 0x01
            parts[2] = Array(Base64.encodeURL(signature).utf8)
            return try M.validateJWS(Array(parts.joined(separator: [UInt8(ascii: ".")])))
        },
        CheckScenario(name: "signature check fails inside OpenSSL", expected: .internalError) {
            try M.validate(M.signed(M.receipt())) { $0.injectedFault = .signatureCheck }
        },

        CheckScenario(name: "SHA-1 signature refused by the system's policy", expected: .sha1RefusedByPolicy) {
            try M.validate(M.signed(M.receipt()) { $0.digest = .sha1 }) { $0.injectedFault = .sha1Policy }
        },
        CheckScenario(
            name: "SHA-1 certificate signature in the chain refused by the system's policy",
            expected: .sha1RefusedByPolicy
        ) {
            try M.validate(M.signed(M.receipt())) { $0.injectedFault = .sha1ChainPolicy }
        },
        CheckScenario(name: "leaf revoked by its issuer's current CRL", expected: .certificateRevoked) {
            try M.validate(M.signed(M.receipt())) { $0.onlineChecks = try M.revocationLists(revokingLeaf: true) }
        },
        CheckScenario(name: "online checks with nothing to prove the chain by", expected: .revocationUnavailable) {
            try M.validate(M.signed(M.receipt())) {
                var checks = OnlineChecks(fetchesFromResponders: false)
                checks.time = M.created
                $0.onlineChecks = checks
            }
        },
        CheckScenario(name: "JWS payload naming a member twice", expected: .duplicateMember) {
            try M.validateJWS(
                JWSSigner.sign(
                    Array(#"{"bundleId":"com.example.app","bundleId":"com.attacker.app"}"#.utf8),
                    pki: M.ecPKI.get()))
        },
        CheckScenario(name: "body carrying a receipt and a notification", expected: .ambiguousInput) {
            let jws = String(decoding: try M.jws(M.transactionSpec, M.ecPKI.get()), as: UTF8.self)
            let receipt = Data(try M.signed(try M.receipt())).base64EncodedString()
            return try M.validate(Array(#"{"receipt-data":"\#(receipt)","signedPayload":"\#(jws)"}"#.utf8))
        },

        // The chain.
        CheckScenario(name: "receipt under an untrusted root", expected: .untrustedChain) {
            try M.validate(M.signed(M.receipt()), roots: [try M.twoCertificates.get().root])
        },
        CheckScenario(name: "leaf without the receipt-signing marker", expected: .missingMarkerOID) {
            try M.validate(M.unmarkedLeaf.get().sign(M.receipt()))
        },
        CheckScenario(name: "intermediate without its marker", expected: .missingMarkerOID) {
            let pki = try TestPKI.generate(
                {
                    var options = TestPKI.Options()
                    options.intermediateMarker = false
                    options.keyBits = 2048
                    return options
                }(), under: try SharedPKI.get())
            return try M.validate(ReceiptSigner.sign(M.receipt(), pki: pki))
        },
        CheckScenario(name: "chain of two certificates", expected: .unexpectedChainLength) {
            let hierarchy = try M.twoCertificates.get()
            return try M.validate(hierarchy.sign(M.receipt()), roots: [hierarchy.root])
        },
        CheckScenario(name: "chain of four certificates", expected: .unexpectedChainLength) {
            try M.validate(M.fourCertificates.get().sign(M.receipt()))
        },
        CheckScenario(name: "intermediate expired before the receipt", expected: .certificateExpired) {
            try M.validate(M.expiredIntermediate.get().sign(M.receipt()))
        },
        CheckScenario(name: "leaf expired at the receipt's creation date", expected: .certificateExpired) {
            try M.validate(M.expiredSince2019.get().sign(M.receipt()))
        },
        CheckScenario(name: "receipt of 2019 checked now", expected: .certificateExpired) {
            let receipt = try M.receipt { $0.receiptCreationDate = Date(timeIntervalSince1970: 1_559_390_400) }
            return try M.validate(M.expiredSince2019.get().sign(receipt)) { $0.time = .now }
        },
        CheckScenario(name: "leaf valid only from 2030", expected: .certificateNotYetValid) {
            try M.validate(M.futureLeaf.get().sign(M.receipt()))
        },
        CheckScenario(name: "intermediate valid only from 2030", expected: .certificateNotYetValid) {
            try M.validate(M.futureIntermediate.get().sign(M.receipt()))
        },
        CheckScenario(name: "receipt without a creation date", expected: .missingValidationTime) {
            try M.validate(M.signed(M.receipt { $0.receiptCreationDate = nil }))
        },
        CheckScenario(name: "JWS of 2019 checked now", expected: .certificateExpired) {
            try M.validateJWS(M.transactionOf2019(), trusting: M.ecPKI2019.get()) { $0.time = .now }
        },
        CheckScenario(name: "JWS checked before its leaf was valid", expected: .certificateNotYetValid) {
            try M.validateJWS(M.transactionOf2019(), trusting: M.ecPKI2019.get()) {
                $0.time = .fixed(Date(timeIntervalSince1970: 1_500_000_000))
            }
        },
        CheckScenario(name: "JWS under an untrusted root", expected: .untrustedChain) {
            try M.validateJWS(M.jws(M.transactionSpec, M.rogueECPKI.get()))
        },

        // What the caller asked for.
        CheckScenario(name: "another bundle id", expected: .bundleIDMismatch) {
            try M.validate(M.signed(M.receipt())) { $0.bundleID = "com.example.other" }
        },
        CheckScenario(name: "no bundle id", expected: .bundleIDMismatch) {
            try M.validate(
                M.signed(
                    M.receipt {
                        $0.bundleID = nil; $0.bundleIDData = nil
                    })
            ) {
                $0.bundleID = M.bundleID
            }
        },
        CheckScenario(name: "renewal info has no bundle id to compare", expected: .bundleIDMismatch) {
            let spec = """
                {"originalTransactionId":"2000000100","autoRenewProductId":"pro.monthly","productId":"pro.monthly",
                "autoRenewStatus":1,"environment":"Production","signedDate":"2024-05-01T00:00:01Z"}
                """
            return try M.validateJWS(M.jws(spec, M.ecPKI.get())) { $0.bundleID = "com.example.app" }
        },
        CheckScenario(name: "JWS of another app", expected: .bundleIDMismatch) {
            try M.validateJWS(M.jws(M.transactionSpec, M.ecPKI.get())) { $0.bundleID = "com.example.other" }
        },
        CheckScenario(name: "another application version", expected: .appVersionMismatch) {
            try M.validate(M.signed(M.receipt())) { $0.applicationVersion = "1.3" }
        },
        CheckScenario(name: "no application version", expected: .appVersionMismatch) {
            try M.validate(M.signed(M.receipt { $0.applicationVersion = nil })) { $0.applicationVersion = "1.2" }
        },
        CheckScenario(name: "Xcode receipt asked to be production", expected: .environmentMismatch) {
            try M.validate(M.signed(M.receipt { $0.receiptType = "Xcode" })) { $0.environment = .production }
        },
        CheckScenario(name: "sandbox receipt asked to be production", expected: .environmentMismatch) {
            try M.validate(M.signed(M.receipt { $0.receiptType = "ProductionSandbox" })) {
                $0.environment = .production
            }
        },
        CheckScenario(name: "sandbox JWS asked to be production", expected: .environmentMismatch) {
            let spec = M.transactionSpec.replacingOccurrences(of: "\"Production\"", with: "\"Sandbox\"")
            return try M.validateJWS(M.jws(spec, M.ecPKI.get())) { $0.environment = .production }
        },
        CheckScenario(name: "another device", expected: .deviceHashMismatch) {
            try M.validate(M.signed(M.receipt())) { $0.deviceIdentifier = try DeviceIdentifier(parsing: M.otherDevice) }
        },
        CheckScenario(name: "device hash without the hash (field 5)", expected: .deviceHashMismatch) {
            try M.validate(M.signed(M.receipt { $0.sha1Hash = nil })) {
                $0.deviceIdentifier = try DeviceIdentifier(parsing: M.device)
            }
        },
        CheckScenario(name: "device hash without the opaque value (field 4)", expected: .deviceHashMismatch) {
            try M.validate(M.signed(M.receipt { $0.opaqueValue = nil })) {
                $0.deviceIdentifier = try DeviceIdentifier(parsing: M.device)
            }
        },
        CheckScenario(name: "device hash without the bundle id (field 2)", expected: .deviceHashMismatch) {
            try M.validate(
                M.signed(
                    M.receipt {
                        $0.bundleID = nil; $0.bundleIDData = nil
                    })
            ) {
                $0.deviceIdentifier = try DeviceIdentifier(parsing: M.device)
            }
        },
        CheckScenario(name: "AppTransaction of another app Apple id", expected: .appAppleIDMismatch) {
            try M.validateJWS(Array(try StoreKit2Material.jws(StoreKit2Material.appTransaction()).utf8)) {
                $0.appAppleID = 42
            }
        },
        CheckScenario(name: "AppTransaction of another device", expected: .deviceVerificationMismatch) {
            try M.validateJWS(Array(try StoreKit2Material.jws(StoreKit2Material.appTransaction()).utf8)) {
                $0.deviceVerificationID = DeviceVerification.DeviceID(parsing: M.otherDevice)
            }
        },
        CheckScenario(name: "combined inputs of two customers", expected: .customerMismatch) {
            let app = try StoreKit2Material.jws(StoreKit2Material.appTransaction(appTransactionID: "705000000000001"))
            let other = try StoreKit2Material.jws(
                StoreKit2Material.appTransaction(appTransactionID: "705000000000002"))
            var reports: [ValidationReport] = []
            for text in [app, other] {
                guard case .report(let report) = try M.validateJWS(Array(text.utf8)) else { continue }
                reports.append(report)
            }
            return .report(CombinedInputs.combine(reports, bundleID: StoreKit2Material.bundleID).report)
        },
        CheckScenario(name: "an App Store Server API answer about another transaction", expected: .answerMismatch) {
            let body = try StoreKit2Material.response(
                #"{"signedTransactionInfo":\#(StoreKit2Material.transaction(id: "2000"))}"#)
            guard case .report(var report) = try M.validateJWS(body, trusting: try StoreKit2Material.pki()) else {
                return .report(ValidationReport.unreadable(input: "answer", error: ReceiptError(.malformed, "none")))
            }
            ExpectedAnswer.transaction("1001").check(&report)
            return .report(report)
        },
        CheckScenario(name: "notification carrying a transaction under an untrusted root", expected: .nestedJWSInvalid)
        {
            let rogue = try M.jws(M.transactionSpec, M.rogueECPKI.get())
            return try M.validateJWS(M.notification(carrying: rogue, M.ecPKI.get()))
        },
    ]

    /// What each scenario must be accepted as once its one fault is removed: the controls that
    /// show the fault, not something else, is what the scenario's check rejects.
    static let controls: [CheckScenario] = [
        CheckScenario(name: "the receipt every scenario starts from", expected: nil) {
            try M.validate(M.signed(M.receipt())) {
                $0.bundleID = M.bundleID
                $0.applicationVersion = "1.2"
                $0.environment = .production
                $0.deviceIdentifier = try DeviceIdentifier(parsing: M.device)
            }
        },
        CheckScenario(name: "online checks with current CRLs revoking nothing", expected: nil) {
            try M.validate(M.signed(M.receipt())) { $0.onlineChecks = try M.revocationLists(revokingLeaf: false) }
        },
        CheckScenario(name: "the 2019 receipt at its creation date", expected: nil) {
            let receipt = try M.receipt { $0.receiptCreationDate = Date(timeIntervalSince1970: 1_559_390_400) }
            return try M.validate(M.expiredSince2019.get().sign(receipt))
        },
        CheckScenario(name: "the JWS of 2019 at its signed date", expected: nil) {
            try M.validateJWS(M.transactionOf2019(), trusting: M.ecPKI2019.get())
        },
        CheckScenario(name: "the receipt every scenario starts from, nothing required", expected: nil) {
            try M.validate(M.signed(M.receipt()))
        },
        CheckScenario(name: "a notification carrying a trusted transaction", expected: nil) {
            let transaction = try M.jws(M.transactionSpec, M.ecPKI.get())
            return try M.validateJWS(M.notification(carrying: transaction, M.ecPKI.get()))
        },
        CheckScenario(name: "the AppTransaction of its app, device and customer", expected: nil) {
            let app = try StoreKit2Material.jws(StoreKit2Material.appTransaction())
            guard
                case .report(let report) = try M.validateJWS(
                    Array(app.utf8),
                    {
                        $0.appAppleID = StoreKit2Material.appAppleID
                        $0.deviceVerificationID = DeviceVerification.DeviceID(parsing: StoreKit2Material.device)
                    })
            else { return .report(ValidationReport(input: "none")) }
            return .report(CombinedInputs.combine([report, report], bundleID: StoreKit2Material.bundleID).report)
        },
        CheckScenario(name: "the transaction with its bundle id", expected: nil) {
            try M.validateJWS(M.jws(M.transactionSpec, M.ecPKI.get())) {
                $0.bundleID = "com.example.app"
                $0.environment = .production
            }
        },
    ]

    @Test(arguments: scenarios)
    func scenarioIsRejectedForItsReason(_ scenario: CheckScenario) throws {
        let outcome = try scenario.run()
        #expect(outcome.reason == scenario.expected, "\(scenario.name): \(outcome.summary)")
        if case .report(let report) = outcome {
            #expect(report.status != .valid, "\(scenario.name) was accepted")
            // The first failure is the only one: nothing else about the input is wrong.
            #expect(report.checks.filter { !$0.passed }.count <= 1, "\(scenario.name): \(report.checks)")
        }
    }

    @Test(arguments: controls)
    func controlWithoutTheFaultIsValid(_ control: CheckScenario) throws {
        guard case .report(let report) = try control.run() else {
            Issue.record("\(control.name) gave no report")
            return
        }
        #expect(control.expected == nil)
        #expect(report.status == .valid, "\(control.name): \(report.reason?.rawValue ?? "-") \(report.message ?? "")")
    }

    /// ReceiptKit takes bytes: a file that cannot be read or is over the size limit is the CLI's reader's
    /// to report (ReceiptCheckCLITests' InputFileTests).
    static let producedByTheReader: Set<ReasonCode> = [.inputTooLarge, .unreadableInput]

    @Test func everyReasonCodeIsProducedBySomeInput() throws {
        var produced: Set<ReasonCode> = []
        for scenario in Self.scenarios {
            if let reason = try scenario.run().reason {
                produced.insert(reason)
            }
        }
        let missing = Set(ReasonCode.allCases).subtracting(produced).subtracting(Self.producedByTheReader)
            .map(\.rawValue).sorted()
        #expect(missing.isEmpty, "no test input produces \(missing)")
    }

    /// A hierarchy helper that widened the CA's dates would make the validity scenarios vacuous.
    @Test func datedIntermediatesKeepTheirDates() throws {
        let expired = try Certificate(derOrPEM: M.expiredIntermediate.get().chain[0].certificatePEM)
        #expect(expired.notAfter == M.year2020)
        let future = try Certificate(derOrPEM: M.futureIntermediate.get().chain[0].certificatePEM)
        #expect(future.notBefore == M.year2030)
    }
}
