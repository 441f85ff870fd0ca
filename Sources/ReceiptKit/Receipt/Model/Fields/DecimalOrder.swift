/// An integer's place among integers written as decimal strings (`"17" < "1709" < "2"`), as `JSONEncoder`
/// sorts undocumented attribute types, without making the strings.
struct DecimalOrder: Comparable {
    /// `-` before any digit.
    let negative: Bool
    /// The magnitude's digits moved to the top of 19 places, so that common digits compare as numbers.
    let digits: UInt64
    /// How many digits the magnitude has: of two equal tops, the shorter string is the start of the other.
    let count: Int

    init(_ value: Int64) {
        let magnitude = value.magnitude
        // log10(2) is about 1233 / 4096: the digit count, or one less when the magnitude is under 10^estimate.
        let estimate = ((64 &- magnitude.leadingZeroBitCount) &* 1233) &>> 12
        let count = max(1, magnitude >= Self.powersOfTen[estimate] ? estimate &+ 1 : estimate)
        negative = value < 0
        // count <= 19 and the magnitude < 10^count, so the product < 10^19 < UInt64.max.
        digits = magnitude &* Self.powersOfTen[19 &- count]
        self.count = count
    }

    /// 10^0 to 10^19, looked up rather than worked out for each of a report's types.
    private static let powersOfTen: [UInt64] = (0...19).map { exponent in
        (0..<exponent).reduce(1) { power, _ in power &* 10 }
    }

    static func < (a: DecimalOrder, b: DecimalOrder) -> Bool {
        if a.negative != b.negative { return a.negative }
        if a.digits != b.digits { return a.digits < b.digits }
        return a.count < b.count
    }
}
