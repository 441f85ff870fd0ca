import ReceiptKit

/// A HistoryResponse of untrusted chains against a genuine one: the hostile body must cost at most 2x.
extension ReceiptBench {
    /// The hostile body's cost over the genuine one's, by rate and, with valgrind, in instructions.
    static func hostileResponseRows(cli: String, into table: inout BenchTable) throws -> (
        inProcess: Double, instructions: Double?
    ) {
        let bodies = try HostileResponse()
        let root = try Certificate(der: bodies.pki.root.certificateDER)
        let validator = try ReceiptValidator(policy: .custom(roots: [root]))
        let genuineReport = validator.validate(bodies.genuine, input: "genuine")
        guard genuineReport.status == .valid else {
            throw BenchError("the genuine HistoryResponse does not verify: \(genuineReport.message ?? "?")")
        }
        guard validator.validate(bodies.hostile, input: "hostile").reason == .untrustedChain else {
            throw BenchError("the hostile HistoryResponse is not refused for its chains")
        }
        let count = HostileResponse.elementCount
        let kilobytes = "\(bodies.genuine.count / 1024) KB, \(bodies.hostile.count / 1024) KB"
        let genuineRate = Clock.rate(seconds: 1.5) { _ = validator.validate(bodies.genuine, input: "genuine") }
        let hostileRate = Clock.rate(seconds: 1.5) { _ = validator.validate(bodies.hostile, input: "hostile") }
        table.row("HistoryResponse of \(count) elements, one trusted chain, in process", genuineRate)
        table.row("HistoryResponse of \(count) elements, each its own untrusted chain, in process", hostileRate)
        table.note("the two HistoryResponse bodies: \(kilobytes)")
        guard InstructionCounts.available else { return (genuineRate / hostileRate, nil) }
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.write(bodies.pki.root.certificatePEM, to: "root.pem")
        try workspace.write(bodies.genuine, to: "genuine.json")
        try workspace.write(bodies.hostile, to: "hostile.json")
        let command = [cli, "verify", "--json", "--root", workspace.path("root.pem")]
        let genuine = try InstructionCounts.count(command + [workspace.path("genuine.json")])
        let hostile = try InstructionCounts.count(command + [workspace.path("hostile.json")])
        table.note(
            "HistoryResponse of \(count) elements through receipt-check verify --json (callgrind): genuine "
                + "\(fixed(genuine / 1e6, 1)) M, hostile \(fixed(hostile / 1e6, 1)) M instructions, "
                + "\(fixed(hostile / genuine, 2))x")
        return (genuineRate / hostileRate, hostile / genuine)
    }

    static func hostileResponseTarget(_ cost: (inProcess: Double, instructions: Double?)) {
        let instructions = cost.instructions.map { ", \(fixed($0, 2))x in instructions through the CLI" } ?? ""
        target(
            "a HistoryResponse of untrusted chains costs at most 2x a genuine one of as many elements",
            cost.inProcess <= 2 && (cost.instructions ?? 0) <= 2,
            "\(fixed(cost.inProcess, 2))x in process\(instructions)")
    }
}
