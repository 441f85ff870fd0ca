/// The small files options name (`--rules`, `--facts`, `--root`, `--storekit-test-cert`): one that cannot be
/// read is reported as such (exit 66), not as a usage error.
enum OptionFiles {
    /// Far above any rules file or certificate, far below memory.
    static let sizeLimit = 1 << 20

    static func read(_ path: String, _ option: String) throws(SetupError) -> [UInt8] {
        do {
            return try InputFile.contents(of: path, limit: sizeLimit)
        } catch {
            throw .unreadable("\(option): \(error.message)")
        }
    }
}
