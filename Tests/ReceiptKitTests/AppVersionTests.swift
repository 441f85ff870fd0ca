import Testing

@testable import ReceiptKit

@Suite(.timeLimit(.minutes(10))) struct AppVersionTests {
    /// (smaller, larger): each pair must compare strictly in this order.
    static let ordered: [(String, String)] = [
        ("2", "13"),
        ("1.9.2", "1.10"),
        ("1.9", "1.10"),
        ("9", "10"),
        ("31.12.1", "32.3.1"),
        ("2.5.4", "2.5.5"),
        ("433", "434"),
        ("1.0-beta", "1.0"),
        ("3.3.1b4", "3.3.1"),
        ("3.3.1b4", "3.3.1b5"),
        ("3.3.1a9", "3.3.1b1"),
        ("3.3.0", "3.3.1b4"),
        ("1.0", "1.0.1"),
        ("2.0a", "2"),
        ("beta", "0"),
        ("2020.10.02.1149", "2020.10.2.1150"),
        ("99999999999999999999998", "99999999999999999999999"),
        ("18446744073709551615", "18446744073709551616"),
    ]

    static let equal: [(String, String)] = [
        ("2", "2.0"), ("2", "2.0.0"), ("007", "7"), ("1.01", "1.1"), ("3.3.1b4", "3.3.1b4"), ("0", "0.0"),
    ]

    @Test(arguments: ordered) func ordersComponentsNumerically(smaller: String, larger: String) throws {
        let low = try #require(AppVersion(smaller))
        let high = try #require(AppVersion(larger))
        #expect(low < high)
        #expect(!(high < low))
        #expect(low != high)
        #expect(low.compare(high) < 0 && high.compare(low) > 0)
    }

    @Test(arguments: equal) func missingTrailingComponentsAreZero(left: String, right: String) throws {
        let a = try #require(AppVersion(left))
        let b = try #require(AppVersion(right))
        #expect(a == b)
        #expect(a.compare(b) == 0 && b.compare(a) == 0)
    }

    @Test(arguments: ["", "1..2", ".1", "1.", "1 .2", "1.2 ", "\t3", "1.\u{7f}"])
    func rejectsMalformedVersions(text: String) {
        #expect(AppVersion(text) == nil)
    }

    /// Seeded random versions drawn from a small alphabet so that equal numbers, shared prefixes and
    /// suffixes collide often: the cases an order gets wrong.
    static func randomVersions(seed: UInt64, count: Int) -> [AppVersion] {
        var generator = SeededGenerator(seed: seed)
        let suffixes = ["", "", "", "a", "b", "b4", "-beta", "rc1"]
        return (0..<count).compactMap { _ in
            let components = Int(generator.next() % 4) + 1
            let text = (0..<components).map { _ in
                let number = ["0", "00", "1", "2", "9", "10", "13", ""][Int(generator.next() % 8)]
                let suffix = suffixes[Int(generator.next() % UInt64(suffixes.count))]
                let part = number + suffix
                return part.isEmpty ? "0" : part
            }.joined(separator: ".")
            return AppVersion(text)
        }
    }

    @Test func orderIsAntisymmetricAndTotal() {
        let versions = Self.randomVersions(seed: 0x5eed_0001, count: 300)
        #expect(versions.count == 300)
        for a in versions {
            #expect(a.compare(a) == 0)
            for b in versions {
                let forward = a.compare(b)
                let backward = b.compare(a)
                #expect(forward.signum() == -backward.signum(), "\(a) vs \(b)")
                // Exactly one of <, ==, > holds.
                #expect([a < b, a == b, b < a].filter { $0 }.count == 1, "\(a) vs \(b)")
            }
        }
    }

    @Test func orderIsTransitive() {
        let versions = Self.randomVersions(seed: 0x5eed_0002, count: 90)
        var checkedChains = 0
        for a in versions {
            for b in versions where a.compare(b) <= 0 {
                for c in versions where b.compare(c) <= 0 {
                    checkedChains += 1
                    #expect(a.compare(c) <= 0, "\(a) <= \(b) <= \(c) but not \(a) <= \(c)")
                    if a.compare(b) < 0 || b.compare(c) < 0 {
                        #expect(a.compare(c) < 0, "\(a), \(b), \(c)")
                    }
                }
            }
        }
        #expect(checkedChains > 10_000)
    }

    @Test func sortingAgreesWithPairwiseComparison() {
        let sorted = Self.randomVersions(seed: 0x5eed_0003, count: 200).sorted()
        for (earlier, later) in zip(sorted, sorted.dropFirst()) {
            #expect(earlier.compare(later) <= 0)
        }
    }
}
