import Foundation
import Testing

/// examples/ci/github-actions.yml builds receipt-check the way the project's own CI does, so the
/// example is proven by every CI run: same container, same checkout action, same packages.
struct WorkflowExampleTests {
    static func lines(_ relative: String) throws -> [String] {
        try Project.file(relative).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    static func values(_ lines: [String], after key: String) -> Set<String> {
        Set(
            lines.compactMap { line in
                guard line.hasPrefix(key) else { return nil }
                let value = line.dropFirst(key.count).split(separator: "#").first ?? ""
                return value.trimmingCharacters(in: .whitespaces)
            })
    }

    /// The packages of an `apt-get update && apt-get install -y ... PACKAGES` line.
    static func packages(_ line: String) -> Set<String> {
        guard let install = line.range(of: "apt-get install ") else { return [] }
        return Set(line[install.upperBound...].split(separator: " ").map(String.init).filter { !$0.hasPrefix("-") })
    }

    @Test func theExampleBuildsAsTheProjectsCIDoes() throws {
        let ci = try Self.lines(".github/workflows/ci.yml")
        let example = try Self.lines("examples/ci/github-actions.yml")

        let containers = Self.values(ci, after: "container:")
        #expect(containers.count == 1, "the CI jobs disagree on the container: \(containers)")
        #expect(Self.values(example, after: "container:") == containers)

        let checkout = Self.values(ci, after: "- uses: actions/checkout@")
        #expect(checkout.count == 1, "\(checkout)")
        #expect(Self.values(example, after: "- uses: actions/checkout@") == checkout)

        // The example installs what building needs; the CI jobs that also, and make.
        let ciInstalls = Self.values(ci, after: "- run: apt-get ").map(Self.packages)
        let install = Self.values(example, after: "- run: apt-get ").map(Self.packages)
        #expect(install.count == 1 && Set(ciInstalls).count == 1, "\(install) \(ciInstalls)")
        let packages = install.first ?? []
        #expect(packages.isSuperset(of: ["libssl-dev", "pkg-config"]), "\(packages)")
        #expect(ciInstalls.allSatisfy { packages.isSubset(of: $0) }, "\(packages) \(ciInstalls)")
    }

    @Test func theExampleRunsTheCheckScriptThatShips() throws {
        let example = try Self.lines("examples/ci/github-actions.yml")
        #expect(example.contains { $0.hasPrefix("- run: examples/ci/check.sh ") })
        #expect(
            FileManager.default.isExecutableFile(
                atPath: Project.root.appendingPathComponent("examples/ci/check.sh").path))
    }
}
