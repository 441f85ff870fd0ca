/// Whether one entitlement is granted, denied or unknown, and why, in words and as a code.
public struct EntitlementDecision: Sendable, Equatable, Encodable {
    /// The entitlement's name as the rules give it.
    public let name: String
    /// Granted, denied, or unknown (the input cannot tell: ask Apple again).
    public let decision: Decision
    /// Why, for a program: what decided it.
    public let reasonCode: DecisionReason
    /// Why, one line per condition that decided it.
    public let reasons: [String]
    /// The rules' text for a customer who is not granted the entitlement (`| "Export is a Pro feature"`).
    public let message: String?

    /// Whether it is granted (neither denied nor unknown).
    public var granted: Bool { decision == .granted }

    /// A decision on `name`, with its code, reasons and the rules' message.
    public init(
        name: String, decision: Decision, reasonCode: DecisionReason, reasons: [String], message: String? = nil
    ) {
        self.name = name
        self.decision = decision
        self.reasonCode = reasonCode
        self.reasons = reasons
        self.message = decision == .granted ? nil : message
    }

    /// A granted decision, or one denied because a condition does not hold.
    public init(name: String, granted: Bool, reasons: [String], message: String? = nil) {
        self.init(
            name: name, decision: granted ? .granted : .denied, reasonCode: granted ? .ruleSatisfied : .conditionNotMet,
            reasons: reasons, message: message)
    }

    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension EntitlementDecision: FieldModel {
    package static let fields: [ModelField<EntitlementDecision>] = [
        .string("decision") { $0.decision.rawValue },
        .bool("granted") { $0.granted },
        .string("message") { $0.message },
        .string("name") { $0.name },
        .string("reason_code") { $0.reasonCode.rawValue },
        .strings("reasons") { $0.reasons },
    ]
}
