import Foundation
import Testing

/// The published JSON Schema (schema/report.schema.json) must describe what the binary prints.
@Suite(.timeLimit(.minutes(5))) struct ReportSchemaTests {
    static var schema: [String: Any] {
        let url = CLI.packageRoot.appendingPathComponent("schema/report.schema.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
    }

    /// A small checker for the schema keywords the report schema uses: $ref, type, enum,
    /// properties, required, additionalProperties, patternProperties (digits only), items.
    private func check(_ value: Any, against node: [String: Any], at path: String, problems: inout [String]) {
        if let reference = node["$ref"] as? String {
            let name = reference.replacingOccurrences(of: "#/$defs/", with: "")
            guard let definitions = Self.schema["$defs"] as? [String: Any],
                let target = definitions[name] as? [String: Any]
            else {
                problems.append("\(path): unresolved \(reference)")
                return
            }
            check(value, against: target, at: path, problems: &problems)
            return
        }
        if let allowed = node["enum"] as? [String] {
            if let text = value as? String, !allowed.contains(text) {
                problems.append("\(path): '\(text)' not in enum")
            }
            return
        }
        if let object = value as? [String: Any] {
            let properties = node["properties"] as? [String: Any] ?? [:]
            for required in node["required"] as? [String] ?? [] where object[required] == nil {
                problems.append("\(path): missing required '\(required)'")
            }
            for (key, member) in object {
                if let property = properties[key] as? [String: Any] {
                    check(member, against: property, at: "\(path).\(key)", problems: &problems)
                } else if let patterns = node["patternProperties"] as? [String: Any],
                    let pattern = patterns.values.first as? [String: Any], key.allSatisfy(\.isNumber)
                {
                    check(member, against: pattern, at: "\(path).\(key)", problems: &problems)
                } else if node["additionalProperties"] as? Bool == false {
                    problems.append("\(path): key '\(key)' is not in the schema")
                }
            }
            return
        }
        if let array = value as? [Any], let items = node["items"] as? [String: Any] {
            for (index, item) in array.enumerated() {
                check(item, against: items, at: "\(path)[\(index)]", problems: &problems)
            }
        }
    }

    @Test func everyCorpusReportMatchesTheSchema() throws {
        #expect(!Self.schema.isEmpty, "schema/report.schema.json is missing or not JSON")
        let directory = CLI.corpus.appendingPathComponent("receipts")
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            Issue.record("RECEIPT CORPUS NOT FOUND: \(directory.path); set RECEIPT_CORPUS")
            return
        }
        let paths = files.filter { $0.hasSuffix(".receipt") }.sorted().map { directory.appendingPathComponent($0).path }
        #expect(paths.count == 48)
        for path in paths {
            let result = try CLI.run(["inspect", "--json", path])
            let object = try #require(result.json, "\(path): \(result.stdout.prefix(200))")
            var problems: [String] = []
            check(object, against: Self.schema, at: "$", problems: &problems)
            #expect(problems.isEmpty, "\(path): \(problems.prefix(5))")
        }
    }

    @Test func ruleResultsMatchTheSchema() throws {
        for name in ["tpinapp-11", "appreceiptvalidator-6", "tpinapp-7"] {
            guard let path = CLI.corpusFile("receipts/\(name).receipt") else { return }
            let result = try CLI.run([
                "inspect", "--json", "--rule", "premium: original_application_version < 42", "--now", "2019-09-30",
                path,
            ])
            let object = try #require(result.json, "\(path): \(result.stderr)")
            #expect(object["entitlements"] != nil && object["subscriptions"] != nil)
            var problems: [String] = []
            check(object, against: Self.schema, at: "$", problems: &problems)
            #expect(problems.isEmpty, "\(path): \(problems.prefix(5))")
        }
    }

    @Test func schemaAndReadmeListEveryReasonCode() throws {
        let definitions = try #require(Self.schema["$defs"] as? [String: Any])
        let reasons = try #require((definitions["reason"] as? [String: Any])?["enum"] as? [String])
        let source = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("Sources/ReceiptKit/Validation/ReasonCode.swift"),
            encoding: .utf8)
        let declared = source.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("case "), let start = line.firstIndex(of: "\"") else { return nil }
            return String(line[line.index(after: start)...].prefix { $0 != "\"" })
        }
        #expect(Set(declared) == Set(reasons))
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for reason in declared {
            #expect(readme.contains("`\(reason)`"), "README does not document reason code \(reason)")
        }
    }
}
