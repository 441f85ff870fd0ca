import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `sign KIND`: the signatures an app needs from its server for StoreKit offers and Advanced Commerce requests.
enum SignCommand: Command {
    static let spec = CommandSpec(
        name: "sign",
        summary: """
            Signs what StoreKit asks a server to sign, with the App Store Connect key (.p8): KIND is
            promotional-offer (the original offer signature: ECDSA P-256 SHA-256 over the seven values
            Apple lists, base64), promotional-offer-v2, introductory-offer-eligibility or
            advanced-commerce-in-app (each a compact JWS). Prints the signature alone on one line, or with
            --json every value the app passes to StoreKit. The realtime kinds print the JSON body that
            answers the App Store's realtime Retention Messaging request: realtime-message,
            realtime-alternate-product, or realtime-promotional-offer and realtime-promotional-offer-v2
            with the offer's signature. A key that is not unencrypted PKCS#8 on P-256 exits 65; a missing
            or malformed value exits 64. The key is never printed.
            """,
        operands: "KIND",
        minimumOperands: 1,
        options: SignOptionTable.options)

    /// A .p8 file is a few hundred bytes; a request a few kilobytes.
    private static let keySizeLimit = 64 << 10
    private static let requestSizeLimit = 1 << 20

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        let kinds = SignOptionTable.Kind.allCases.map(\.rawValue)
        guard arguments.operands.count == 1, let name = arguments.operands.first,
            let kind = SignOptionTable.Kind(rawValue: name)
        else {
            return fail(UsageError("expected one KIND: " + kinds.joined(separator: ", ")), console)
        }
        do {
            let values = try SignOptionTable.values(
                arguments, kind: kind, environment: ProcessInfo.processInfo.environment, warn: console.warning)
            let output = try sign(kind, values)
            console.out((arguments[SignOptionTable.json] ? output.json() : output.signature) + "\n")
            return .valid
        } catch let error as SigningError {
            return fail(SetupError(error), console)
        } catch {
            return fail(error, console)
        }
    }

    /// The signature of `kind` over `values` (every option it requires is there).
    private static func sign(_ kind: SignOptionTable.Kind, _ values: SignOptionTable.Values) throws -> SignOutput {
        typealias Table = SignOptionTable
        // The files' options are read before either file, so that a bad one is a usage error first.
        let keyPath = try values.value(Table.key)?.path
        let requestPath = try values.value(Table.request)?.path
        if kind.isRealtimeResponse {
            return SignOutput(kind: kind, signature: try realtimeResponse(kind, values, keyPath: keyPath))
        }
        let key = try signingKey(keyPath)
        let keyID = values[Table.keyID] ?? ""
        let bundleID = values[Table.bundleID] ?? ""
        let issuerID = values[Table.issuerID] ?? ""
        let productID = values[Table.productID] ?? ""
        let offerID = values[Table.offerID]
        switch kind {
        case .promotionalOffer:
            let creator = try PromotionalOfferSignatureCreator(key: key, keyID: keyID, bundleID: bundleID)
            let timestamp = try values.value(Table.timestamp)
            let offer = try PromotionalOfferSignatureCreator.Offer(
                productID: productID, offerID: offerID ?? "",
                applicationUsername: values[Table.applicationUsername] ?? "", nonce: values[Table.nonce],
                timestamp: try timestamp.map { try OfferTimestamp.checked($0, flag: Table.timestamp.flag) }
                    ?? Int64(Date().timeIntervalSince1970 * 1000))
            return SignOutput(
                kind: kind, signature: try creator.signature(for: offer), productIdentifier: offer.productID,
                offerIdentifier: offer.offerID, applicationUsername: offer.applicationUsername, keyIdentifier: keyID,
                nonce: offer.nonce, timestamp: offer.timestamp)
        case .promotionalOfferV2:
            let signature = try PromotionalOfferV2SignatureCreator(
                key: key, keyID: keyID, issuerID: issuerID, bundleID: bundleID
            ).signature(productID: productID, offerID: offerID ?? "", transactionID: values[Table.transactionID])
            return SignOutput(kind: kind, signature: signature, productIdentifier: productID, offerIdentifier: offerID)
        case .introductoryOfferEligibility:
            let signature = try IntroductoryOfferEligibilitySignatureCreator(
                key: key, keyID: keyID, issuerID: issuerID, bundleID: bundleID
            ).signature(
                productID: productID,
                allowIntroductoryOffer: try values.value(Table.allowIntroductoryOffer) == .yes,
                transactionID: values[Table.transactionID] ?? "")
            return SignOutput(kind: kind, signature: signature, productIdentifier: productID)
        case .advancedCommerceInApp:
            guard let requestPath else { throw UsageError("\(Table.request.flag) is required") }
            let request = try InputFile.contents(of: requestPath, limit: requestSizeLimit)
            let signature = try AdvancedCommerceAPIInAppSignatureCreator(
                key: key, keyID: keyID, issuerID: issuerID, bundleID: bundleID
            ).signature(request: request)
            return SignOutput(kind: kind, signature: signature)
        case .realtimeMessage, .realtimeAlternateProduct, .realtimePromotionalOffer, .realtimePromotionalOfferV2:
            return SignOutput(kind: kind, signature: try realtimeResponse(kind, values, keyPath: keyPath))
        }
    }

    /// The App Store Connect key in the file at `keyPath`, which every signing kind requires.
    static func signingKey(_ keyPath: String?) throws -> SigningKey {
        guard let keyPath else { throw UsageError("\(SignOptionTable.key.flag) is required") }
        return try SigningKey(pkcs8PEM: try InputFile.contents(of: keyPath, limit: keySizeLimit))
    }
}

extension SetupError {
    /// A key that is not an App Store Connect key is bad data (65); a value to sign, bad usage (64).
    init(_ error: SigningError) {
        switch error.kind {
        case .keyNotPEM, .keyEncrypted, .keyNotPKCS8, .keyNotP256: self = .badData("--key: " + error.message)
        case .invalidValue: self = .usage(UsageError(error.message))
        case .signingFailed: self = .internalError(error.message)
        }
    }
}
