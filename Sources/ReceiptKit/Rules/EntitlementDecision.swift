/// Whether one entitlement is granted, and why, in words a person can check.
public struct EntitlementDecision: Sendable, Equatable, Encodable {
    public let name: String
    public let granted: Bool
    public let reasons: [String]

    public init(name: String, granted: Bool, reasons: [String]) {
        self.name = name
        self.granted = granted
        self.reasons = reasons
    }

    enum CodingKeys: String, CodingKey {
        case name, granted, reasons
    }
}
