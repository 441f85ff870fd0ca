import ReceiptKit

/// A value from a fixed set, spelt once: its raw value is what the command line gives, help lists and Apple gets.
protocol OptionChoice: RawRepresentable<String>, CaseIterable, Sendable {}

/// `true` or `false` as an option's value (a flag is given or not; this one says which).
enum BooleanChoice: String, OptionChoice {
    case yes = "true"
    case no = "false"
}

/// `--platform` names a platform by its raw value.
extension Platform: OptionChoice {}

/// `--ownership-type` names the history request's `inAppOwnershipType` as Apple spells it.
extension InAppOwnershipType: OptionChoice {}

/// `sign realtime-alternate-product --billing-plan-type` names the plan as Apple spells it.
extension BillingPlanType: OptionChoice {}
