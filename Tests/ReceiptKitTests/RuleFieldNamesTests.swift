import Testing

@testable import ReceiptKit

/// The rule language's field names come from the model fields that declare them, once each.
@Suite struct RuleFieldNamesTests {
    /// Each rule field is declared by exactly one model field, and its name reads back as itself.
    @Test func everyRuleFieldIsDeclaredOnce() {
        for field in RuleField.allCases {
            #expect(RuleFieldNames.declared.filter { $0.field == field }.count == 1, "\(field)")
            #expect(RuleField(rawValue: field.rawValue) == field, "\(field)")
        }
        #expect(RuleField(rawValue: "originalApplicationVersion") == nil)
        #expect(RuleField(rawValue: "") == nil)
    }

    /// A declaration names a field of its model or nothing: a misspelt key never becomes a rule field's name.
    @Test func aKeyNoFieldHasNamesNoRuleField() {
        #expect(RuleName.field(.bundleID, is: "bundle_id", of: ParsedReceipt.fields)?.name.description == "bundle_id")
        #expect(RuleName.field(.bundleID, is: "bundleID", of: ParsedReceipt.fields) == nil)
        #expect(RuleName.field(.ownership, is: "ownership", of: JWSTransaction.fields, as: "ownership") == nil)
    }

    /// The names rule files use are a contract: deriving them must not rename one.
    @Test func theNamesAreTheLanguagesOwn() {
        #expect(
            RuleField.allCases.map(\.rawValue) == [
                "original_application_version", "application_version", "original_purchase_date",
                "receipt_creation_date", "environment", "bundle_id", "receipt_type", "preorder_date",
                "original_platform", "ownership", "app_account_token", "sku", "commitment_billing_period",
            ])
        #expect(RuleField.originalApplicationVersion.label == "original application version")
        #expect(RuleField.bundleID.label == "bundle id")
    }
}
