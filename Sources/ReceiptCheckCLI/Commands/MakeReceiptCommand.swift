import ReceiptKit
import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `make-receipt`: a receipt with chosen contents, signed by a test PKI as Apple (or Xcode) signs, for tests.
enum MakeReceiptCommand: Command {
    static let spec = CommandSpec(
        name: "make-receipt",
        summary: """
            Encodes the receipt described by SPEC (the JSON that 'receipt-check' prints for a receipt:
            snake_case keys, RFC 3339 dates, hex bytes) and signs it with the test PKI in DIR (see
            make-test-pki): PKCS#7 signedData, no signed attributes, leaf + intermediate + root
            embedded, like App Store receipts. With --jws, SPEC is a StoreKit 2 payload instead (the
            camelCase JSON printed under jws.payload: an AppTransaction, transaction, renewal info,
            notification or realtime request; dates RFC 3339 or milliseconds) and the output is a compact
            JWS signed ES256 by the EC test PKI in DIR (make-test-pki --ec), with leaf, intermediate and
            root in x5c. A notification's signed members may be payload specs too, signed in place; a
            spec shaped like an App Store Server API response (signedTransactions, data[].lastTransactions,
            notificationHistory, signedTransactionInfo, signedAppTransactionInfo) with payload specs as
            its elements is written as that response, each element signed.
            """,
        operands: "",
        minimumOperands: 0,
        options: Option.options)
    private typealias Option = MakeReceiptOptionTable

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        do {
            let (specPath, pkiPath, outputPath) = try Option.validate(arguments)
            let signed =
                arguments[Option.jws]
                ? try signJWS(spec: specPath, pki: pkiPath, arguments)
                : try signReceipt(spec: specPath, pki: pkiPath, arguments)
            return write(signed, to: outputPath, console: console)
        } catch {
            return fail(error, console)
        }
    }

    private static func signReceipt(spec specPath: String, pki pkiPath: String, _ arguments: ParsedArguments) throws
        -> [UInt8]
    {
        let device = try arguments.value(Option.deviceID)
        let specBytes = try InputFile.contents(of: specPath)
        var receipt: ParsedReceipt
        do {
            receipt = try JSONDecoder().decode(ParsedReceipt.self, from: Data(specBytes))
        } catch {
            throw SetupError.badData("\(specPath): not a receipt spec: \(describe(error))")
        }
        if let device {
            let hash: [UInt8]?
            do {
                hash = try ReceiptEncoder.deviceHash(of: receipt, for: device)
            } catch let error as ReceiptEncodingError {
                throw SetupError.badData("\(specPath): \(error.description)")
            } catch {
                throw SetupError.internalError("computing the device hash: \(error)")
            }
            guard let hash else {
                throw SetupError.badData("\(specPath): --device-id needs opaque_value and bundle_id in the spec")
            }
            receipt.sha1Hash = hash
        }
        let payload: [UInt8]
        do throws(ReceiptEncodingError) {
            payload = try ReceiptEncoder.encode(receipt)
        } catch {
            throw SetupError.badData("\(specPath): \(error.description)")
        }
        let pki = try loadPKI(pkiPath)
        let options = ReceiptSigner.Options(
            digest: try arguments.value(Option.digest) ?? .sha256,
            encoding: arguments[Option.ber] ? .ber : .der,
            includeSignedAttributes: arguments[Option.signedAttributes],
            corruptMessageDigest: arguments[Option.badMessageDigest])
        return arguments[Option.storeKitTest]
            ? try ReceiptSigner.signStoreKitTest(payload, pki: pki, options: options)
            : try ReceiptSigner.sign(payload, pki: pki, options: options)
    }

    /// `--jws`: the spec is a StoreKit 2 payload, signed ES256 into a compact JWS.
    private static func signJWS(spec specPath: String, pki pkiPath: String, _ arguments: ParsedArguments) throws
        -> [UInt8]
    {
        let specBytes = try InputFile.contents(of: specPath)
        let pki = try loadPKI(pkiPath)
        let storeKit = arguments[Option.storeKitTest]
        do throws(SignedSpec.SpecError) {
            return try SignedSpec.sign(specBytes) { payload throws(OpenSSLError) in
                storeKit ? try JWSSigner.signStoreKitTest(payload, pki: pki) : try JWSSigner.sign(payload, pki: pki)
            }
        } catch {
            switch error {
            case .spec(let failure):
                throw SetupError.badData("\(specPath): not a JWS payload or response spec: \(failure.message)")
            case .signing(let failure):
                throw SetupError.badData(failure.description)
            }
        }
    }

    /// A failed write to `-` is reported by `console`, and the run exits 74.
    private static func write(_ bytes: [UInt8], to path: String, console: Console) -> ExitStatus {
        if path == "-" {
            return console.out(bytes: bytes) ? .valid : .ioError
        }
        do throws(OutputFile.WriteError) {
            try OutputFile.write(bytes, to: path)
        } catch {
            return fail(error, console)
        }
        return .valid
    }

    /// DecodingError's own description is a dump of its context; say where and what instead.
    private static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .keyNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            let detail = context.underlyingError.map { " (\($0))" } ?? ""
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription + detail
        @unknown default:
            return "\(decoding)"
        }
    }

    private static func loadPKI(_ path: String) throws(SetupError) -> TestPKI {
        do throws(TestPKIFileError) {
            return try TestPKI.load(from: path)
        } catch {
            throw SetupError(error)
        }
    }
}

/// `--digest` names a digest by its raw value.
extension ReceiptSigner.Digest: OptionChoice {}
