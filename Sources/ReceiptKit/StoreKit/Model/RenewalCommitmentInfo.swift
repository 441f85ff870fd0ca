/// The commitment a subscription renews into (Apple's `RenewalCommitmentInfo`, 2026).
public struct RenewalCommitmentInfo: Sendable, Equatable, Codable {
    /// The product the commitment renews into.
    public private(set) var commitmentAutoRenewProductId: String?
    /// Whether the commitment renews: one of ``AutoRenewStatus``.
    public private(set) var commitmentAutoRenewStatus: AppStoreValue<AutoRenewStatus>?
    /// How the renewed commitment is billed: one of ``BillingPlanType``.
    public private(set) var commitmentRenewalBillingPlanType: AppStoreValue<BillingPlanType>?
    /// When the commitment renews.
    public private(set) var commitmentRenewalDate: JWSDate?
    /// The price of the renewed commitment in milliunits of the currency.
    public private(set) var commitmentRenewalPrice: Int64?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension RenewalCommitmentInfo: MemberFieldModel {
    /// Reads the object as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension RenewalCommitmentInfo: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<RenewalCommitmentInfo>] = [
        .string(
            "commitmentAutoRenewProductId", { $0.commitmentAutoRenewProductId },
            { $0.commitmentAutoRenewProductId = $1 }),
        .enumeration(
            "commitmentAutoRenewStatus", { $0.commitmentAutoRenewStatus }, { $0.commitmentAutoRenewStatus = $1 }),
        .enumeration(
            "commitmentRenewalBillingPlanType", { $0.commitmentRenewalBillingPlanType },
            { $0.commitmentRenewalBillingPlanType = $1 }),
        .date("commitmentRenewalDate", { $0.commitmentRenewalDate }, { $0.commitmentRenewalDate = $1 }),
        .integer("commitmentRenewalPrice", { $0.commitmentRenewalPrice }, { $0.commitmentRenewalPrice = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
