import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The performance goals in instructions, each with its figure and whether it is met; and the JWS floor.
extension ReceiptBench {
    static func instructionGoals(cli: String, production: String, applePEM: String, createdEpoch: String) throws {
        guard InstructionCounts.available else {
            print("Instruction counts: valgrind is not installed; skipped")
            return
        }
        let bench = executableDirectory() + "/receipt-bench"
        let receipt = try BenchFile.contents(of: production)
        let one = try InstructionCounts.count([cli, "--json", production])
        let openssl = try InstructionCounts.count(opensslVerify(production, caFile: applePEM, at: createdEpoch))
        let inProcess =
            (try InstructionCounts.count([bench, "profile", production, "2001"])
                - InstructionCounts.count([bench, "profile", production, "1"])) / 2000
        let lines = [cli, "verify", "--lines", "--format", "ndjson", "--jobs", "1", "-"]
        let receiptLine = try InstructionCounts.perLine(lines, line: Array(receipt.base64Line().utf8) + [0x0A])
        let transactionLine = try InstructionCounts.perLine(
            lines, line: try jwsLine("jws/apple-signed/gopay-1.jws"))
        let notificationLine = try InstructionCounts.perLine(
            lines, line: try jwsLine("jws/apple-signed/gopay-4.jws"))
        print("Instruction counts (valgrind --tool=callgrind; per line: (201 lines - 1 line) / 200)")
        target(
            "one receipt, whole process (receipt-check --json) <= 0.8x openssl cms -verify", one <= 0.8 * openssl,
            "\(millions(one)) vs \(millions(openssl)), \(fixed(one / openssl, 2))x")
        target(
            "in process, per production receipt <= 0.46 M (C floor 0.42 M)", inProcess <= 0.46e6, millions(inProcess))
        target("CLI, per receipt line <= 0.75 M", receiptLine <= 0.75e6, millions(receiptLine))
        target("CLI, per Apple transaction JWS line <= 1.4 M", transactionLine <= 1.4e6, millions(transactionLine))
        print("  -       CLI, per notification line (two nested JWS): \(millions(notificationLine))")
    }

    /// Verifies per second of ECDSA P-256, from `openssl speed` in this run: the floor of one JWS.
    static func ecdsaFloor() throws -> Double {
        try opensslSpeed("ecdsap256", line: "ecdsa (nistp256)") { $0.contains("ecdsa (nistp256)") }
    }

    /// A corpus JWS as one input line.
    private static func jwsLine(_ relative: String) throws -> [UInt8] {
        var bytes = try BenchFile.contents(of: corpusPath(relative))
        while let last = bytes.last, last == 0x0A || last == 0x0D || last == 0x20 { bytes.removeLast() }
        return bytes + [0x0A]
    }

    private static func millions(_ instructions: Double) -> String {
        "\(fixed(instructions / 1e6, 3)) M"
    }
}
