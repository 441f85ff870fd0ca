/// A member of Apple's verifyReceipt body that a receipt field is written as: the field (by its key), and
/// when it is written. Its place is its place in its object's list (`VerifyReceiptBody.receiptLayout`).
///
/// A field without one is not in the body: the endpoint is frozen, and a field Apple adds to receipts
/// never became a member of its bodies.
struct VerifyReceiptMember<Model>: Sendable {
    /// The key of the model field written, which is also the member's key.
    let key: StaticString
    let presence: Presence
    /// The keys written, in order: `key`, after the one Apple writes the same value under just before it
    /// when there is one (`adam_id`, before `app_item_id`).
    let keys: [StaticString]

    /// When the member is written.
    enum Presence: Sendable {
        /// When the field is present.
        case present
        /// When present and neither zero nor empty: Apple leaves out a non-subscription's zero
        /// `web_order_line_item_id` and an empty `promotional_offer_id`.
        case nonZero
        /// Always, `false` when the field is absent (`is_trial_period`).
        case always
        /// When present; in `latest_receipt_info` also, as `false`, when absent from a purchase for which
        /// `holds` is true: Apple writes `is_in_intro_offer_period` for every subscription there.
        case presentOrFalseInLatestInfo(where: @Sendable (Model) -> Bool)
    }
}
