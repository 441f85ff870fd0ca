import Foundation
import TestSupport
import Testing

@testable import ReceiptKit

/// The `receipt` and `purchase` definitions of schema/verifyreceipt.schema.json are generated from what the
/// receipt models' fields declare of the verifyReceipt body: `make schema` writes them, and this fails
/// when the file is stale.
@Suite struct VerifyReceiptSchemaTests {
    static let schema = SharedData.packageRoot.appendingPathComponent("schema/verifyreceipt.schema.json")

    @Test func theSchemaDefinesTheBodyAsTheFieldsDo() throws {
        try PayloadSchemaTests.expectDefinitions(Self.definitions(), in: Self.schema)
    }

    /// A member written always is required, and a date is its three members.
    @Test func requiredMembersAndDatesFollowTheDeclarations() throws {
        let purchase = try JSONParser.parse(
            Array(Self.definition(VerifyReceiptBody.purchaseLayout, InAppPurchase.fields, numbersAsText: true).utf8))
        #expect(PayloadSchemaTests.member(["required"], of: purchase) == .array([.string("is_trial_period")]))
        let receipt = try JSONParser.parse(
            Array(Self.definition(VerifyReceiptBody.receiptLayout, ParsedReceipt.fields, numbersAsText: false).utf8))
        #expect(
            PayloadSchemaTests.member(["required"], of: receipt)
                == .array(["request_date", "request_date_ms", "request_date_pst", "in_app"].map(JSONValue.string)))
        #expect(
            PayloadSchemaTests.member(
                [
                    "patternProperties",
                    "^(receipt_creation_date|request_date|original_purchase_date|expiration_date)_ms$",
                ], of: receipt)
                == .object(["$ref": .string("#/$defs/milliseconds")]))
    }

    /// `{"receipt": ..., "purchase": ...}`.
    static func definitions() -> String {
        let receipt = definition(VerifyReceiptBody.receiptLayout, ParsedReceipt.fields, numbersAsText: false)
        let purchase = definition(VerifyReceiptBody.purchaseLayout, InAppPurchase.fields, numbersAsText: true)
        return #"{"receipt":\#(receipt),"purchase":\#(purchase)}"#
    }

    /// One object of the body: its members in Apple's order, each typed as the body writes its kind.
    static func definition<Model>(
        _ layout: VerifyReceiptLayout<Model>, _ fields: [ModelField<Model>], numbersAsText: Bool
    ) -> String {
        var properties: [String] = []
        var required: [String] = []
        var dates: [String] = []
        let integer = numbersAsText ? #"{"type":"string","pattern":"^[0-9]+$"}"# : #"{"type":"integer","minimum":0}"#
        for entry in layout.entries {
            switch entry {
            case .field(let index, let declared):
                let field = fields[index]
                let keys = declared.keys.map(\.description)
                let type: String?
                switch field.setter {
                case .integer?: type = integer
                case .string?: type = #"{"type":"string"}"#
                case .boolean?: type = #"{"enum":["true","false"]}"#
                case .purchases?: type = ##"{"type":"array","items":{"$ref":"#/$defs/purchase"}}"##
                case .date?:
                    type = nil
                    dates += keys
                default:
                    Issue.record("\(Model.self).\(field.name): a kind the body does not write")
                    type = nil
                }
                if let type { properties += keys.map { "\(PayloadSchemaTests.quoted($0)):\(type)" } }
                if case .always = declared.presence { required += keys }
                if case .purchases? = field.setter { required += keys }
            case .extra(.requestDate):
                dates.append("request_date")
                required += ["request_date", "request_date_ms", "request_date_pst"]
            }
        }
        let names = dates.joined(separator: "|")
        let patterns = [("", "gmt"), ("_ms", "milliseconds"), ("_pst", "pacific")].map { suffix, definition in
            ##""^(\##(names))\##(suffix)$":{"$ref":"#/$defs/\##(definition)"}"##
        }
        return #"{"type":"object","required":[\#(required.map(PayloadSchemaTests.quoted).joined(separator: ","))],"#
            + #""additionalProperties":false,"properties":{\#(properties.joined(separator: ","))},"#
            + #""patternProperties":{\#(patterns.joined(separator: ","))}}"#
    }
}
