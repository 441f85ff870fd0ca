/// One state model for the summary and the rules, read from the code of `subscription "X" active`.
extension RuleEvaluator {
    /// The state of `status`'s product as the rule `subscription "X" active` sees it at `time`.
    func state(of status: SubscriptionStatus) -> SubscriptionStatus.State {
        switch evaluate(.subscriptionActive(status.productID)).code {
        case .ruleSatisfied: .active
        case .inGracePeriod: .inGracePeriod
        case .tooOldForMaxAge: .stale
        case .billingRetry: .billingRetry
        case .expired: .expired
        case .refunded: .refunded
        case .revoked: .revoked
        case .upgraded: .upgraded
        case .notStarted, .notPurchased: .notStarted
        // The rule gives no other code; should it, the periods' own state is shown.
        default: status.state
        }
    }

    /// Whether a renewal info within the age limit says Apple is retrying the product's billing.
    func inBillingRetry(_ product: String) -> Bool {
        facts.renewals.contains {
            String.identical($0.productID, product) && $0.isInBillingRetry == true && !isStale($0.snapshotDate)
        }
    }
}
