import Testing

@testable import ReceiptKit

/// The JOSE form of an ES256 signature read back from its DER form by the package's DER reader: halves of
/// every length come back as written, and DER that is not two positive 32-byte integers is refused.
@Suite struct ES256SignatureTests {
    /// A half of 32 bytes whose leading `zeros` bytes are zero and whose first other byte is `lead`.
    static func half(zeros: Int, lead: UInt8) -> [UInt8] {
        [UInt8](repeating: 0, count: zeros) + [lead] + (0..<(31 - zeros)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    }

    @Test(arguments: [0, 1, 2, 31])
    func halvesOfEveryLengthComeBackAsWritten(zeros: Int) throws {
        for lead: UInt8 in [0x01, 0x7F, 0x80, 0xFF] {
            let jose = Self.half(zeros: zeros, lead: lead) + Self.half(zeros: 31 - zeros, lead: lead ^ 0x80)
            let der = try #require(ES256Signature.der(fromJOSE: jose))
            #expect(try ES256Signature.jose(fromDER: der) == jose, "zeros \(zeros), lead \(lead)")
        }
    }

    @Test func derThatIsNotTwoPositive32ByteIntegersIsRefused() throws {
        let r = [UInt8](repeating: 0x11, count: 32)
        func sequence(_ contents: [UInt8]) -> [UInt8] { [0x30, UInt8(contents.count)] + contents }
        func integer(_ contents: [UInt8]) -> [UInt8] { [0x02, UInt8(contents.count)] + contents }
        let refused: [(String, [UInt8])] = [
            ("a 33-byte value", sequence(integer(r) + integer([0x01] + r))),
            ("a negative value", sequence(integer(r) + integer([0x80] + r.dropFirst()))),
            ("an empty integer", sequence(integer(r) + integer([]))),
            ("one integer", sequence(integer(r))),
            ("three integers", sequence(integer(r) + integer(r) + integer(r))),
            ("bytes after the sequence", sequence(integer(r) + integer(r)) + [0x00]),
            ("an octet string for s", sequence(integer(r) + [0x04, 0x20] + r)),
            ("the data cut short", Array(sequence(integer(r) + integer(r)).dropLast())),
            ("nothing", []),
        ]
        for (what, der) in refused {
            #expect(throws: OpenSSLError.self, "\(what)") { try ES256Signature.jose(fromDER: der) }
        }
        #expect(try ES256Signature.jose(fromDER: sequence(integer(r) + integer([0x00] + r))) == r + r)
    }
}
