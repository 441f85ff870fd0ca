import ReceiptKit

/// `help rules` and the man page's RULE LANGUAGE: prose and grammar, operators and fields, limits, recipes.
extension HelpTopic {
    static var ruleBlocks: [HelpBlock] {
        var blocks: [HelpBlock] = [.prose(ManPageText.rules), .verbatim(ManPageText.ruleGrammar)]
        blocks.append(
            .prose("Operators: " + ComparisonOperator.allCases.map(\.rawValue).joined(separator: " ") + ". Fields:"))
        for field in RuleField.allCases {
            let value: String
            switch field.kind {
            case .version: value = "a version, bare (42, 1.10) or quoted (\"3.3.1b4\"), compared component by component"
            case .date: value = "a date, 2024-01-01 (midnight UTC) or RFC 3339"
            case .environment: value = "production, sandbox, xcode or unknown; == and != only"
            case .string where field == .appAccountToken:
                value =
                    "a transaction's appAccountToken, a quoted UUID or a string fact (account_id), compared without"
                    + " case; == and != only; like ownership, beside product or subscription in one and it narrows"
                    + " them to the transactions it holds for, and elsewhere holds only when every transaction agrees"
            case .string: value = "a quoted string (\\\" and \\\\ are the escapes); == and != only"
            case .ownership:
                value =
                    "purchased or family_shared (a transaction's inAppOwnershipType); == and != only; beside product or"
                    + " subscription in one and, it narrows them to the transactions it holds for; elsewhere it holds"
                    + " only when every transaction agrees, and is unknown when they differ"
            case .writtenString:
                value =
                    "a quoted string, one of an Advanced Commerce transaction's items' SKUs (advancedCommerceInfo);"
                    + " == holds for a transaction that bought that item, != for one that did not; == and != only;"
                    + " like ownership, beside product or subscription in one and it narrows them to the transactions"
                    + " it holds for; a transaction without items leaves it unknown"
            case .integer:
                value =
                    "a whole number, a transaction's commitment billingPeriodNumber (the billing period of its"
                    + " commitment term it pays for, from 1); per transaction like sku; a transaction without"
                    + " commitmentInfo leaves it unknown"
            }
            blocks.append(.term(field.rawValue, value + "."))
        }
        blocks.append(.prose(ManPageText.ruleLimits(depth: RuleSet.maximumNesting)))
        blocks.append(.prose(ruleRecipesIntroduction))
        blocks.append(.verbatim(ruleRecipes))
        return blocks
    }

    static let ruleRecipesIntroduction = """
        Recipes, one rules file for --rules (a # starts a comment, on a line of its own or after a rule; docs/paywall.md and \
        examples/paywall/ show them at work):
        """

    /// Every rule here parses: a test reads them with `--rules`.
    static let ruleRecipes = """
        # Premium for a subscriber of either plan, or of any plan of the group.
        premium: subscription "com.example.app.monthly" active
        premium: subscription "com.example.app.yearly" active
        premium: subscription group "21482456" active
        # Grandfathering: who first downloaded the app before it went freemium keeps Pro.
        pro: original_application_version < ios:42 macos:2.0
        pro: product "com.example.app.pro"
        pro: product "com.example.app.pro.year" for P1Y
        # A Pro feature, with the message the app shows in its place.
        pro.export: entitled pro | "Export is a Pro feature."
        # A daily free quota the app counts and passes as a fact: --fact free_reads=N.
        read_post: entitled premium or free_reads > 0 | "Subscribe to keep reading."
        # Bought by this customer, not shared by a family member.
        owner: product "com.example.app.pro" and ownership == purchased
        # A trial paywall: --trial-days 7 --reminder-days 2 gives the offer's days.
        trial: subscription "com.example.app.yearly" active | "Start your free trial."
        """
}
