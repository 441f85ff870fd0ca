// Foundation (not FoundationEssentials) for JSONSerialization, to read the corpus's expected files.
import Foundation
import Testing

@testable import ReceiptKit

@Suite(.timeLimit(.minutes(10))) struct DeviceIdentifierTests {
    static let accepted: [(String, String)] = [
        ("956328D9-CC6A-47F4-BE40-6953FB0AB6C7", "956328d9cc6a47f4be406953fb0ab6c7"),
        ("956328d9-cc6a-47f4-be40-6953fb0ab6c7", "956328d9cc6a47f4be406953fb0ab6c7"),
        ("6c:40:08:b5:94:5e", "6c4008b5945e"),
        ("6C:40:08:B5:94:5E", "6c4008b5945e"),
        ("6c-40-08-b5-94-5e", "6c4008b5945e"),
        ("6c4008b5945e", "6c4008b5945e"),
        ("0017f2c4bcc0", "0017f2c4bcc0"),
        ("00", "00"),
    ]

    static let rejected: [String] = [
        "", "0", "abc", "zz", "6c:40:08:b5:94", "6c:40:08:b5:94:5e:00", "6c:4:08:b5:94:5e", "6c:40:08:b5:94:5g",
        "956328D9-CC6A-47F4-BE40-6953FB0AB6C", "956328D9CC6A-47F4-BE40-6953FB0AB6C7-",
        "956328D9-CC6A-47F4-BE40-6953FB0AB6CZ",
        " 6c4008b5945e", "0x6c4008b5945e",
    ]

    @Test(arguments: accepted)
    func parsesUUIDsMACAddressesAndHex(text: String, hex: String) throws {
        #expect(try DeviceIdentifier(parsing: text).description == hex)
    }

    @Test(arguments: rejected)
    func refusesAnythingElseWithAClearMessage(text: String) {
        #expect(throws: DeviceIdentifier.ParseError(text: text)) { try DeviceIdentifier(parsing: text) }
        #expect(DeviceIdentifier.ParseError(text: text).description.contains("not a device identifier"))
    }

    @Test func uuidIsSixteenBytesAndMACIsSix() throws {
        #expect(try DeviceIdentifier(parsing: "956328D9-CC6A-47F4-BE40-6953FB0AB6C7").bytes.count == 16)
        #expect(try DeviceIdentifier(parsing: "6c:40:08:b5:94:5e").bytes.count == 6)
    }

    /// The corpus receipts whose device identifiers were published upstream; MANIFEST.json's
    /// `hash_check` holds the SHA-1 each must give.
    static let corpus: [(file: String, device: String)] = [
        ("tpinapp-1", "956328D9-CC6A-47F4-BE40-6953FB0AB6C7"),
        ("appreceiptvalidator-1", "6c:40:08:b5:94:5e"),
        ("appreceiptparser-1", "0017f2c4bcc0"),
    ]

    @Test(arguments: corpus)
    func hashMatchesTheCorpus(file: String, device: String) throws {
        let corpus = TestCorpus.directory.path
        let expected = try json(corpus + "/expected/\(file).receipt.json")
        let payload = try #require(expected["payload"] as? [String: Any])
        let opaqueHex = try #require(payload["opaque_hex"] as? String)
        let bundleHex = try #require(payload["bundle_id_der_hex"] as? String)
        let opaque = try #require(HexBytes.decode(opaqueHex))
        let bundle = try #require(HexBytes.decode(bundleHex))

        let manifest = try json(corpus + "/MANIFEST.json")
        let receipts = try #require(manifest["receipts"] as? [[String: Any]])
        let entry = try #require(receipts.first { ($0["file"] as? String) == "receipts/\(file).receipt" })
        let check = try #require(entry["hash_check"] as? [String: Any])
        let sha1 = try #require(check["sha1"] as? String)

        let hash = try DeviceHash.compute(
            deviceID: DeviceIdentifier(parsing: device), opaque: opaque, bundleIDData: bundle)
        #expect(HexBytes.encode(hash) == sha1)
        #expect(hash.count == 20)
    }

    @Test func hashDependsOnEveryInput() throws {
        let device = try DeviceIdentifier(parsing: "0017f2c4bcc0")
        let base = try DeviceHash.compute(deviceID: device, opaque: [1, 2], bundleIDData: [0x0C, 0x01, 0x61])
        #expect(
            try DeviceHash.compute(
                deviceID: DeviceIdentifier(bytes: [0]), opaque: [1, 2], bundleIDData: [0x0C, 0x01, 0x61]) != base)
        #expect(try DeviceHash.compute(deviceID: device, opaque: [1, 3], bundleIDData: [0x0C, 0x01, 0x61]) != base)
        #expect(try DeviceHash.compute(deviceID: device, opaque: [1, 2], bundleIDData: [0x0C, 0x01, 0x62]) != base)
    }

    private func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
