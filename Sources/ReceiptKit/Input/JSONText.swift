/// Parses JSON that came with an input, turning the parser's failures into reasons a report carries.
enum JSONText {
    /// `what` names the text in messages; `reason` is the code for a syntax error or an exceeded limit.
    static func parse(
        _ bytes: ArraySlice<UInt8>, what: String, reason: ReasonCode, limits: JSONParser.Limits = .standard
    ) throws(ReceiptError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes, limits: limits)
        } catch {
            switch error.kind {
            case .duplicateMember(let name):
                throw ReceiptError(
                    .duplicateMember,
                    "\(what) names the member \"\(name)\" twice (at byte \(error.offset)); JSON parsers disagree on which one counts"
                )
            case .syntax, .tooDeep, .tooManyValues:
                throw ReceiptError(reason, "\(what) is not valid JSON: \(error)")
            }
        }
    }

    static func parse(
        _ bytes: [UInt8], what: String, reason: ReasonCode, limits: JSONParser.Limits = .standard
    ) throws(ReceiptError) -> JSONValue {
        try parse(bytes[...], what: what, reason: reason, limits: limits)
    }
}
