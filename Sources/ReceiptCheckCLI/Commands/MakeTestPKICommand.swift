import ReceiptKit
import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `make-test-pki DIR`: a throwaway chain shaped like Apple's and a StoreKit-style certificate, for tests.
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
        options: Option.options)
    private typealias Option = TestPKIOptionTable

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        do {
            guard arguments.operands.count == 1, let directory = arguments.operands.first else {
                throw UsageError("expected exactly one DIR, got \(arguments.operands.count) operands")
            }
            var options = TestPKI.Options()
            options.leafMarker = !arguments[Option.noLeafMarker]
            options.keyType = arguments[Option.ec] ? .ec : .rsa
            options.intermediateMarker = !arguments[Option.noIntermediateMarker]
            options.leafOCSPURL = try arguments.value(Option.ocspURL)?.text
            options.intermediateOCSPURL = try arguments.value(Option.intermediateOCSPURL)?.text
            let parentPath = try arguments.value(Option.ca)
            options.leafNotBefore = try arguments.value(Option.notBefore) ?? options.leafNotBefore
            options.leafNotAfter = try arguments.value(Option.notAfter) ?? options.leafNotAfter
            guard options.leafNotBefore < options.leafNotAfter else {
                throw UsageError("the leaf's not-before time must come before its not-after time")
            }
            var parent: TestPKI?
            if let parentPath {
                do throws(TestPKIFileError) {
                    parent = try TestPKI.load(from: parentPath.path)
                } catch {
                    throw SetupError(error)
                }
            }
            let pki = try TestPKI.generate(options, under: parent)
            var files = pki.files
            if options.leafOCSPURL != nil || options.intermediateOCSPURL != nil {
                files += try pki.ocspIndexFiles
            }
            try write(files, to: directory)
            return .valid
        } catch {
            return fail(error, console)
        }
    }

    /// Each file written and checked on its own, so a full disk exits 74 and an uncreatable file 73.
    private static func write(_ files: [(name: String, bytes: [UInt8])], to directory: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            let message = "\(directory): cannot create the directory: \(FileErrorText.describe(error))"
            throw OutputFile.WriteError(status: .cantCreate, message: message)
        }
        for (name, bytes) in files {
            try OutputFile.write(bytes, to: directory + "/" + name)
        }
    }
}

extension SetupError {
    /// A test PKI directory that cannot be read, or holds what is not a test PKI.
    init(_ error: TestPKIFileError) {
        self = error.kind == .unreadable ? .unreadable(error.description) : .badData(error.description)
    }
}
