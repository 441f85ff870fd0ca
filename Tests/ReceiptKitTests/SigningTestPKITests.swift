import CReceipt
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite(.timeLimit(.minutes(10))) struct SigningTestPKITests {
    @Test func validPKICarriesBothMarkerOIDs() throws {
        let pki = try SharedPKI.get()
        #expect(try extensions(of: pki.leaf).contains(MarkerOID.receiptSigning))
        #expect(try extensions(of: pki.intermediate).contains(MarkerOID.intermediate))
        #expect(try !extensions(of: pki.root).contains(MarkerOID.intermediate))
        #expect(try markerIsNonCriticalDERNull(pki.leaf, MarkerOID.receiptSigning))
        #expect(try markerIsNonCriticalDERNull(pki.intermediate, MarkerOID.intermediate))
    }

    @Test func markersCanBeLeftOut() throws {
        var options = TestPKI.Options()
        options.leafMarker = false
        options.intermediateMarker = false
        options.keyBits = 1024  // fast; the shape is what is tested
        let pki = try TestPKI.generate(options)
        #expect(try !extensions(of: pki.leaf).contains(MarkerOID.receiptSigning))
        #expect(try !extensions(of: pki.intermediate).contains(MarkerOID.intermediate))
    }

    @Test func chainIsIssuedRootToIntermediateToLeaf() throws {
        let pki = try SharedPKI.get()
        let root = try Certificate(derOrPEM: pki.root.certificatePEM)
        let intermediate = try Certificate(derOrPEM: pki.intermediate.certificatePEM)
        let leaf = try Certificate(derOrPEM: pki.leaf.certificatePEM)
        #expect(X509_check_issued(root.pointer, root.pointer) == X509_V_OK)
        #expect(X509_check_issued(root.pointer, intermediate.pointer) == X509_V_OK)
        #expect(X509_check_issued(intermediate.pointer, leaf.pointer) == X509_V_OK)
        #expect(X509_check_issued(root.pointer, leaf.pointer) != X509_V_OK)
        #expect(try subject(of: pki.root).contains("/CN=receipt-check Test Root CA"))
        #expect(try subject(of: pki.root).contains("/O=receipt-check test PKI/"))
        #expect(X509_get_signature_nid(leaf.pointer) == NID_sha256WithRSAEncryption)
        OpenSSLError.drainQueue()
    }

    @Test func secondPKIHasSameNamesButDifferentKeys() throws {
        var options = TestPKI.Options()
        options.keyBits = 1024
        let first = try TestPKI.generate(options)
        let second = try TestPKI.generate(options)
        #expect(try subject(of: first.root) == subject(of: second.root))
        #expect(try subject(of: first.leaf) == subject(of: second.leaf))
        #expect(first.root.privateKeyPEM != second.root.privateKeyPEM)
    }

    @Test func leafValidityWindowIsHonouredAndCAsCoverIt() throws {
        var options = TestPKI.Options()
        options.keyBits = 1024
        options.leafNotBefore = try #require(try RFC3339.parse("2019-01-01T00:00:00Z"))
        options.leafNotAfter = try #require(try RFC3339.parse("2019-12-31T23:59:59Z"))
        options.caNotBefore = try #require(try RFC3339.parse("2020-01-01T00:00:00Z"))
        let pki = try TestPKI.generate(options)
        let leaf = try Certificate(derOrPEM: pki.leaf.certificatePEM)
        let root = try Certificate(derOrPEM: pki.root.certificatePEM)
        #expect(try text(X509_get0_notBefore(leaf.pointer)) == "Jan  1 00:00:00 2019 GMT")
        #expect(try text(X509_get0_notAfter(leaf.pointer)) == "Dec 31 23:59:59 2019 GMT")
        #expect(try text(X509_get0_notBefore(root.pointer)) == "Jan  1 00:00:00 2019 GMT")
        #expect(try text(X509_get0_notAfter(root.pointer)) == "Jan  1 00:00:00 2045 GMT")
    }

    @Test func newLeavesCanBeIssuedUnderAnExistingPKI() throws {
        let parent = try SharedPKI.get()
        var options = TestPKI.Options()
        options.keyBits = 1024
        options.leafMarker = false
        let sameIntermediate = try TestPKI.generate(options, under: parent)
        #expect(sameIntermediate.root == parent.root)
        #expect(sameIntermediate.intermediate == parent.intermediate)
        #expect(sameIntermediate.storeKit == parent.storeKit)
        #expect(sameIntermediate.leaf != parent.leaf)
        #expect(try !extensions(of: sameIntermediate.leaf).contains(MarkerOID.receiptSigning))

        options.leafMarker = true
        options.intermediateMarker = false
        let newIntermediate = try TestPKI.generate(options, under: parent)
        #expect(newIntermediate.root == parent.root)
        #expect(newIntermediate.intermediate != parent.intermediate)
        let root = try Certificate(derOrPEM: parent.root.certificatePEM)
        let intermediate = try Certificate(derOrPEM: newIntermediate.intermediate.certificatePEM)
        let leaf = try Certificate(derOrPEM: newIntermediate.leaf.certificatePEM)
        #expect(X509_check_issued(root.pointer, intermediate.pointer) == X509_V_OK)
        #expect(X509_check_issued(intermediate.pointer, leaf.pointer) == X509_V_OK)
    }

    @Test func invertedValidityIsRefused() {
        var options = TestPKI.Options()
        options.leafNotAfter = options.leafNotBefore
        #expect(throws: OpenSSLError.self) { try TestPKI.generate(options) }
    }

    @Test func writeThenLoadGivesTheSamePKI() throws {
        let pki = try SharedPKI.get()
        let scratch = try ScratchDirectory()
        try pki.write(to: scratch.path)
        #expect(try TestPKI.load(from: scratch.path) == pki)
        let rootDER = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/root.der"))
        #expect(Array(rootDER) == pki.root.certificateDER)
        #expect(throws: TestPKIFileError.self) { try TestPKI.load(from: scratch.path + "/missing") }
    }

    @Test func openSSLAcceptsTheChain() throws {
        let pki = try SharedPKI.get()
        let scratch = try ScratchDirectory()
        try pki.write(to: scratch.path)
        let result = try ExternalTool.run(
            try ExternalTool.openssl(),
            [
                "verify", "-attime", "1714564800", "-CAfile", scratch.path + "/root.pem", "-untrusted",
                scratch.path + "/intermediate.pem",
                scratch.path + "/leaf.pem",
            ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    // MARK: - Inspection through OpenSSL

    private func extensions(of credential: TestCredential) throws -> [String] {
        let cert = try Certificate(der: credential.certificateDER)
        var oids: [String] = []
        for index in 0..<X509_get_ext_count(cert.pointer) {
            guard let ext = X509_get_ext(cert.pointer, index), let object = X509_EXTENSION_get_object(ext) else {
                continue
            }
            var buffer = [CChar](repeating: 0, count: 128)
            let length = OBJ_obj2txt(&buffer, Int32(buffer.count), object, 1)
            oids.append(
                String(decoding: buffer.prefix(Int(max(0, length))).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return oids
    }

    private func markerIsNonCriticalDERNull(_ credential: TestCredential, _ oid: String) throws -> Bool {
        let cert = try Certificate(der: credential.certificateDER)
        let object = try #require(OBJ_txt2obj(oid, 1))
        defer { ASN1_OBJECT_free(object) }
        let index = X509_get_ext_by_OBJ(cert.pointer, object, -1)
        let ext = try #require(X509_get_ext(cert.pointer, index))
        let data = try #require(X509_EXTENSION_get_data(ext))
        let bytes = Array(UnsafeBufferPointer(start: ASN1_STRING_get0_data(data), count: Int(ASN1_STRING_length(data))))
        return X509_EXTENSION_get_critical(ext) == 0 && bytes == [0x05, 0x00]
    }

    private func subject(of credential: TestCredential) throws -> String {
        let cert = try Certificate(der: credential.certificateDER)
        let line = try #require(X509_NAME_oneline(X509_get_subject_name(cert.pointer), nil, 0))
        defer { CReceipt_OPENSSL_free(line) }
        return String(cString: line)
    }

    private func text(_ time: UnsafePointer<ASN1_TIME>?) throws -> String {
        let bio = try OwnedBIO.memory()
        ASN1_TIME_print(bio.pointer, time)
        return String(decoding: try bio.contents(), as: UTF8.self)
    }
}
