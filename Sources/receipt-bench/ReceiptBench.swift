import ReceiptKit
import ReceiptKitTesting
import ReceiptSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `make bench`: ReceiptKit against the obvious OpenSSL path and the RSA floor, each rate with its ratios,
/// so that runs on different machines compare by ratio.
@main
enum ReceiptBench {
    static func main() {
        do {
            try run()
        } catch {
            FileHandleless.error("receipt-bench: error: \(error)")
            exit(1)
        }
    }

    /// `receipt-bench profile FILE COUNT`: one receipt validated COUNT times, for callgrind.
    static func profile(_ arguments: [String]) throws {
        guard arguments.count == 2, let count = Int(arguments[1]), count > 0 else {
            throw BenchError("usage: receipt-bench profile FILE COUNT")
        }
        let bytes = try BenchFile.contents(of: arguments[0])
        let validator = try ReceiptValidator(policy: TrustPolicy.apple())
        var valid = 0
        for _ in 0..<count where validator.validate(bytes, input: "profile").status == .valid {
            valid += 1
        }
        print("\(valid) of \(count) valid")
    }

    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func run() throws {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "profile" {
            try profile(Array(arguments.dropFirst()))
            return
        }
        let cli = executableDirectory() + "/receipt-check"
        guard FileManager.default.isExecutableFile(atPath: cli) else {
            throw BenchError("\(cli) not found: build it with swift build -c release")
        }
        var table = BenchTable()
        // `receipt-bench hostile`: only the hostile-input rows, ratios against a genuine JWS.
        if arguments.first == "hostile" {
            let hostile = try hostileRows(
                try ReceiptValidator(policy: TrustPolicy.apple()), cli: cli, into: &table, standalone: true)
            print("x baseline: times a genuine JWS in process; x floor: times a genuine JWS line through the CLI")
            print(table.render())
            hostileResponseTarget(hostile.response)
            return
        }
        let workspace = try Workspace()
        defer { workspace.remove() }

        // Production receipt, in process, at its creation date, in turns with the C floor.
        let productionPath = try corpusPath("receipts/tpinapp-11.receipt")
        let production = try BenchFile.contents(of: productionPath)
        let apple = try ReceiptValidator(policy: TrustPolicy.apple())
        let report = apple.validate(production, input: "tpinapp-11")
        guard report.status == .valid, let created = report.receipt?.receiptCreationDate else {
            throw BenchError("the production receipt does not verify: \(report.message ?? "?")")
        }
        let applePEM = workspace.path("apple.pem")
        try workspace.write(Array(AppleRootCertificates.all.map(pem).joined()), to: "apple.pem")
        let alternated = try CFloor(workspace: workspace, roots: applePEM).alternate(productionPath) {
            Clock.rate(seconds: CFloor.seconds) { _ = apple.validate(production, input: "tpinapp-11") }
        }
        let receiptKitRate = alternated.ours
        let floorRatio = CFloor.median(alternated.ratios)
        // `receipt-bench floor`: only these turns, for a quick look at the ratio the target is about.
        if arguments.first == "floor" {
            table.set(baseline: alternated.floor, floor: alternated.floor)
            table.row("ReceiptKit verify+decode, production receipt", receiptKitRate)
            table.row("C floor: pkcs7bench fast, same receipt, in turns", alternated.floor)
            print(table.render() + CFloor.turns(alternated.ratios))
            floorTarget(floorRatio)
            return
        }

        // The obvious OpenSSL path, same receipt, same roots, same time.
        let baseline = try opensslBaselineRate(production, at: created)
        let floor = try rsaFloor()
        table.set(baseline: baseline, floor: floor)
        table.row("OpenSSL d2i_PKCS7 + PKCS7_verify (baseline)", baseline)
        table.row("RSA-2048 verify, openssl speed (floor)", floor)
        table.row("ReceiptKit verify+decode, production receipt", receiptKitRate)
        table.row("C floor: pkcs7bench fast, same receipt, in turns", alternated.floor)
        table.note(CFloor.turns(alternated.ratios))

        // Synthetic receipts with growing in-app lists.
        let synthetic = try SyntheticReceipts()
        let validator = try ReceiptValidator(policy: .custom(roots: [synthetic.root]))
        var rates: [Int: Double] = [:]
        var smallReceipt: [UInt8] = []
        for count in [10, 100, 1_000, 10_000] {
            let bytes = try synthetic.receipt(inApp: count)
            if count == 10 { smallReceipt = bytes }
            let check = validator.validate(bytes, input: "synthetic")
            guard check.status == .valid, check.receipt?.purchases.count == count else {
                throw BenchError("the synthetic \(count)-entry receipt does not verify: \(check.message ?? "?")")
            }
            rates[count] = Clock.rate(seconds: count >= 1_000 ? 2 : 1.5) { _ = validator.validate(bytes, input: "s") }
            table.row("ReceiptKit verify+decode, \(count) in-app entries (\(bytes.count / 1024) KB)", rates[count] ?? 0)
        }
        let perEntry = ((1 / (rates[10_000] ?? 1)) - (1 / (rates[10] ?? 1))) / 9_990 * 1e6
        table.note("per in-app entry at 10,000 entries: \(fixed(perEntry, 2)) us")

        // Whole process: the CLI over 10,000 files with 2 jobs against a loop of openssl processes.
        let rootPEM = workspace.path("root.pem")
        try workspace.write(synthetic.pki.root.certificatePEM, to: "root.pem")
        let directory = workspace.path("files")
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        for index in 0..<10_000 {
            try workspace.write(smallReceipt, to: "files/\(index).receipt")
        }
        let batch = try Subprocess.run([
            cli, "--root", rootPEM, "-r", "--format", "ndjson", "--quiet", "--jobs", "2", directory,
        ])
        guard batch.status == 0 else { throw BenchError("receipt-check over 10,000 files exited \(batch.status)") }
        let cliRate = 10_000 / batch.seconds
        table.row("receipt-check --jobs 2 over 10,000 files (whole process)", cliRate)
        let epoch = String(Int(SyntheticReceipts.created.timeIntervalSince1970))
        let sample = 100
        var opensslSeconds = 0.0
        for index in 0..<sample {
            let outcome = try Subprocess.run(opensslVerify(directory + "/\(index).receipt", caFile: rootPEM, at: epoch))
            guard outcome.status == 0 else { throw BenchError("openssl cms -verify failed on a synthetic receipt") }
            opensslSeconds += outcome.seconds
        }
        table.row(
            "shell loop of openssl cms -verify (\(sample) of 10,000, extrapolated)", Double(sample) / opensslSeconds)

        // A single receipt, whole process.
        let createdEpoch = String(Int(created.timeIntervalSince1970))
        let runs = 41
        var ours: [Double] = []
        var theirs: [Double] = []
        for _ in 0..<runs {
            let run = try Subprocess.run([cli, "--json", productionPath])
            guard run.status == 0 else {
                throw BenchError("receipt-check on the production receipt exited \(run.status)")
            }
            ours.append(run.seconds)
            let other = try Subprocess.run(opensslVerify(productionPath, caFile: applePEM, at: createdEpoch))
            guard other.status == 0 else { throw BenchError("openssl cms -verify rejects the production receipt") }
            theirs.append(other.seconds)
        }
        // Medians: one slow start-up on a shared machine should not decide the comparison.
        let single = ours.sorted()[runs / 2]
        let one = theirs.sorted()[runs / 2]
        table.row("receipt-check --json, one receipt (whole process, median of \(runs))", 1 / single)
        table.row("openssl cms -verify, one receipt (whole process, median)", 1 / one)

        // Peak memory over 100,000 lines.
        let line = Array(smallReceipt.base64Line().utf8) + [0x0A]
        try workspace.write(line, to: "one.line")
        let lines = try Subprocess.run(
            [cli, "--root", rootPEM, "--lines", "--format", "ndjson", "--quiet", "--jobs", "2"],
            feed: { descriptor in
                for _ in 0..<100_000 where Subprocess.writeAll(line, to: descriptor) {}
            })
        guard lines.status == 0 else {
            throw BenchError("receipt-check --lines over 100,000 lines exited \(lines.status)")
        }
        table.row("receipt-check --lines, 100,000 lines, --jobs 2", 100_000 / lines.seconds)
        let peakMB = Double(lines.maxRSSKilobytes) / 1024
        table.note("peak RSS of the 100,000-line run: \(fixed(peakMB, 1)) MB")

        let hostile = try hostileRows(apple, cli: cli, into: &table)
        let ecdsa = try ecdsaFloor()
        table.row("ECDSA P-256 verify, openssl speed (the floor of a JWS)", ecdsa)
        let notification = try BenchFile.contents(of: corpusPath("jws/apple-signed/gopay-4.jws"))
        guard apple.validate(notification, input: "notification").status == .valid else {
            throw BenchError("the Apple-signed notification does not verify")
        }
        let notificationRate = Clock.rate(seconds: 1.5) { _ = apple.validate(notification, input: "n") }
        table.row("ReceiptKit verify+decode, notification with nested JWS", notificationRate)
        table.note(
            "JWS against the ECDSA floor: a transaction \(fixed(hostile.genuine / ecdsa, 2))x, a notification "
                + "(three signatures) \(fixed(notificationRate / ecdsa, 2))x")

        print(table.render())
        print("Targets")
        target(
            "no hostile JWS within the limits costs more than 20x a genuine one (in process and CLI)",
            hostile.inProcess <= 20 && hostile.cli <= 20,
            "\(fixed(hostile.inProcess, 2))x in process, \(fixed(hostile.cli, 2))x through the CLI")
        hostileResponseTarget(hostile.response)
        floorTarget(floorRatio)
        target(
            "in-process production receipt >= 0.5x the RSA floor", receiptKitRate >= 0.5 * floor,
            "\(fixed(receiptKitRate / floor, 2))x")
        target(
            "in-process production receipt >= 15x the obvious path", receiptKitRate >= 15 * baseline,
            "\(fixed(receiptKitRate / baseline, 1))x")
        target("<= 2 us per in-app entry at 10,000", perEntry <= 2, "\(fixed(perEntry, 2)) us")
        let inProcess = rates[10] ?? 0
        target(
            "CLI over 10,000 files, 2 jobs >= single-core in-process rate", cliRate >= inProcess,
            "\(Int(cliRate))/s vs \(Int(inProcess))/s")
        target("--lines, 100,000 inputs, peak RSS < 64 MB", peakMB < 64, "\(fixed(peakMB, 1)) MB")
        target(
            "one receipt, whole process (--json), median <= 1.0x openssl cms -verify", single <= one,
            "\(fixed(single * 1000, 2)) ms vs \(fixed(one * 1000, 2)) ms")
        try instructionGoals(cli: cli, production: productionPath, applePEM: applePEM, createdEpoch: createdEpoch)
    }

    /// The costliest inputs the JSON and JWS limits allow against a genuine transaction, in process and per
    /// line; the worst ratio of each.
    private static func hostileRows(
        _ apple: ReceiptValidator, cli: String, into table: inout BenchTable, standalone: Bool = false
    ) throws -> (inProcess: Double, cli: Double, genuine: Double, response: (inProcess: Double, instructions: Double?))
    {
        let genuinePath = try corpusPath("jws/apple-signed/gopay-1.jws")
        let genuine = try BenchFile.contents(of: genuinePath)
        guard apple.validate(genuine, input: "genuine").status == .valid else {
            throw BenchError("the Apple-signed transaction does not verify")
        }
        let genuineRate = Clock.rate(seconds: 1.5) { _ = apple.validate(genuine, input: "genuine") }
        let genuineLine = try linesRate(cli, genuine)
        if standalone {
            // Alone, the ratio columns are to the genuine JWS: in process and per --lines line.
            table.set(baseline: genuineRate, floor: genuineLine)
        }
        table.row("ReceiptKit verify+decode, Apple-signed transaction JWS", genuineRate)
        table.row("receipt-check --lines --jobs 1, Apple-signed transaction JWS", genuineLine)
        var worst = (inProcess: 0.0, cli: 0.0, name: "", cliName: "")
        for input in try HostileJWS().inputs {
            let rate = Clock.rate(seconds: 0.5) { _ = apple.validate(input.bytes, input: "hostile") }
            table.row("hostile JWS, in process: \(input.name)", rate)
            let line = try linesRate(cli, input.bytes)
            table.row("hostile JWS, --lines: \(input.name)", line)
            if genuineRate / rate > worst.inProcess { (worst.inProcess, worst.name) = (genuineRate / rate, input.name) }
            if genuineLine / line > worst.cli { (worst.cli, worst.cliName) = (genuineLine / line, input.name) }
        }
        table.note("costliest hostile JWS in process: \(worst.name), \(fixed(worst.inProcess, 2))x a genuine one")
        table.note("costliest hostile JWS through the CLI: \(worst.cliName), \(fixed(worst.cli, 2))x a genuine one")
        let response = try hostileResponseRows(cli: cli, into: &table)
        return (worst.inProcess, worst.cli, genuineRate, response)
    }

    /// Lines per second through `--lines --jobs 1`: (401 lines - 1 line) / 400, so start-up cancels out.
    private static func linesRate(_ cli: String, _ input: [UInt8]) throws -> Double {
        let line = input + [0x0A]
        var seconds: [Int: Double] = [:]
        for count in [1, 401] {
            let outcome = try Subprocess.run(
                [cli, "--lines", "--format", "ndjson", "--quiet", "--jobs", "1"],
                feed: { descriptor in
                    for _ in 0..<count where Subprocess.writeAll(line, to: descriptor) {}
                })
            // 2 (invalid) is the expected verdict of every hostile line; anything else means it was not read.
            guard outcome.status == 0 || outcome.status == 2 || outcome.status == 65 else {
                throw BenchError("receipt-check --lines exited \(outcome.status)")
            }
            seconds[count] = outcome.seconds
        }
        return 400 / max((seconds[401] ?? 0) - (seconds[1] ?? 0), 1e-6)
    }

    static func floorTarget(_ ratio: Double) {
        target(
            "in-process production receipt >= 0.85x the C floor (median of the turns)", ratio >= 0.85,
            "\(fixed(ratio, 3))x")
    }

    static func target(_ name: String, _ met: Bool, _ figure: String) {
        print("  \(met ? "met    " : "NOT met") \(name): \(figure)")
    }

    static func opensslVerify(_ path: String, caFile: String, at epoch: String) -> [String] {
        [
            "openssl", "cms", "-verify", "-inform", "DER", "-in", path, "-CAfile", caFile, "-purpose", "any",
            "-attime", epoch, "-binary", "-out", "/dev/null",
        ]
    }

    /// Receipts per second through `d2i_PKCS7` + `PKCS7_verify` with Apple's roots at `time`.
    private static func opensslBaselineRate(_ receipt: [UInt8], at time: Date) throws -> Double {
        guard let baseline = OpenSSLBaseline(roots: AppleRootCertificates.all, at: time) else {
            throw BenchError("cannot create an X509_STORE of Apple's roots")
        }
        guard baseline.verify(receipt) else { throw BenchError("PKCS7_verify rejects the production receipt") }
        return Clock.rate(seconds: 3) { _ = baseline.verify(receipt) }
    }

    /// RSA-2048 verifies per second, the last column of `openssl speed -seconds 3 rsa2048`.
    private static func rsaFloor() throws -> Double {
        try opensslSpeed("rsa2048", line: "rsa 2048 bits") {
            $0.hasPrefix("rsa 2048 bits") || $0.hasPrefix("rsa  2048 bits")
        }
    }

    /// Verifies per second of `algorithm` from `openssl speed`: the last field of the line `matches` picks.
    static func opensslSpeed(_ algorithm: String, line name: String, matches: (Substring) -> Bool) throws -> Double {
        let output = "/tmp/receipt-bench-speed-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let outcome = try Subprocess.run(["openssl", "speed", "-seconds", "3", algorithm], output: output)
        guard outcome.status == 0 else { throw BenchError("openssl speed \(algorithm) exited \(outcome.status)") }
        let text = String(decoding: try BenchFile.contents(of: output), as: UTF8.self)
        for line in text.split(separator: "\n") where matches(line) {
            if let value = line.split(separator: " ").last.flatMap({ Double($0) }) {
                return value
            }
        }
        throw BenchError("no '\(name)' line in the output of openssl speed")
    }

    static func corpusPath(_ relative: String) throws -> String {
        let environment = ProcessInfo.processInfo.environment["RECEIPT_CORPUS"] ?? ""
        let base = environment.isEmpty ? "../shared/corpus" : environment
        let path = base + "/" + relative
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw BenchError("RECEIPT CORPUS NOT FOUND: \(path); set RECEIPT_CORPUS")
        }
        return path
    }

    static func executableDirectory() -> String {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    private static func pem(_ der: [UInt8]) -> [UInt8] {
        let body = der.base64Line()
        var text = "-----BEGIN CERTIFICATE-----\n"
        var index = body.startIndex
        while index < body.endIndex {
            let end = body.index(index, offsetBy: 64, limitedBy: body.endIndex) ?? body.endIndex
            text += body[index..<end] + "\n"
            index = end
        }
        return Array((text + "-----END CERTIFICATE-----\n").utf8)
    }
}

func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(abs(scaled) % Int(scale))
    guard decimals > 0 else { return String(whole) }
    return "\(scaled < 0 && whole == 0 ? "-" : "")\(whole)." + String(repeating: "0", count: decimals - fraction.count)
        + fraction
}

extension Array where Element == UInt8 {
    func base64Line() -> String {
        Data(self).base64EncodedString()
    }
}

/// Standard error without Foundation's FileHandle.
enum FileHandleless {
    static func error(_ message: String) {
        _ = FileDescriptor.standardError.write(message + "\n")
    }
}
