/// A member of Apple's verifyReceipt body that a receipt field is written as, and when; its place is its
/// place in its object's list. The endpoint is frozen, so newer fields have none.
struct VerifyReceiptMember<Model>: Sendable {
    /// The key of the model field written, which is also the member's key.
    let key: StaticString
    let presence: Presence
    /// The keys written: `key`, after the one Apple writes the same value under just before it (`adam_id`).
    let keys: [StaticString]

    /// When the member is written.
    enum Presence: Sendable {
        /// When the field is present.
        case present
        /// When present and neither zero nor empty, as Apple leaves those out.
        case nonZero
        /// Always, `false` when the field is absent (`is_trial_period`).
        case always
        /// When present; in `latest_receipt_info` also as `false` where `holds`, as Apple writes it there.
        case presentOrFalseInLatestInfo(where: @Sendable (Model) -> Bool)
    }
}
