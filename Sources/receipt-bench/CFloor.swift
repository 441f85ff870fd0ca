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

/// The C floor the in-process rate is held to (`tools/pkcs7bench.c` beside the corpus, mode `fast`), run
/// in turns with the in-process loop so that both rates come from the same minutes of a shared machine.
struct CFloor {
    /// The turns each side gets; the ratio reported is the median of the turns' ratios.
    static let rounds = 5
    /// Seconds each side runs in one turn.
    static let seconds = 1.5

    private let executable: String
    private let rootPEM: String
    private let workspace: Workspace

    /// Builds the floor; `roots` is the PEM file of Apple's roots the bench writes.
    init(workspace: Workspace, roots: String) throws {
        let source = try ReceiptBench.corpusPath(".") + "/../tools/pkcs7bench.c"
        guard FileManager.default.isReadableFile(atPath: source) else {
            throw ReceiptBench.BenchError(
                "C FLOOR NOT FOUND: \(source) (tools/pkcs7bench.c beside the corpus); set RECEIPT_CORPUS")
        }
        self.workspace = workspace
        executable = workspace.path("pkcs7bench")
        rootPEM = roots
        let built = try Subprocess.run(["cc", "-O2", "-o", executable, source, "-lcrypto"])
        guard built.status == 0 else {
            throw ReceiptBench.BenchError("cc could not build \(source) (exit \(built.status)); libssl-dev is needed")
        }
    }

    /// Receipts per second of `pkcs7bench fast` over the receipt at `path`, run for `seconds`.
    func rate(_ path: String) throws -> Double {
        let output = workspace.path("pkcs7bench.txt")
        let outcome = try Subprocess.run([executable, "fast", rootPEM, String(Self.seconds), path], output: output)
        let text = String(decoding: try BenchFile.contents(of: output), as: UTF8.self)
        // One line: `fast files=1 iters=N secs=S rps=R us_per=U iaps_per=I fails=F chain_misses=M`.
        guard outcome.status == 0, text.contains(" fails=0 "),
            let field = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first(where: { $0.hasPrefix("rps=") }),
            let rate = Double(field.dropFirst("rps=".count)), rate > 0
        else {
            throw ReceiptBench.BenchError("pkcs7bench fast did not verify \(path) (exit \(outcome.status)): \(text)")
        }
        return rate
    }

    /// Both rates `rounds` times in turn: each side's median, and the median of the turns' ratios.
    func alternate(_ path: String, inProcess: () -> Double) throws -> (ours: Double, floor: Double, ratios: [Double]) {
        var ours: [Double] = []
        var floors: [Double] = []
        for _ in 0..<Self.rounds {
            ours.append(inProcess())
            floors.append(try rate(path))
        }
        let ratios = zip(ours, floors).map { $0 / $1 }
        return (Self.median(ours), Self.median(floors), ratios)
    }

    /// The note under the table: each turn's ratio and their median.
    static func turns(_ ratios: [Double]) -> String {
        "against the C floor, \(rounds) turns of \(fixed(seconds, 1)) s each side: "
            + ratios.map { fixed($0, 3) }.joined(separator: ", ") + "; median \(fixed(median(ratios), 3))x"
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
