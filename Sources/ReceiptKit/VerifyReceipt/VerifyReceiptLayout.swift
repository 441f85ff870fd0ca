/// The members of one of verifyReceipt's objects in Apple's order: the fields of a receipt model that
/// declare a place there, and the members no field declares.
struct VerifyReceiptLayout<Model>: Sendable {
    /// A member no field of the model declares.
    enum Extra: Sendable {
        /// An undocumented attribute, which Apple writes by name as a number.
        case undocumentedInteger(StaticString, attribute: Int64)
        /// When the answer was made.
        case requestDate
    }

    enum Entry: Sendable {
        /// The field at this position of the model's list.
        case field(Int)
        case extra(Extra)
    }

    /// The members at their places, ascending.
    let entries: [(place: Int, entry: Entry)]

    /// The fields that declare a place, and `extras` at theirs, ordered by place.
    init(_ fields: [ModelField<Model>], extras: [(place: Int, extra: Extra)]) {
        let declared = fields.indices.compactMap { index in
            fields[index].verifyReceipt.map { (place: $0.place, entry: Entry.field(index)) }
        }
        let others = extras.map { (place: $0.place, entry: Entry.extra($0.extra)) }
        entries = (declared + others).sorted { $0.place < $1.place }
    }
}

extension VerifyReceiptLayout.Extra {
    /// The member's key in Apple's answer.
    var key: StaticString {
        switch self {
        case .undocumentedInteger(let key, _): key
        case .requestDate: "request_date"
        }
    }
}

extension VerifyReceiptBody {
    /// The `receipt` object: the fields of `ParsedReceipt` that declare a place, then two undocumented
    /// attributes and the time of the answer at theirs.
    static let receiptLayout = VerifyReceiptLayout(
        ParsedReceipt.fields,
        extras: [
            (5, .undocumentedInteger("download_id", attribute: 15)),
            (6, .undocumentedInteger("version_external_identifier", attribute: 16)),
            (8, .requestDate),
        ])

    /// An object of `in_app` and `latest_receipt_info`.
    static let purchaseLayout = VerifyReceiptLayout(InAppPurchase.fields, extras: [])

    /// The keys of the `receipt` object that are no field's name: a member Apple repeats first under
    /// another key (`adam_id`), and the members no field declares.
    static var receiptKeysOfNoField: [String] {
        let repeated = ParsedReceipt.fields.compactMap { $0.verifyReceipt?.repeatedFirstAs }
        let extras = receiptLayout.entries.compactMap { place -> StaticString? in
            guard case .extra(let extra) = place.entry else { return nil }
            return extra.key
        }
        return (repeated + extras).map { "\($0)" }
    }
}
