import ReceiptKit

@testable import ReceiptCheckCLI

#if canImport(Glibc)
    import Glibc
#endif

// libFuzzer's entry point for the service's request handling (`receipt-check serve`): the parameters as
// libfcgi hands them over (an environment of NAME=VALUE strings) and a body, through the very code a worker
// runs (`ServiceRouter.request`, then `answer`). Built by `Scripts/fuzz.sh` alone, with SwiftPM and the
// fuzzer runtime (RECEIPT_FUZZ_HARNESS declares this target), in the build that makes the library's binary.
//
// An input: the parameters, NUL-separated, up to the first empty one (two NULs in a row); the rest is the body.
// The oracle: an answer of a status the routes give (never 500), its header's length the body's, its body JSON.

nonisolated(unsafe) private var router: ServiceRouter?

/// libFuzzer's driver, for a main of our own: SwiftPM names an executable's entry point after its module
/// (and points `main` at it), so libFuzzer's own main is never linked in.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@_cdecl("receipt_fuzz_serve_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}

private func fail(_ message: String) -> Never {
    let line = "fuzz: \(message)\n"
    _ = write(2, line, line.utf8.count)
    abort()
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    do {
        // A small limit, so that bodies past it (413) are within the fuzzer's reach.
        let arguments = try CommandLineReader.parse(
            ["--socket", "/nonexistent/fuzz.sock", "--max-size", "16384", "--bundle-id", "org.getpure.pure-iphone"],
            for: ServeCommand.spec)
        router = ServiceRouter(configuration: try ServiceConfiguration.load(arguments), workers: 1, isStopping: false)
    } catch {
        fail("cannot configure the service: \(error)")
    }
    return 0
}

/// FCGX_GetParam's lookup: the first NAME=VALUE whose name is `name`.
private func parameter(_ name: String, in environment: [[UInt8]]) -> String? {
    let key = Array(name.utf8) + [UInt8(ascii: "=")]
    guard let entry = environment.first(where: { $0.starts(with: key) }) else { return nil }
    return String(decoding: entry[key.count...], as: UTF8.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let router else { fail("the service was not configured") }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var environment: [[UInt8]] = []
    var start = 0
    var body: ArraySlice<UInt8> = []
    while start <= bytes.count {
        let end = bytes[start...].firstIndex(of: 0) ?? bytes.count
        if end == start || end == bytes.count {
            if end > start { environment.append(Array(bytes[start..<end])) }
            body = bytes[min(end + 1, bytes.count)...]
            break
        }
        environment.append(Array(bytes[start..<end]))
        start = end + 1
    }
    var offset = body.startIndex
    let request = ServiceRouter.request(
        parameter: { parameter($0, in: environment) },
        readBody: { count in
            let piece = Array(body[offset..<min(body.endIndex, offset + max(0, count))])
            offset += piece.count
            return piece
        })
    let answer = router.answer(request)
    guard [200, 400, 404, 405, 413, 503].contains(answer.code) else { fail("status \(answer.code): \(answer.body)") }
    let head = "Status: \(answer.code) "
    guard answer.text.hasPrefix(head), answer.text.contains("Content-Length: \(answer.body.utf8.count)\r\n") else {
        fail("a header that does not match the body: \(answer.text)")
    }
    do {
        _ = try JSONParser.parse(Array(answer.body.utf8))
    } catch {
        fail("a body that is not JSON: \(answer.body)")
    }
    return 0
}
