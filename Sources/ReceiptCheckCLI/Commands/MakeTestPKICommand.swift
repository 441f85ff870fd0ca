import ReceiptKit
import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `receipt-check make-test-pki DIR`: a throwaway root, intermediate and leaf shaped like
/// Apple's, plus a StoreKit-style self-signed certificate, for signing test receipts.
enum MakeTestPKICommand: Command {
    static let spec = CommandSpec(
        name: "make-test-pki",
        summary: """
            Generates a test PKI shaped like Apple's receipt-signing chain into DIR: root.pem, root.der,
            intermediate.pem, leaf.pem, storekit.pem (self-signed, StoreKit Testing style) and a
            .key.pem for each. Never trust these outside tests. Running it twice gives the same
            names with different keys: the second root is a "self-made root". With --ca, only a new
            leaf (and, with --no-intermediate-marker, a new intermediate) is issued under an existing
            test PKI's root, so that it chains to the same trusted root. With --ec, the keys are EC
            P-256, as Apple's StoreKit 2 chain, for signing JWS (make-receipt --jws). With --ocsp-url
            and --intermediate-ocsp-url, the leaf and intermediate name OCSP responders (for
            --online-checks), and root.index.txt and intermediate.index.txt are the CA databases an
            `openssl ocsp -index` responder (or `openssl ca -gencrl`) reads, every certificate valid.
            """,
        operands: "DIR",
        minimumOperands: 1,
        options: [
            ca.spec, ec.spec, noLeafMarker.spec, noIntermediateMarker.spec, notBefore.spec, notAfter.spec,
            ocspURL.spec, intermediateOCSPURL.spec, CommonOptionTable.help.spec,
        ])

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

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        guard arguments.operands.count == 1, let directory = arguments.operands.first else {
            return usage("expected exactly one DIR, got \(arguments.operands.count) operands", console)
        }
        var options = TestPKI.Options()
        options.leafMarker = !arguments[noLeafMarker]
        options.keyType = arguments[ec] ? .ec : .rsa
        options.intermediateMarker = !arguments[noIntermediateMarker]
        var parentPath: InputPath?
        do throws(UsageError) {
            options.leafOCSPURL = try arguments.value(ocspURL)?.text
            options.intermediateOCSPURL = try arguments.value(intermediateOCSPURL)?.text
            parentPath = try arguments.value(ca)
            options.leafNotBefore = try arguments.value(notBefore) ?? options.leafNotBefore
            options.leafNotAfter = try arguments.value(notAfter) ?? options.leafNotAfter
        } catch {
            return fail(error, console)
        }
        guard options.leafNotBefore < options.leafNotAfter else {
            return usage("the leaf's not-before time must come before its not-after time", console)
        }
        var parent: TestPKI?
        if let parentPath {
            do throws(TestPKIFileError) {
                parent = try TestPKI.load(from: parentPath.path)
            } catch {
                return fail(SetupError(error), console)
            }
        }
        var files: [(name: String, bytes: [UInt8])]
        do throws(OpenSSLError) {
            let pki = try TestPKI.generate(options, under: parent)
            files = pki.files
            if options.leafOCSPURL != nil || options.intermediateOCSPURL != nil {
                files += try pki.ocspIndexFiles
            }
        } catch {
            return fail(error, console)
        }
        return write(files, to: directory, console: console)
    }

    /// Each file written and checked on its own, so a full disk exits 74 and an uncreatable file 73.
    private static func write(_ files: [(name: String, bytes: [UInt8])], to directory: String, console: Console)
        -> ExitStatus
    {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            let message = "\(directory): cannot create the directory: \(FileErrorText.describe(error))"
            return fail(OutputFile.WriteError(status: .cantCreate, message: message), console)
        }
        for (name, bytes) in files {
            do throws(OutputFile.WriteError) {
                try OutputFile.write(bytes, to: directory + "/" + name)
            } catch {
                return fail(error, console)
            }
        }
        return .valid
    }

    private static func usage(_ message: String, _ console: Console) -> ExitStatus {
        fail(UsageError(message), console)
    }

    private static func fail(_ error: any Error, _ console: Console) -> ExitStatus {
        ErrorReport.report(error, to: console, usage: spec.usage)
    }
}

extension SetupError {
    /// A test PKI directory that cannot be read, or holds what is not a test PKI.
    init(_ error: TestPKIFileError) {
        self = error.kind == .unreadable ? .unreadable(error.description) : .badData(error.description)
    }
}
