import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Builds HTML as UTF-8 bytes in one buffer: markup as given, every value through `HTMLText`, numbers and
/// dates written in place, so that a page costs no string per element.
struct HTMLWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 16_384) {
        bytes.reserveCapacity(capacity)
    }

    var out: String { String(decoding: bytes, as: UTF8.self) }

    /// Markup the report writes itself, as a literal: its bytes copied at once.
    mutating func raw(_ markup: String) {
        bytes.append(contentsOf: markup.utf8)
    }

    /// One ASCII character of markup, appended as its byte: a picture writes thousands of these.
    mutating func ascii(_ character: Unicode.Scalar) {
        bytes.append(UInt8(ascii: character))
    }

    /// Markup the report makes itself (a table's head, a class name); never a value from an input.
    mutating func markup(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func text(_ value: String) {
        HTMLText.append(value, to: &bytes)
    }

    /// `<tag class="...">value</tag>`.
    mutating func element(_ tag: String, class name: String? = nil, _ value: String) {
        raw("<")
        raw(tag)
        if let name {
            raw(" class=\"")
            raw(name)
            raw("\"")
        }
        raw(">")
        text(value)
        raw("</")
        raw(tag)
        raw(">")
    }

    /// A whole number in decimal, its digits written from the highest down.
    mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }

    /// A coordinate with one decimal, the tenth left out when it is zero (`TimelineSVG.number`).
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let tenths = Int((value * 10).rounded())
        if tenths < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = abs(tenths)
        integer(magnitude / 10)
        if magnitude % 10 != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
        }
    }

    /// A date as RFC 3339 (`RuleReportText.show`), `?` outside the years it can write.
    mutating func date(_ date: Date) {
        if !rfc3339(date) {
            bytes.append(UInt8(ascii: "?"))
        }
    }

    /// A date as RFC 3339 (`RFC3339.format`); false, with nothing written, outside the years it can write.
    @discardableResult
    mutating func rfc3339(_ date: Date) -> Bool {
        RFC3339.append(date, to: &bytes)
    }

    /// The day of a date, `2024-01-31` (`RuleReportText.day`); with `length` 7 its month, 4 its year.
    mutating func day(_ date: Date, length: Int = 10) {
        let start = bytes.count
        self.date(date)
        if bytes.count - start > length {
            bytes.removeLast(bytes.count - start - length)
        }
    }
}
