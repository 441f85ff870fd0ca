/// An integer's place in the order of integers written as decimal strings (`"17" < "1709" < "2"`), which
/// is how `JSONEncoder` sorts the keys of undocumented attribute types, without making the strings: `-`
/// sorts before every digit, then the digits both strings have decide, then the shorter goes first.
struct DecimalOrder: Comparable {
    /// `-` before any digit.
    let negative: Bool
    /// The magnitude's digits moved to the top of 19 places (the most an Int64 has), so that the digits
    /// both strings have compare as numbers, and a string that is the start of the other compares equal.
    let digits: UInt64
    /// How many digits the magnitude has: of two equal tops, the shorter string is the start of the other.
    let count: Int

    init(_ value: Int64) {
        let magnitude = value.magnitude
        // log10(2) is about 1233 / 4096, so `estimate` is log10 of 2 to the magnitude's bit length, rounded
        // down: the magnitude has that many digits, or one more when it reaches 10^estimate (a zero has one).
        let estimate = ((64 &- magnitude.leadingZeroBitCount) &* 1233) &>> 12
        let count = max(1, magnitude >= Self.powersOfTen[estimate] ? estimate &+ 1 : estimate)
        negative = value < 0
        // count <= 19 and the magnitude < 10^count, so the product < 10^19 < UInt64.max.
        digits = magnitude &* Self.powersOfTen[19 &- count]
        self.count = count
    }

    /// 10^0 to 10^19 (the last still a UInt64), read rather than worked out for each of a report's hundreds
    /// of types.
    private static let powersOfTen: [UInt64] = (0...19).map { exponent in
        (0..<exponent).reduce(1) { power, _ in power &* 10 }
    }

    static func < (a: DecimalOrder, b: DecimalOrder) -> Bool {
        if a.negative != b.negative { return a.negative }
        if a.digits != b.digits { return a.digits < b.digits }
        return a.count < b.count
    }
}
