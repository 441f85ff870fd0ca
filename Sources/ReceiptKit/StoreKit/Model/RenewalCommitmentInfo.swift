/// The commitment a subscription renews into (Apple's `RenewalCommitmentInfo`, 2026).
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
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
    /// Members not listed above, as they came. Reports print them under `unknownFields`, where
    /// `Decodable` reads them back.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; the decoder fills it
    /// with the members this type does not name.
    private var unknownFields: [String: JSONValue]?
}

extension RenewalCommitmentInfo: MemberFieldModel {
    /// Reads the object as Apple writes it, through the same fields; `unknownFields` is read as the member
    /// a report writes it as.
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
