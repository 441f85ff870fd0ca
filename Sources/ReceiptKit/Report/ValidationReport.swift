#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything verification found out about one input. Only ``ReceiptValidator`` makes one, so a report
/// that says `valid` is one whose checks passed.
public struct ValidationReport: Sendable, Encodable {
    /// The verdict on one input. `allCases` lists them best first, the order a run's counts are shown in.
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Every check passed.
        case valid
        /// Decoded, but some check failed.
        case invalid
        /// Not decodable as an app receipt.
        case malformed
        /// Not read at all: a path that does not exist, a directory, a read that failed.
        case unreadable
    }

    /// How the input's PKCS#7 container was encoded.
    public enum Encoding: String, Sendable, Codable {
        /// DER: definite lengths throughout.
        case der
        /// Indefinite lengths or segmented content, as Xcode writes receipts.
        case ber
    }

    /// The path (or `-`, or a line number) the input came from.
    public internal(set) var input: String
    /// The verdict: valid only when every check passed.
    public internal(set) var status: Status = .malformed
    /// The first failure's reason, nil when valid.
    public internal(set) var reason: ReasonCode?
    /// The first failure in words.
    public internal(set) var message: String?
    /// The form the input arrived in; nil when none was recognised.
    public internal(set) var format: ValidationReport.Format?
    /// How a receipt's PKCS#7 container was encoded; nil for other inputs, or when it did not decode.
    public internal(set) var encoding: Encoding?
    /// Every check made, in order.
    public internal(set) var checks: [Check] = []
    /// How the signer was trusted; nil when verification stopped before the signer.
    public internal(set) var trust: TrustReport?
    /// What the input was found to hold, decoded: exactly one kind of contents, or nil when none decoded.
    public enum Contents: Sendable {
        /// A receipt's decoded payload: what it claims, whatever the status.
        case receipt(ParsedReceipt)
        /// A StoreKit 2 JWS: its kind, header and decoded payload.
        case signedData(JWSReport)
        /// An App Store Server API response: its kind, unsigned members and each signed element's report.
        case response(ResponseReport)
        /// A combined verdict: the report of each input combined, in the order given.
        case combination([ValidationReport])
    }

    /// The decoded contents; nil when the input did not decode as anything.
    public internal(set) var contents: Contents?

    /// The contents when they are a receipt's payload.
    public internal(set) var receipt: ParsedReceipt? {
        get { if case .receipt(let receipt) = contents { receipt } else { nil } }
        set { contents = newValue.map(Contents.receipt) }
    }
    /// The contents when they are a StoreKit 2 JWS's.
    public internal(set) var jws: JWSReport? {
        get { if case .signedData(let jws) = contents { jws } else { nil } }
        set { contents = newValue.map(Contents.signedData) }
    }
    /// The contents when they are an App Store Server API response's.
    public internal(set) var response: ResponseReport? {
        get { if case .response(let response) = contents { response } else { nil } }
        set { contents = newValue.map(Contents.response) }
    }
    /// The contents when they are a combination's: the report of each input combined, in the order given.
    public internal(set) var inputs: [ValidationReport]? {
        get { if case .combination(let inputs) = contents { inputs } else { nil } }
        set { contents = newValue.map(Contents.combination) }
    }

    /// Records a check, keeping the first failure as the report's reason.
    mutating func record(_ check: Check) {
        checks.append(check)
        if !check.passed, reason == nil {
            reason = check.reason
            message = check.detail
        }
    }

    /// The report on an input that could not be read, with the reading error as its reason.
    public static func unreadable(input: String, error: ReceiptError) -> ValidationReport {
        var report = ValidationReport(input: input)
        report.reject(error)
        if error.reason == .unreadableInput {
            report.status = .unreadable
        }
        return report
    }

    /// Ends the report as malformed with this error.
    mutating func reject(_ error: ReceiptError) {
        status = .malformed
        reason = error.reason
        message = error.message
    }

    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension ValidationReport: FieldModel {
    package static let fields: [ModelField<ValidationReport>] = [
        .models("checks") { $0.checks },
        .string("encoding") { $0.encoding?.rawValue },
        .string("format") { $0.format?.rawValue },
        .string("input") { $0.input },
        .models("inputs") { $0.inputs },
        .model("jws") { $0.jws },
        .string("message") { $0.message },
        .string("reason") { $0.reason?.rawValue },
        .model("receipt") { $0.receipt },
        .model("response") { $0.response },
        .string("status") { $0.status.rawValue },
        .model("trust") { $0.trust },
    ]
}

/// How a receipt's trust was established: anchors, chain, digest and the time used.
public struct TrustReport: Sendable, Encodable {
    /// What the signer's chain was proven to end in.
    public enum Kind: String, Sendable, Codable {
        /// Chains to one of Apple's roots.
        case apple
        /// Chains to a root the caller chose.
        case customRoots = "custom_roots"
        /// Signed by the StoreKit Testing certificate the caller supplied.
        case storeKitTesting = "storekit_testing"
    }

    /// What the chain was proven to end in; nil (`untrusted` in JSON) when it was not.
    public internal(set) var kind: Kind?
    /// Subjects of the roots trusted for this run.
    public internal(set) var anchors: [String]
    /// The signer's chain, leaf first.
    public internal(set) var chain: [TrustReport.CertificateInfo]
    /// The digest algorithm of the signature, e.g. `sha256`.
    public internal(set) var digest: String?
    /// The moment the certificates were checked at.
    public internal(set) var validationTime: Date?
    /// Where ``validationTime`` came from, e.g. `receipt_creation_date`.
    public internal(set) var timeSource: String

    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension TrustReport: FieldModel {
    package static let fields: [ModelField<TrustReport>] = [
        .strings("anchors") { $0.anchors },
        .models("chain") { $0.chain },
        .string("digest") { $0.digest },
        // A chain that was not proven to end anywhere says so in words.
        .string("kind") { $0.kind?.rawValue ?? "untrusted" },
        .string("time_source") { $0.timeSource },
        .formattedDate("validation_time") { $0.validationTime },
    ]
}
