import Foundation
import TestSupport
import Testing

@testable import ReceiptKit

/// The `receipt` and `in_app` definitions of schema/report.schema.json are generated from the receipt
/// models' field lists: `make schema` writes them, and this fails when the file is stale.
@Suite struct PayloadSchemaTests {
    static let schema = SharedData.packageRoot.appendingPathComponent("schema/report.schema.json")

    @Test func theSchemaDefinesTheReceiptModelsAsTheirFieldsDo() throws {
        try Self.expectDefinitions(Self.definitions(), in: Self.schema)
    }

    /// Each definition `generated` holds (`{"name": definition, ...}`) equals the `$defs` entry of that name
    /// in `schema`, as JSON; under `make schema` (RECEIPT_CHECK_WRITE_SCHEMA=1) they are written there first.
    static func expectDefinitions(
        _ generated: String, in schema: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if ProcessInfo.processInfo.environment["RECEIPT_CHECK_WRITE_SCHEMA"] == "1" {
            try write(generated, into: schema)
        }
        let file = try JSONParser.parse(Array(try Data(contentsOf: schema)))
        guard case .object(let definitions) = try JSONParser.parse(Array(generated.utf8)), !definitions.isEmpty
        else {
            Issue.record("no definitions generated", sourceLocation: sourceLocation)
            return
        }
        for (name, definition) in definitions {
            #expect(
                member(["$defs", name], of: file) == definition,
                "schema/\(schema.lastPathComponent): $defs/\(name) is not what the fields declare; run `make schema`",
                sourceLocation: sourceLocation)
        }
    }

    /// A field of each kind is described as its kind is written; the always-written ones are required.
    @Test func eachKindHasItsSchema() throws {
        let receipt = try JSONParser.parse(Array(Self.definition(ParsedReceipt.self).utf8))
        guard case .object(let members) = receipt, case .object(let properties)? = members["properties"] else {
            Issue.record("not an object with properties")
            return
        }
        #expect(
            properties["expiration_date"]
                == .object([
                    "type": .string("string"), "format": .string("date-time"),
                    "description": .string("RFC 3339, UTC"),
                ]))
        #expect(properties["app_item_id"] == .object(["type": .string("integer")]))
        #expect(
            members["required"] == .array([.string("environment"), .string("in_app"), .string("unknown_attributes")]))
    }

    /// The value at `path` of nested objects.
    static func member(_ path: [String], of value: JSONValue) -> JSONValue? {
        var current = value
        for name in path {
            guard case .object(let members) = current, let next = members[name] else { return nil }
            current = next
        }
        return current
    }

    /// `{"receipt": ..., "in_app": ...}`, each definition's members in the order the file shows them.
    static func definitions() -> String {
        #"{"receipt":\#(definition(ParsedReceipt.self)),"in_app":\#(definition(InAppPurchase.self))}"#
    }

    static func definition<Model: ReceiptFieldModel>(_ model: Model.Type) -> String {
        var properties: [String] = []
        var required: [String] = []
        for field in Model.fields {
            var members: [String]
            switch field.setter {
            case .integer?: members = [#""type":"integer""#]
            case .string?: members = [#""type":"string""#]
            case .boolean?: members = [#""type":"boolean""#]
            case .date?: members = [#""type":"string""#, #""format":"date-time""#, #""description":"RFC 3339, UTC""#]
            case .octets?: members = hex
            case .purchases?:
                members = [#""type":"array""#, ##""items":{"$ref":"#/$defs/in_app"}"##]
                required.append(field.name)
            case .undocumented?:
                members = [
                    #""type":"object""#,
                    #""description":"undocumented attributes by type number: raw value octets as hex, in input order""#,
                    #""patternProperties":{"^[0-9]+$":{"type":"array","items":{\#(hex.joined(separator: ","))}}}"#,
                    #""additionalProperties":false"#,
                ]
                required.append(field.name)
            case .derived(let values)?:
                members = [#""enum":[\#(values.map(quoted).joined(separator: ","))]"#]
                required.append(field.name)
            case nil:
                Issue.record("\(Model.self).\(field.name): a receipt field without a setter")
                members = []
            }
            if let minimum = field.minimum { members.append(#""minimum":\#(minimum)"#) }
            if let description = field.description { members.append(#""description":\#(quoted(description))"#) }
            properties.append("\(quoted(field.name)):{\(members.joined(separator: ","))}")
        }
        return #"{"type":"object","additionalProperties":false,"properties":{\#(properties.joined(separator: ","))},"#
            + #""required":[\#(required.map(quoted).joined(separator: ","))]}"#
    }

    static let hex = [
        #""type":"string""#, #""pattern":"^([0-9a-f]{2})*$""#, #""description":"bytes as lowercase hex""#,
    ]

    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONString.append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `make schema`: the definitions into the file, through Scripts/write-schema-definitions.py.
    static func write(_ definitions: String, into schema: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", SharedData.packageRoot.appendingPathComponent("Scripts/write-schema-definitions.py").path,
            schema.path,
        ]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(definitions.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "Scripts/write-schema-definitions.py failed")
    }
}
