/// Where and when Apple's verifyReceipt body writes a receipt field, declared with the field so that the
/// body's members follow from the field lists.
///
/// A field without one is not in the body: the endpoint is frozen, and a field Apple adds to receipts
/// never became a member of its bodies.
package struct VerifyReceiptMember<Model>: Sendable {
    /// The member's place in its object, counted from 1 in Apple's order, which is neither the report's
    /// (sorted by key) nor the attributes'.
    let place: Int
    let presence: Presence
    /// A key Apple writes the same value under just before this one (`adam_id`, before `app_item_id`).
    let repeatedFirstAs: StaticString?

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

    /// The member at `place`, written as `presence` says.
    static func at(_ place: Int, _ presence: Presence = .present) -> Self {
        Self(place: place, presence: presence, repeatedFirstAs: nil)
    }

    /// The member at `place`, its value written first under `alias` too.
    static func at(_ place: Int, repeatedFirstAs alias: StaticString) -> Self {
        Self(place: place, presence: .present, repeatedFirstAs: alias)
    }
}
