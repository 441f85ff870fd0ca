/// Whether one entitlement is granted, and why, in words a person can check.
public struct EntitlementDecision: Sendable, Equatable, Encodable {
    /// The entitlement's name as the rules give it.
    public let name: String
    /// Whether it is granted.
    public let granted: Bool
    /// Why, one line per condition that decided it.
    public let reasons: [String]
    /// The rules' text for a customer who is not granted the entitlement (`| "Export is a Pro feature"`);
    /// nil when it is granted or the rules give none.
    public let message: String?

    /// A decision on `name`, with its reasons and the rules' message.
    public init(name: String, granted: Bool, reasons: [String], message: String? = nil) {
        self.name = name
        self.granted = granted
        self.reasons = reasons
        self.message = granted ? nil : message
    }

    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension EntitlementDecision: FieldModel {
    package static let fields: [ModelField<EntitlementDecision>] = [
        .bool("granted") { $0.granted },
        .string("message") { $0.message },
        .string("name") { $0.name },
        .strings("reasons") { $0.reasons },
    ]
}
