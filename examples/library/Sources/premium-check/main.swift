import PremiumCheck

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

// premium-check BUNDLE_ID RECEIPT [TEST_ROOT_PEM]: prints premium or free.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 || arguments.count == 3 else {
    print("usage: premium-check BUNDLE_ID RECEIPT [TEST_ROOT_PEM]")
    exit(64)
}
do {
    let receipt = Array(try Data(contentsOf: URL(fileURLWithPath: arguments[1])))
    let root = try arguments.dropFirst(2).first.map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
    let check = try PremiumCheck(bundleID: arguments[0], testRootPEM: root)
    print(check.grantsPremium(receipt) ? "premium" : "free")
} catch {
    print("premium-check: \(error)")
    exit(1)
}
