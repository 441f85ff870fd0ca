#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The options of `make-test-pki`: parent PKI, key type, markers, the leaf's validity, OCSP responders.
enum TestPKIOptionTable {
    static let ca = OptionKey<InputPath>.directory(
        "ca", "PKI", help: "issue the new leaf under the root (and intermediate) of the test PKI in directory PKI")
    static let ec = OptionKey<Bool>.flag("ec", help: "EC P-256 keys (for StoreKit 2 JWS, ES256) instead of RSA-2048")
    static let noLeafMarker = OptionKey<Bool>.flag(
        "no-leaf-marker", help: "leave out the receipt-signing marker OID on the leaf")
    static let noIntermediateMarker = OptionKey<Bool>.flag(
        "no-intermediate-marker", help: "leave out the WWDR marker OID on the intermediate")
    static let notBefore = OptionKey<Date>.time(
        "not-before",
        help: "leaf valid from TIME (RFC 3339; default 2015-01-01T00:00:00Z); CAs widen to cover it")
    static let notAfter = OptionKey<Date>.time(
        "not-after",
        help: "leaf valid until TIME (RFC 3339; default 2045-01-01T00:00:00Z); CAs widen to cover it")

    static let ocspURL = OptionKey<WebAddress>.url(
        "ocsp-url", schemes: ["http", "https"],
        help: "the leaf names this OCSP responder (answered with the intermediate's key) and the CA"
            + " databases are written")
    static let intermediateOCSPURL = OptionKey<WebAddress>.url(
        "intermediate-ocsp-url", schemes: ["http", "https"],
        help: "a new intermediate names this OCSP responder (answered with the root's key)")

    static let options: [OptionSpec] = [
        ca.spec, ec.spec, noLeafMarker.spec, noIntermediateMarker.spec, notBefore.spec, notAfter.spec,
        ocspURL.spec, intermediateOCSPURL.spec, CommonOptionTable.help.spec,
    ]
}
