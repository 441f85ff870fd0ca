/// A transaction's commitment term (`TransactionCommitmentInfo`, 2026): the period it pays, the price, the end.
public struct TransactionCommitmentInfo: Sendable, Equatable, Codable {
    /// Which billing period of the commitment this transaction pays for, from 1.
    public private(set) var billingPeriodNumber: Int64?
    /// When the commitment term ends.
    public private(set) var commitmentExpiresDate: JWSDate?
    /// The price of the whole commitment in milliunits of the currency.
    public private(set) var commitmentPrice: Int64?
    /// How many billing periods the commitment has.
    public private(set) var totalBillingPeriods: Int64?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension TransactionCommitmentInfo: MemberFieldModel {
    /// Reads the object as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension TransactionCommitmentInfo: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<TransactionCommitmentInfo>] = [
        .integer("billingPeriodNumber", { $0.billingPeriodNumber }, { $0.billingPeriodNumber = $1 }),
        .date("commitmentExpiresDate", { $0.commitmentExpiresDate }, { $0.commitmentExpiresDate = $1 }),
        .integer("commitmentPrice", { $0.commitmentPrice }, { $0.commitmentPrice = $1 }),
        .integer("totalBillingPeriods", { $0.totalBillingPeriods }, { $0.totalBillingPeriods = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
