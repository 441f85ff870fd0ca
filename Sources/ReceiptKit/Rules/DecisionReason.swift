/// Why an entitlement was decided as it was, as stable codes in the JSON contract: never rename one.
public enum DecisionReason: String, Sendable, Equatable, CaseIterable, Encodable {
    // Granted.
    /// A rule holds.
    case ruleSatisfied = "rule_satisfied"
    /// A rule holds because the lapsed subscription is in Apple's billing grace period.
    case inGracePeriod = "in_grace_period"

    // Unknown: the input cannot tell; a fresher one from Apple, or what the run did not give, can.
    /// The input (or the copy that decides) is older than the age limit (`--max-age`).
    case tooOldForMaxAge = "too_old_for_max_age"
    /// The input lacks a field the rule reads (a receipt without field 19, a transaction without ownership).
    case fieldMissing = "field_missing"
    /// The rule reads an app fact that was not given, or was given of another kind.
    case factMissing = "fact_missing"
    /// Which platform an original application version comes from is not known, or disagrees with the run's.
    case platformUnknown = "platform_unknown"
    /// A sandbox or Xcode input, whose original application version is never a customer's.
    case testEnvironmentVersion = "test_environment_version"
    /// The app purchase itself was refunded: nothing is read from it.
    case appRefunded = "app_refunded"
    /// Transactions disagree (ownership, app account token) and the rule names no product to pick one.
    case ambiguousTransactions = "ambiguous_transactions"
    /// A value is not a version, or two values of different kinds are compared.
    case notComparable = "not_comparable"
    /// `product` names a subscription or a consumable, which a purchase cannot show held.
    case wrongProductKind = "wrong_product_kind"
    /// `entitled NAME` reads an entitlement that is unknown itself, or that no rule decides.
    case entitlementUnknown = "entitlement_unknown"

    // Denied: the input shows it.
    /// A comparison of the rule does not hold (a version at or over the threshold, a fact, a date).
    case conditionNotMet = "condition_not_met"
    /// No purchase or subscription period of the product.
    case notPurchased = "not_purchased"
    /// The purchase or subscription starts after the evaluation time.
    case notStarted = "not_started"
    /// The subscription or the purchase's term ended.
    case expired
    /// The subscription ended and Apple is retrying billing, without a grace period.
    case billingRetry = "billing_retry"
    /// The purchase or subscription was refunded.
    case refunded
    /// Family Sharing access to it was revoked.
    case revoked
    /// The subscription was upgraded to another product.
    case upgraded
    /// The subscription is not in a billing grace period (`in_grace`).
    case notInGracePeriod = "not_in_grace_period"
    /// `entitled NAME` reads an entitlement that was not granted.
    case entitlementDenied = "entitlement_denied"
    /// The entitlement depends on itself through others.
    case entitlementCycle = "entitlement_cycle"
    /// The receipt itself expired (field 21, a volume purchase license that ended).
    case receiptExpired = "receipt_expired"
    /// Combined inputs are of different customers.
    case customerMismatch = "customer_mismatch"
    /// The input failed verification: nothing it says is read.
    case inputNotValid = "input_not_valid"
    /// The run named no app (`--bundle-id`), so no input can be tied to it.
    case notBoundToApp = "not_bound_to_app"
}
