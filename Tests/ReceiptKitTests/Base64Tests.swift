import Testing

@testable import ReceiptKit

/// The two grammars of `Base64` side by side over literal cases, each with what standard base64 and what
/// base64url decode it to (hex; nil: refused): whole and short quads, every padding, white space, letters
/// after padding, a stray byte at each place, each alphabet's own letters and unused bits.
@Suite struct Base64Tests {
    static let cases: [(text: String, standard: String?, url: String?)] = [
        ("", nil, ""),
        ("Q", nil, nil),
        ("QU", "41", nil),
        ("QUJ", "4142", nil),
        ("QUJD", "414243", "414243"),
        ("QUJDR", nil, nil),
        ("QUJDRE", "41424344", nil),
        ("QUJDREV", "4142434445", nil),
        ("QUJDREVG", "414243444546", "414243444546"),
        ("QUJDREVGR", nil, nil),
        ("QUJDREVGRw", "41424344454647", "41424344454647"),
        ("QUJDRA==", "41424344", nil),
        ("QUJDREU=", "4142434445", nil),
        ("QUJDRA=", "41424344", nil),
        ("QQ=", "41", nil),
        ("QQ==", "41", nil),
        ("QQ===", nil, nil),
        ("QUI==", nil, nil),
        ("QUJD=", nil, nil),
        ("QUJD==", nil, nil),
        ("QUJDRA===", nil, nil),
        ("=", nil, nil),
        ("==", nil, nil),
        ("====", nil, nil),
        ("QQ==QQ==", nil, nil),
        ("QQ=A", nil, nil),
        ("QUI=A", nil, nil),
        ("QQ= =", "41", nil),
        ("QQ=\n=", "41", nil),
        ("=QUJD", nil, nil),
        ("QUJD\nREVG", "414243444546", nil),
        ("QUJD\r\nREVG\r\n", "414243444546", nil),
        (" QUJD ", "414243", nil),
        ("QU JD", "414243", nil),
        ("Q U J D", "414243", nil),
        ("QUJD\tRA==", "41424344", nil),
        ("QUJD\nRA==\n", "41424344", nil),
        ("\n", nil, nil),
        (" ", nil, nil),
        ("QUJDR\nA", "41424344", nil),
        ("-_-_", nil, "fbffbf"),
        ("+/+/", "fbffbf", nil),
        ("ab-c", nil, "69bf9c"),
        ("ab+c", "69bf9c", nil),
        ("ab_c", nil, "69bfdc"),
        ("ab/c", "69bfdc", nil),
        ("QUJD-A", nil, "414243f8"),
        ("QUJD+A", "414243f8", nil),
        ("QQ", "41", "41"),
        ("QUI", "4142", "4142"),
        ("QUJDRA", "41424344", "41424344"),
        ("QUJDREU", "4142434445", "4142434445"),
        ("QUJDREVGRw==", "41424344454647", nil),
        ("QR", "41", nil),
        ("QR==", "41", nil),
        ("QUJ", "4142", nil),
        ("QUK", "4142", nil),
        ("QUK=", "4142", nil),
        ("QUJDRB", "41424344", nil),
        ("QUJDREV", "4142434445", nil),
        (".UJDREVGRw", nil, nil),
        ("Q.JDREVGRw", nil, nil),
        ("QU.DREVGRw", nil, nil),
        ("QUJ.REVGRw", nil, nil),
        ("QUJD.EVGRw", nil, nil),
        ("QUJDR.VGRw", nil, nil),
        ("QUJDRE.GRw", nil, nil),
        ("QUJDREV.Rw", nil, nil),
        ("QUJDREVG.w", nil, nil),
        ("QUJDREVGR.", nil, nil),
        ("QUJD\u{0}", nil, nil),
        ("QU?D", nil, nil),
        ("QUJD.REVG", nil, nil),
    ]

    @Test func eachGrammarDecodesOrRefusesEachCase() {
        for (text, standard, url) in Self.cases {
            let bytes = Array(text.utf8)[...]
            #expect(Base64.decode(bytes).map { HexBytes.encode($0) } == standard, "standard: \(text.debugDescription)")
            #expect(Base64.decodeURL(bytes).map { HexBytes.encode($0) } == url, "url: \(text.debugDescription)")
        }
    }
}
