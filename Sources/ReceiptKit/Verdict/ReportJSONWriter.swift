#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes a report on a receipt or a StoreKit 2 JWS (its nested reports too) as one compact JSON
/// line, byte for byte what `JSONEncoder` with sorted keys and unescaped slashes writes, without its
/// generic machinery.
///
/// Reports are written once per input, so the writer must cost little beside verification; `JSONEncoder`
/// is the reference, not the writer (`make bench` shows the share). Keys are written in sorted order
/// by hand; `ReportJSONWriterTests` and `JWSReportJSONTests` compare the output with `JSONEncoder`'s on
/// every corpus input. A server response (alone or among combined inputs) is declined: `SortedJSONEncoder` writes
/// those.
struct ReportJSONWriter {
    var sink = CompactJSONWriter()
    /// A notification's nested reports hold none of their own; the bound stops the recursion even so.
    static let maximumNesting = 4

    /// The line with its newline, or nil when a date cannot be written (`JSONEncoder` then says why).
    static func line(_ report: ValidationReport) -> String? {
        compact(report).map { String(decoding: $0 + [0x0A], as: UTF8.self) }
    }

    /// The compact JSON without a newline (what `PrettyJSON` re-indents), or nil as for `line`.
    static func compact(_ report: ValidationReport) -> [UInt8]? {
        segments(report).map(joined)
    }

    /// Segments as one text; the one segment of a small report is returned as it is, not copied.
    static func joined(_ segments: [[UInt8]]) -> [UInt8] {
        segments.count == 1 ? segments[0] : Array(segments.joined())
    }

    /// The same text in the writer's segments (one for all but reports of tens of thousands of purchases).
    static func segments(_ report: ValidationReport) -> [[UInt8]]? {
        var writer = ReportJSONWriter()
        guard writer.report(report, depth: 0) else { return nil }
        return writer.sink.takeSegments()
    }

    mutating func report(_ report: ValidationReport, depth: Int) -> Bool {
        guard depth < Self.maximumNesting, report.response == nil else { return false }
        raw("{\"checks\":[")
        for (index, check) in report.checks.enumerated() {
            if index > 0 { raw(",") }
            raw("{\"detail\":")
            string(check.detail)
            raw(",\"name\":")
            string(check.name.rawValue)
            raw(",\"passed\":")
            raw(check.passed ? "true" : "false")
            if let reason = check.reason {
                raw(",\"reason\":")
                string(reason.rawValue)
            }
            raw("}")
        }
        raw("]")
        optional("encoding", report.encoding?.rawValue)
        optional("format", report.format?.rawValue)
        raw(",\"input\":")
        string(report.input)
        if let inputs = report.inputs {
            // Combined inputs: each input's report, written as it comes rather than as a tree of nodes.
            raw(",\"inputs\":[")
            for (index, input) in inputs.enumerated() {
                if index > 0 { raw(",") }
                guard self.report(input, depth: depth + 1) else { return false }
                sink.sealIfFull()
            }
            raw("]")
        }
        if let jws = report.jws {
            raw(",\"jws\":")
            guard self.jws(jws, depth: depth) else { return false }
        }
        optional("message", report.message)
        optional("reason", report.reason?.rawValue)
        if let receipt = report.receipt {
            raw(",\"receipt\":")
            guard self.receipt(receipt) else { return false }
        }
        raw(",\"status\":")
        string(report.status.rawValue)
        if let trust = report.trust {
            raw(",\"trust\":")
            self.trust(trust)
        }
        raw("}")
        return true
    }

    private mutating func trust(_ trust: TrustReport) {
        raw("{\"anchors\":[")
        for (index, anchor) in trust.anchors.enumerated() {
            if index > 0 { raw(",") }
            string(anchor)
        }
        raw("],\"chain\":[")
        for (index, certificate) in trust.chain.enumerated() {
            if index > 0 { raw(",") }
            raw("{\"issuer\":")
            string(certificate.issuer)
            optionalDate("not_after", certificate.notAfter)
            optionalDate("not_before", certificate.notBefore)
            raw(",\"sha256\":")
            string(certificate.sha256)
            raw(",\"subject\":")
            string(certificate.subject)
            raw("}")
        }
        raw("]")
        optional("digest", trust.digest)
        raw(",\"kind\":")
        string(trust.kind?.rawValue ?? "untrusted")
        raw(",\"time_source\":")
        string(trust.timeSource)
        optionalDate("validation_time", trust.validationTime)
        raw("}")
    }

    private mutating func receipt(_ receipt: ParsedReceipt) -> Bool {
        raw("{")
        optional("age_rating", receipt.ageRating)
        optional("app_item_id", receipt.appItemID)
        optional("application_version", receipt.applicationVersion)
        optional("bundle_id", receipt.bundleID)
        optional("bundle_id_data", hex: receipt.bundleIDData)
        sink.key("environment")
        string(receipt.environment.rawValue)
        guard date("expiration_date", receipt.expirationDate) else { return false }
        sink.key("in_app")
        raw("[")
        for (index, purchase) in receipt.purchases.enumerated() {
            if index > 0 { raw(",") }
            guard self.purchase(purchase) else { return false }
            sink.sealIfFull()
        }
        raw("]")
        optional("opaque_value", hex: receipt.opaqueValue)
        optional("original_application_version", receipt.originalApplicationVersion)
        guard date("original_purchase_date", receipt.originalPurchaseDate),
            date("receipt_creation_date", receipt.receiptCreationDate)
        else { return false }
        optional("receipt_type", receipt.receiptType)
        optional("sha1_hash", hex: receipt.sha1Hash)
        sink.key("unknown_attributes")
        unknown(receipt.undocumented)
        raw("}")
        return true
    }

    private mutating func purchase(_ purchase: InAppPurchase) -> Bool {
        raw("{")
        guard date("cancellation_date", purchase.cancellationDate),
            date("expires_date", purchase.expiresDate)
        else { return false }
        optional("is_in_intro_offer_period", purchase.isInIntroOfferPeriod)
        optional("is_trial_period", purchase.isTrialPeriod)
        guard date("original_purchase_date", purchase.originalPurchaseDate) else { return false }
        optional("original_transaction_id", purchase.originalTransactionID)
        optional("product_id", purchase.productID)
        optional("product_type", purchase.productType)
        optional("promotional_offer_id", purchase.promotionalOfferID)
        guard date("purchase_date", purchase.purchaseDate) else { return false }
        optional("quantity", purchase.quantity)
        optional("transaction_id", purchase.transactionID)
        sink.key("unknown_attributes")
        unknown(purchase.undocumented)
        optional("web_order_line_item_id", purchase.webOrderLineItemID)
        raw("}")
        return true
    }

    /// `{"17":["hex",...],...}` with the types as strings, sorted as strings (as `JSONEncoder` sorts them).
    private mutating func unknown(_ attributes: UndocumentedAttributes) {
        guard !attributes.isEmpty else {
            raw("{}")
            return
        }
        raw("{")
        var current: Int64?
        for entry in attributes.sorted(by: Self.decimalPrecedes) {
            if entry.type != current {
                if current != nil { raw("],") }
                current = entry.type
                sink.out.append(0x22)
                sink.integer(entry.type)
                raw("\":[")
            } else {
                raw(",")
            }
            hex(attributes[entry])
        }
        raw("]}")
    }

    /// Whether `a` sorts before `b` as decimal strings (`"17" < "1709" < "2"`), as `JSONEncoder` sorts the
    /// type keys, without making the strings: the first digits both have decide, then the shorter goes
    /// first. `-` sorts before every digit.
    static func decimalPrecedes(_ a: Int64, _ b: Int64) -> Bool {
        if (a < 0) != (b < 0) { return a < 0 }
        let x = a.magnitude
        let y = b.magnitude
        let xDigits = digitCount(x)
        let yDigits = digitCount(y)
        if xDigits > yDigits {
            let prefix = x / power(of: xDigits - yDigits)
            return prefix < y
        }
        if yDigits > xDigits {
            let prefix = y / power(of: yDigits - xDigits)
            return x <= prefix
        }
        return x < y
    }

    private static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// 10 to the `exponent` (at most 19, which a UInt64 holds).
    private static func power(of exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    // MARK: - Members and values

    /// `"name":value` for a member that is present; the comma before it, if any, is the sink's.
    private mutating func optional(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        sink.key(name)
        string(value)
    }

    private mutating func optional(_ name: StaticString, hex value: [UInt8]?) {
        guard let value else { return }
        sink.key(name)
        hex(value[...])
    }

    private mutating func optional(_ name: StaticString, _ value: Int64?) {
        guard let value else { return }
        sink.key(name)
        sink.integer(value)
    }

    private mutating func optional(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        sink.key(name)
        sink.bool(value)
    }

    /// A date member of a report type, which writes `RFC3339.format`'s text and leaves the member out
    /// where that is nil.
    private mutating func optionalDate(_ name: StaticString, _ value: Date?) {
        guard let value else { return }
        let mark = sink.out.count
        if !date(name, value) {
            sink.out.removeSubrange(mark...)
        }
    }

    /// A date member of the receipt models; false when the date cannot be written as RFC 3339, which
    /// only `JSONEncoder` may then refuse.
    private mutating func date(_ name: StaticString, _ value: Date?) -> Bool {
        guard let value else { return true }
        sink.key(name)
        sink.out.append(0x22)
        guard RFC3339.append(value, to: &sink.out) else { return false }
        sink.out.append(0x22)
        return true
    }

    /// Bytes as a quoted lowercase hex string, written straight into the output.
    private mutating func hex(_ bytes: ArraySlice<UInt8>) {
        sink.out.append(0x22)
        // Digits written into scratch space and appended at once: an append per digit checks the
        // buffer's uniqueness and capacity each time.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count * 2, 1)) { digits in
            var index = 0
            for byte in bytes {
                digits[index] = JSONString.hexDigit(byte >> 4)
                digits[index + 1] = JSONString.hexDigit(byte & 0x0F)
                index += 2
            }
            sink.out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[0..<index]))
        }
        sink.out.append(0x22)
    }

    mutating func raw(_ text: StaticString) {
        sink.raw(text)
    }

    mutating func string(_ text: String) {
        sink.string(text)
    }
}
