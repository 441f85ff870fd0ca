#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// Validates one receipt many times in one process and prints the resident set size as it goes,
/// so a leak of a few bytes per receipt shows as growth over 100,000 runs.
///
/// Built by `Scripts/rss-check.sh` with the ReceiptKit sources. Exits 1 when a run is not valid
/// or when RSS grows by more than the allowed slack between the first and last sample.
@main
struct RSSCheck {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 3, let iterations = Int(arguments[2]) else {
            fputs("usage: rss-check RECEIPT ITERATIONS [ROOT] [SLACK_KB]\n", stderr)
            exit(64)
        }
        let rootPath = arguments.count > 3 ? arguments[3] : "Fixtures/pki/root.pem"
        let slack = arguments.count > 4 ? Int(arguments[4]) ?? 2048 : 2048
        let validator: ReceiptValidator
        let bytes: [UInt8]
        do {
            bytes = try fileBytes(arguments[1])
            validator = try ReceiptValidator(
                policy: .custom(roots: [Certificate(derOrPEM: fileBytes(rootPath))]))
        } catch {
            fputs("rss-check: \(error)\n", stderr)
            exit(66)
        }
        let interval = max(1, iterations / 10)
        var first: Int?
        var last = 0
        for run in 1...iterations {
            let report = validator.validate(bytes, input: arguments[1])
            guard report.status == .valid else {
                fputs("rss-check: run \(run) is \(report.status.rawValue): \(report.message ?? "")\n", stderr)
                exit(1)
            }
            if run % interval == 0 {
                last = residentKilobytes()
                first = first ?? last
                print("\(run) receipts: VmRSS \(last) kB")
            }
        }
        let growth = last - (first ?? last)
        print("growth from the first sample to the last: \(growth) kB (allowed \(slack) kB)")
        exit(growth > slack ? 1 : 0)
    }

    /// VmRSS from /proc/self/status, in kB; 0 where /proc is missing.
    static func residentKilobytes() -> Int {
        guard let status = try? fileBytes("/proc/self/status") else { return 0 }
        let text = String(decoding: status, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}

/// A file read whole: this tool reads fixtures, where the CLI's input size limit has nothing to guard.
private func fileBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}
