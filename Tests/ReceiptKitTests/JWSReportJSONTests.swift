import Foundation
import TestSupport
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

/// The compact writer writes what `JSONEncoder` writes (`Verdict.encoded(pretty:)`), compact and
/// re-indented, from the models' field lists: StoreKit 2 JWS (nested ones too), server responses,
/// combined inputs and rule decisions; and what JSON cannot hold it refuses.
@Suite(.timeLimit(.minutes(10))) struct JWSReportJSONTests {
    typealias M = StoreKit2Material

    /// The new writer's bytes (it must not decline), and `json(pretty:)` both ways, against `JSONEncoder`.
    static func expectIdentical(_ verdict: Verdict, _ label: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let reference = try verdict.encoded(pretty: false)
        guard let compact = try? verdict.json(pretty: false) else {
            Issue.record("the writer declined \(label)", sourceLocation: sourceLocation)
            return
        }
        #expect(compact == reference, "\(label)", sourceLocation: sourceLocation)
        #expect(
            try verdict.json(pretty: true) == (try verdict.encoded(pretty: true)), "pretty: \(label)",
            sourceLocation: sourceLocation)
    }

    static func expectIdentical(
        _ report: ValidationReport, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        try expectIdentical(Verdict(report: report), label, sourceLocation: sourceLocation)
        try expectIdentical(
            Verdict(report: report, rules: try rules(), binding: bound), "\(label) with rules",
            sourceLocation: sourceLocation)
    }

    static let bound = AppBinding(bundleID: M.bundleID, environment: nil, analysis: false)
    static let unbound = AppBinding(bundleID: nil, environment: nil, analysis: true)

    static func rules() throws -> RuleConfiguration {
        let text = """
            pro: product "pro.monthly"
            pro: product "Com.VoiceRecording.Telephone.103"
            lifetime: original_application_version < 100
            """
        return RuleConfiguration(
            rules: try RuleSet.parse(file: text, name: "test.rules"), required: ["pro"], platform: .ios,
            time: Date(timeIntervalSince1970: 1_795_000_000), maximumAge: nil)
    }

    /// Every file under `folder` of the corpus; records a failure when the corpus is missing.
    static func files(_ folder: String, sourceLocation: SourceLocation = #_sourceLocation) -> [URL] {
        let directory = TestCorpus.directory.appendingPathComponent(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path), !names.isEmpty else {
            Issue.record(
                "\(SharedData.missing(.corpus, at: directory))", sourceLocation: sourceLocation)
            return []
        }
        return names.sorted().map { directory.appendingPathComponent($0) }
    }

    static func validators() throws -> [ReceiptValidator] {
        var strict = ValidationOptions()
        strict.bundleID = "com.example.\u{1}other/\"app\""
        strict.environment = .sandbox
        strict.time = .now
        let storeKit = try JWSCorpusTests.certificate("jws/roots/xcode-storekit-testing-selfsigned.cer")
        return [
            try ReceiptValidator(policy: .apple()),
            try ReceiptValidator(policy: .apple(), options: strict),
            try ReceiptValidator(policy: try JWSCorpusTests.libraryRoots()),
            try ReceiptValidator(policy: .apple(storeKitTestCertificate: storeKit)),
        ]
    }

    @Test func writesWhatJSONEncoderWritesForEveryCorpusJWS() throws {
        let files = ["jws/apple-signed", "jws/apple-library-test", "jws/xcode"].flatMap { Self.files($0) }
        #expect(files.count >= 14)
        var compared = 0
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            for validator in try Self.validators() {
                let report = validator.validate(bytes, input: file.lastPathComponent + "\t\\ é\u{7f}")
                #expect(report.jws != nil, "\(file.lastPathComponent)")
                try Self.expectIdentical(report, file.lastPathComponent)
                compared += 1
            }
        }
        #expect(compared == files.count * 4)
    }

    /// Receipts with rules go through this writer too (without rules the hand writer has them).
    @Test func writesWhatJSONEncoderWritesForEveryCorpusReceiptWithRules() throws {
        let files = Self.files("receipts") + Self.files("negative")
        #expect(files.count > 40)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            for validator in try Self.validators().prefix(2) {
                let report = validator.validate(bytes, input: file.lastPathComponent)
                try Self.expectIdentical(
                    Verdict(report: report, rules: try Self.rules(), binding: Self.unbound), file.lastPathComponent)
            }
        }
    }

    /// The recorded verifyReceipt exchanges: the receipt sent (as the request body or DER) and Apple's answer.
    @Test func writesWhatJSONEncoderWritesForTheVerifyReceiptExchanges() throws {
        let directory = SharedData.verifyReceipt
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let folders = names.sorted().map { directory.appendingPathComponent($0) }.filter { $0.hasDirectoryPath }
        guard !folders.isEmpty else {
            Issue.record("\(SharedData.missing(.verifyReceipt, at: directory))")
            return
        }
        var compared = 0
        for folder in folders {
            for name in ["request.json", "receipt.der", "response.json"] {
                guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                    continue
                }
                let report = try ReceiptValidator(policy: .apple()).validate([UInt8](data), input: name)
                try Self.expectIdentical(report, "\(folder.lastPathComponent)/\(name)")
                compared += 1
            }
        }
        #expect(compared >= folders.count * 2)
    }

    @Test func writesWhatJSONEncoderWritesForServerResponsesAndCombinedInputs() throws {
        let notification = """
            {"notificationType":"SUBSCRIBED","subtype":"INITIAL_BUY","version":"2.0","signedDate":"2026-11-21T00:00:00Z",
            "notificationUUID":"0b2c6d4e-0000-4000-8000-000000000004",
            "data":{"bundleId":"\(M.bundleID)","environment":"Production","signedTransactionInfo":\(M.transaction()),
            "signedRenewalInfo":\(M.renewal())}}
            """
        let good = try M.jws(M.transaction())
        let bad = try M.tampered(try M.jws(M.transaction(id: "1002")))
        let rogue = try M.jws(M.transaction(), try CheckMaterial.rogueECPKI.get())
        let bodies: [[UInt8]] = [
            try M.response(
                ServerResponseTests.history([M.transaction(), M.transaction(id: "1002", product: "coins")])),
            try M.response(ServerResponseTests.history(["\"\(good)\"", "\"\(bad)\""])),
            try M.response(ServerResponseTests.status),
            try M.response(#"{"signedTransactionInfo":\#(M.transaction())}"#),
            try M.response(#"{"signedAppTransactionInfo":\#(M.appTransaction())}"#),
            try M.response(
                #"{"hasMore":false,"paginationToken":"p1","notificationHistory":[{"signedPayload":\#(notification)}]}"#),
            Array(#"{"signedTransactions":["e.e.e","eyJ.a.b"],"odd":{"":[1.5,-0.0,1e20,null]}}"#.utf8),
            Array(#"{"signedTransactions":[1]}"#.utf8),
            Array(#"{"signedTransactions":[],"signedTransactions":[]}"#.utf8),
        ]
        var reports: [ValidationReport] = []
        for (index, body) in bodies.enumerated() {
            let report = try M.validate(body) { $0.bundleID = M.bundleID }
            try Self.expectIdentical(report, "response \(index)")
            reports.append(report)
        }
        let jws = [
            try M.jws(notification), good, bad, rogue, try M.jws(M.appTransaction()), try M.jws(M.renewal()),
            "e.e.e", "", "not a jws", "eyJhbGciOiJFUzI1NiJ9.e30.AA",
        ]
        for (index, text) in jws.enumerated() {
            let report = try M.validate(text) { $0.bundleID = M.bundleID }
            try Self.expectIdentical(report, "jws \(index)")
            reports.append(report)
        }
        let root = try Certificate(der: try M.pki().root.certificateDER)
        var options = ValidationOptions()
        options.bundleID = M.bundleID
        let validator = try ReceiptValidator(policy: .custom(roots: [root]), options: options)
        for group in [Array(reports[9...10]), reports, [reports[0], reports[3]]] {
            try Self.expectIdentical(validator.verdict(combining: group, rules: nil), "combined")
            try Self.expectIdentical(validator.verdict(combining: group, rules: try Self.rules()), "combined, rules")
        }
        let unbound = try ReceiptValidator(policy: .custom(roots: [root]))
        try Self.expectIdentical(unbound.verdict(combining: reports, rules: try Self.rules()), "combined, unbound")
    }

    /// Payload JSON exactly as written (signed as it stands, not through a spec): every escape class,
    /// non-ASCII, odd keys, nested containers and numbers of every shape, kept as unknown members.
    static let hostilePayloads = [
        #"""
        {"transactionId":"1001","bundleId":"com.example.app","signedDate":1795000000000,"productId":"p\"\\\/\b\f\n\r\t\u0000\u0001\u001f\u007f é日本😀\ud83d\ude00",
        "":"empty","0":0,"1":1,"10":10,"9":9,"A":"A","a":"a","B":"B","b":"b","Z":"Z","_":"_","~":"~","\u007f":"del",
        "é":"e-acute","日本":"ja","😀":"emoji","a\"b":"quote","a\\b":"backslash","tab\t":"tab","ctl\u0001":"ctl","nl\n":"nl","/slash":"/",
        "nested":{"z":[1,[2,[3,{"b":null,"a":true,"A":false}]]],"A":{},"e":[],"m":[{},[],[[]],{"":{"":""}}]},
        "numbers":[1.5,1e20,1E2,0.1,-0.0,-0,100.0,1e-7,5e-324,1.7976931348623157e308,123456789012345678901234567890,
        -9223372036854775808,9223372036854775807,9223372036854775808,-1,0.30000000000000004,2.5e-3,1e21,1e16,12345678.9],
        "revocationPercentage":-42,"price":9223372036854775807,"quantity":-9223372036854775808,"isUpgraded":false}
        """#,
        #"{"notificationType":"TEST","signedDate":1795000000000.5,"data":{"bundleId":"com.example.app","x":[1.25,"\u2028"]},"Data":{"K":1}}"#,
        #"{"autoRenewStatus":1,"originalTransactionId":"1","signedDate":-62135769600000,"recentSubscriptionStartDate":1.5,"priceIncreaseStatus":null}"#,
        #"{"receiptType":"Xcode","originalPurchaseDate":-62135769600000,"appAppleId":0,"bundleId":"\u00e9","preorderDate":253402300799999}"#,
        #"{"requestIdentifier":"r","userLocale":"de_CH","signedDate":1795000000000,"appAppleId":1234567890,"extra":{"deep":[[[[[[[[1]]]]]]]]}}"#,
        #"{"signedDate":1795000000000,"bundleId":"com.example.app","environment":"Production","a":{"b":{"c":[true,false,null]}},"K":"kelvin-free"}"#,
        #"{"transactionId":"1","advancedCommerceInfo":{"items":[{"SKU":"s","price":199,"z":-0.0}]},"commitmentInfo":{"x":[1,"2",{"3":3}],"commitmentExpiresDate":1.5}}"#,
    ]

    @Test func writesWhatJSONEncoderWritesForHostilePayloads() throws {
        let pki = try M.pki()
        for (index, payload) in Self.hostilePayloads.enumerated() {
            let bytes = Array(payload.utf8)
            let signed = try JWSSigner.sign(bytes, pki: pki)
            let report = try M.validate(signed) { $0.bundleID = M.bundleID }
            #expect(report.jws?.payload != nil, "payload \(index): \(report.message ?? "")")
            try Self.expectIdentical(report, "payload \(index)")
            try Self.expectIdentical(
                try M.validate(try M.tampered(String(decoding: signed, as: UTF8.self))), "tampered \(index)")
            // Decoded straight into a report, whatever its kind.
            var direct = ValidationReport(input: "direct \(index)")
            let decoded = try JWSPayload.decode(bytes, expecting: nil)
            direct.jws = JWSReport(kind: decoded.kind, algorithm: "ES256", keyID: "k\u{0}", payload: decoded)
            direct.jws?.nested["data.signedTransactionInfo"] = report
            direct.jws?.nested["Data"] = ValidationReport(input: "")
            try Self.expectIdentical(direct, "direct \(index)")
        }
    }

    /// Each model's member list names every stored property once, in `JSONEncoder`'s order, so a member
    /// added to a model and not to its list fails here.
    @Test func memberListsNameEveryStoredPropertyInJSONEncodersOrder() throws {
        try Self.expectComplete(JWSTransaction.self)
        try Self.expectComplete(AppTransaction.self)
        try Self.expectComplete(JWSRenewalInfo.self)
        try Self.expectComplete(RealtimeRequest.self)
        try Self.expectComplete(NotificationPayload.self)
        try Self.expectComplete(NotificationPayload.NotificationData.self)
        try Self.expectComplete(NotificationPayload.AppData.self)
        // The objects nested in payloads (the items name `SKU` as `sku`, as Apple's Swift model does).
        try Self.expectComplete(NotificationPayload.Summary.self)
        try Self.expectComplete(NotificationPayload.ExternalPurchaseToken.self)
        try Self.expectComplete(TransactionCommitmentInfo.self)
        try Self.expectComplete(RenewalCommitmentInfo.self)
        try Self.expectComplete(AdvancedCommerceTransactionInfo.self)
        try Self.expectComplete(AdvancedCommerceRenewalInfo.self)
        try Self.expectComplete(AdvancedCommerceOffer.self)
        try Self.expectComplete(AdvancedCommerceRefund.self)
        try Self.expectComplete(AdvancedCommercePriceIncreaseInfo.self)
        try Self.expectComplete(AdvancedCommerceDescriptors.self)
    }

    static func expectComplete<M: MemberFieldModel>(_ type: M.Type) throws {
        let empty = M()
        let labels = Mirror(reflecting: empty).children.compactMap(\.label)
        let keys = M.fields.map(\.key.description)
        #expect(labels.sorted() == keys.sorted(), "\(M.self)")
        #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } && Set(keys).count == keys.count)
    }

    /// A payload of `M` with every member present, each as its type is written.
    static func full<M: MemberFieldModel>(_ type: M.Type) throws -> JSONValue {
        let empty = M()
        var members: [String: JSONValue] = ["zz unknown": .array([.integer(1), .number(2.5)])]
        for member in M.fields {
            let key = member.key.description
            switch member.value(empty) {
            case .string: members[key] = .string("v/\(key)\u{1}é")
            case .integer: members[key] = .integer(-42)
            case .bool: members[key] = .bool(false)
            case .date: members[key] = .number(1_795_000_000_123.5)
            case .json: members[key] = .object(["k": .array([.integer(1), .number(0.1), .null])])
            case .strings: members[key] = .array([.string("a"), .string("")])
            case .members: members["unknownFields"] = .object(["": .bool(true)])
            case .model where key == "data": members[key] = try full(NotificationPayload.NotificationData.self)
            case .model where key == "appData": members[key] = try full(NotificationPayload.AppData.self)
            case .model, .models, .modelsByKey, .formattedDate, .receiptDate, .hex, .purchases, .undocumented:
                Issue.record("\(M.self).\(key): a receipt model's value in a StoreKit 2 model")
            }
        }
        return .object(members)
    }

    @Test func writesEveryMemberOfEveryModel() throws {
        let payloads = [
            try Self.full(JWSTransaction.self), try Self.full(AppTransaction.self), try Self.full(JWSRenewalInfo.self),
            try Self.full(RealtimeRequest.self), try Self.full(NotificationPayload.self),
        ]
        var kinds: [JWSPayload.Kind] = []
        for (index, payload) in payloads.enumerated() {
            var bytes: [UInt8] = []
            try CompactJSONWriter.append(payload, to: &bytes, depth: 0)
            let decoded = try JWSPayload.decode(bytes, expecting: nil)
            kinds.append(decoded.kind)
            var report = ValidationReport(input: "full \(index)")
            report.jws = JWSReport(kind: decoded.kind, algorithm: "ES256", payload: decoded)
            try Self.expectIdentical(report, "full \(index)")
        }
        #expect(kinds == [.transaction, .appTransaction, .renewalInfo, .realtimeRequest, .notification])
    }

    @Test func writesScalarsAsJSONEncoderDoes() throws {
        let doubles: [Double] = [
            1.5, 1e20, 0.1, -0.0, 0, 100, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            -.leastNormalMagnitude, 1e16, 1e15,
            123_456_789.125, 0.30000000000000004, -2.5e-3, 1e21, 9_007_199_254_740_992,
        ]
        var members: [String: JSONValue] = [:]
        for (index, value) in doubles.enumerated() {
            members["d\(index)"] = .number(value)
        }
        for (index, value) in [Int64.min, .max, 0, -1, 1_795_000_000_000].enumerated() {
            members["i\(index)"] = .integer(value)
        }
        var text = ""
        for byte in UInt8(0)...UInt8(0x7f) { text.unicodeScalars.append(Unicode.Scalar(byte)) }
        members["ascii"] = .string(text + "é\u{2028}\u{FEFF}😀")
        members[text] = .array([.null, .bool(true), .object([:]), .array([])])
        var report = ValidationReport(input: text)
        report.jws = JWSReport(kind: .unidentified, payload: .unidentified(members))
        try Self.expectIdentical(report, "scalars")
    }

    /// What JSON cannot hold (a number that is not finite) or nesting past the writer's bound is refused,
    /// never written otherwise; just within the bound is written as `JSONEncoder` writes it.
    @Test func refusesWhatJSONCannotHold() throws {
        #expect(JSONValue.number(.nan).json(pretty: false) == nil)
        var deep = JSONValue.null
        for _ in 0..<CompactJSONWriter.maximumDepth { deep = .array([deep]) }
        #expect(deep.json(pretty: false) == nil)
        var shallow = JSONValue.null
        for _ in 0..<(CompactJSONWriter.maximumDepth - 2) { shallow = .array([shallow]) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(shallow.json(pretty: false) == String(decoding: try encoder.encode(shallow), as: UTF8.self))

        var report = ValidationReport(input: "deep")
        report.jws = JWSReport(kind: .unidentified, payload: .unidentified(["deep": deep]))
        #expect(throws: Verdict.JSONError.self) { try Verdict(report: report).json(pretty: false) }
        report.jws = JWSReport(kind: .unidentified, payload: .unidentified(["nan": .number(.infinity)]))
        #expect(throws: Verdict.JSONError.self) { try Verdict(report: report).json(pretty: false) }

        // Reports nested past the writer's bound (the validator nests a handful): refused, not recursed into.
        var nested = ValidationReport(input: "0")
        for level in 1...CompactJSONWriter.maximumDepth {
            var outer = ValidationReport(input: "\(level)")
            outer.contents = .combination([nested])
            nested = outer
        }
        #expect(throws: Verdict.JSONError.self) { try Verdict(report: nested).json(pretty: false) }
    }

    /// A report's own date that RFC 3339 cannot hold (the year 10000) is left out, as `Encodable` leaves it
    /// out, and the members around it are written whole.
    @Test func aReportDateOutsideTheYearsIsLeftOut() throws {
        var report = ValidationReport(input: "late")
        report.trust = TrustReport(
            kind: nil, anchors: ["root"], chain: [], digest: "sha256",
            validationTime: Date(timeIntervalSince1970: 253_402_300_800), timeSource: "now")
        let line = try Verdict(report: report).json(pretty: false)
        #expect(line == (try Verdict(report: report).encoded(pretty: false)))
        #expect(line.contains(#""time_source":"now"}"#) && !line.contains("validation_time"), "\(line)")
    }
}
