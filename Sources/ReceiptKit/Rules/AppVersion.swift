/// An application version or build number, ordered component by component, numerically (`"2" < "13"`
/// fails as strings). Each dot-separated component is a number and a suffix: numbers by value, then a
/// component without a suffix after any with one (`1.0-beta < 1.0`), then suffixes by their bytes.
/// Missing trailing components count as `0`, so `2 == 2.0`.
package struct AppVersion: Sendable, Comparable, CustomStringConvertible {
    /// One dot-separated part: a number (digits without leading zeros, empty meaning 0) and a suffix.
    struct Component: Sendable {
        let digits: [UInt8]
        let suffix: [UInt8]

        static let zero = Component([])

        init(_ bytes: ArraySlice<UInt8>) {
            let numberEnd = bytes.firstIndex { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? bytes.endIndex
            let number = bytes[bytes.startIndex..<numberEnd]
            digits = Array(number.drop { $0 == UInt8(ascii: "0") })
            suffix = Array(bytes[numberEnd...])
        }

        /// Three-way comparison: negative, zero or positive.
        func compare(_ other: Component) -> Int {
            if digits.count != other.digits.count {
                return digits.count < other.digits.count ? -1 : 1
            }
            for (left, right) in zip(digits, other.digits) where left != right {
                return left < right ? -1 : 1
            }
            switch (suffix.isEmpty, other.suffix.isEmpty) {
            case (true, true): return 0
            case (true, false): return 1
            case (false, true): return -1
            case (false, false):
                for (left, right) in zip(suffix, other.suffix) where left != right {
                    return left < right ? -1 : 1
                }
                return suffix.count == other.suffix.count ? 0 : (suffix.count < other.suffix.count ? -1 : 1)
            }
        }
    }

    /// The text as given.
    package let text: String
    let components: [Component]

    /// Nil for empty text, white space or control characters, or an empty component (`1..2`, `.1`, `1.`).
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7f }) else { return nil }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard !parts.contains(where: \.isEmpty) else { return nil }
        self.text = text
        components = parts.map(Component.init)
    }

    package var description: String { text }

    /// Three-way comparison: negative when `self` sorts first, zero when equal, positive otherwise.
    package func compare(_ other: AppVersion) -> Int {
        let count = max(components.count, other.components.count)
        for index in 0..<count {
            let left = index < components.count ? components[index] : .zero
            let right = index < other.components.count ? other.components[index] : .zero
            let result = left.compare(right)
            if result != 0 {
                return result
            }
        }
        return 0
    }

    package static func < (lhs: AppVersion, rhs: AppVersion) -> Bool { lhs.compare(rhs) < 0 }

    /// Equal in the version order (`2 == 2.0`), not as text.
    package static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { lhs.compare(rhs) == 0 }
}
