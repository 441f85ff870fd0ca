import ReceiptKit

/// The written part of the man page's RULE LANGUAGE section (guides: docs/paywall.md, docs/grandfathering.md).
extension ManPageText {
    static let rules = """
        verify and inspect evaluate entitlement rules (--rule, --rules) after verifying a receipt, and \
        never grant anything from a receipt that failed verification. Several rules for one entitlement: \
        any satisfied rule grants it. Each entitlement is granted, denied (the input shows the rules do not \
        hold) or unknown (the input cannot tell: it is older than --max-age, or lacks a field, fact or \
        platform the rule reads; ask Apple again); the JSON says which in decision, beside granted (true \
        only when granted), and why in reason_code, one of \(DecisionReason.allCases.map(\.rawValue).joined(separator: ", ")). \
        With --require NAME, verify exits 0 when the valid receipt is granted NAME, 1 when it is denied \
        and 3 when it is unknown (a denial wins over an unknown among several). On verify, --rule, --rules and --require need --bundle-id (exit 64 without): an \
        Apple-signed receipt or JWS of any other app would otherwise be granted; inspect evaluates rules \
        without it to show them but grants nothing, and reports "bound_to_app": false with a warning. The \
        original application version of \
        a sandbox, TestFlight or Xcode input is unknown unless --environment names that environment. \
        entitled NAME reads another entitlement's outcome; entitlements are decided in dependency order, \
        and a reference to an undefined entitlement or a cycle is a usage error (exit 64) naming it. A \
        FACT is a lowercase snake_case name the app gives with --fact NAME=VALUE or --facts FILE (a \
        number, true or false, a date, or a string); it may not be the name of a field Apple signs. On \
        verify, a rule reading a fact not given, or given as another kind, is a usage error. | "text" \
        after a condition is the message shown when the entitlement is not granted (JSON: message). \
        --trial-days N gives an input without a subscription the days of an N-day trial taken at --now \
        (trial_offer: start, reminder, end); a subscription in its trial carries trial_timeline. \
        always holds for every input that passed verification (one that failed is granted nothing); \
        never holds for none; true and false are fact values, not conditions. Two facts compared must be given \
        as one kind, and strings and booleans compare with == and != only; a fact compared with a field \
        is a date for original_purchase_date, receipt_creation_date and preorder_date, a string for \
        bundle_id, receipt_type, original_platform and app_account_token (subscription "X" active and \
        app_account_token == account_id: X bought for this account); versions, environment, ownership, sku (an \
        Advanced Commerce transaction's items' SKUs, per transaction like ownership) and \
        commitment_billing_period (a commitment's billingPeriodNumber, per transaction, any operator) compare \
        only with values written in the rule. A side that is missing or of another kind leaves the comparison \
        unknown (not satisfied); verify refuses such facts before deciding (exit 64).
        """

    static let ruleGrammar = """
        rule       := NAME ":" condition ["|" STRING]    NAME: letters, digits, _ . -;
                                                        STRING: shown when not granted
        condition  := and ("or" and)*
        and        := unary ("and" unary)*
        unary      := "not" unary | "(" condition ")" | primary
        primary    := FIELD OP VALUE
                    | FIELD OP PLATFORM ":" VERSION ... one threshold per platform (ios:42 macos:2.0)
                    | "product" STRING ["for" TERM]      a purchase made by --now, not refunded by then
                    | "subscription" STRING "active"     a period with purchase <= now < expires, not
                                                        cancelled by now, or its billing grace period
                    | "subscription" STRING "in_grace"   lapsed, in the grace period of its renewal info
                    | "subscription" "group" STRING "active"   any subscription of the group is active
                    | "entitled" NAME                    the outcome of another entitlement
                    | FACT OP LITERAL                    a fact the app gives (--fact, --facts)
                    | FACT OP FACT                       two facts of one kind (post_author == reader_id)
                    | FACT OP FIELD | FIELD OP FACT      a date field and a date fact, or a string
                                                        field and a string fact (== and != only)
                    | "always" | "never"                 holds for every verified input, or for none
        FACT       := lowercase snake_case, not a field name or a word of the language
        LITERAL    := number | true | false | date | STRING
        comment    := "#" outside a STRING, to the end of the line (after a rule, or a line alone)
        """

    static func ruleLimits(depth: Int) -> String {
        """
        not binds tighter than and, which binds tighter than or. product is a purchase of the product \
        made by --now (5 minutes of clock skew allowed) and not refunded by then; it is unknown for an \
        auto-renewable subscription (use subscription ... active) and for a consumable; product ... for \
        TERM holds a non-renewing subscription for an ISO 8601 term (P1Y, P6M, P30D). subscription ... \
        active is a period with purchase <= now < expires, not cancelled by then. Parentheses and not nest at most \(depth) levels. A comparison on a field the \
        receipt lacks is unknown, and a rule whose outcome is unknown is not satisfied (not keeps it \
        unknown). On iOS field 19 (original_application_version) is the build number of the first \
        download, on macOS the marketing version: say which with --platform. An AppTransaction's \
        originalPlatform says which for it; without --platform that is warned about, since a plain \
        threshold is then read as the input's platform whatever it was written for; where --platform \
        names another, a plain threshold is unknown and only the per-platform form (< ios:42 macos:2.0) \
        decides. Sandbox and TestFlight receipts always \
        say 1.0.
        """
    }
}
