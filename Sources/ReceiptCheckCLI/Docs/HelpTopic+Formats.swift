/// `help formats` and the man page's OUTPUT: the formats, escaping, and the JSON contract.
extension HelpTopic {
    static var formatBlocks: [HelpBlock] { [.prose(outputText)] }

    static let outputText = """
        Text for people by default: one line with the verdict per input, the decoded fields, and \
        each check with what it found. With --json (or --format json), one JSON object per input on \
        standard output: status, reason, message, checks, trust and the decoded receipt, keys sorted, \
        dates in RFC 3339 UTC, bytes as lowercase hex. With --format verifyreceipt, the body Apple's \
        deprecated verifyReceipt endpoint returns for the input instead, one a line: a status (0, or \
        Apple's 21000 to 21009, the body then exactly {"status":N}), the environment and the receipt with \
        Apple's keys and date triplets; the exit status stays verify's. With --format html, one \
        self-contained HTML5 page for the run (inline CSS and SVG, no script, a Content-Security-Policy \
        that forbids every script and load, every input value escaped): per input the verdict, the \
        decisions, the customer's timeline drawn beside a table of its facts, the purchases or \
        transactions, the fields and the checks; a batch's counts by status and reason first, then one \
        folded section per input. Errors and warnings go to \
        standard error as "receipt-check: error: ...". Every key, its type and its values are published \
        as JSON Schemas in the source, schema/report.schema.json and schema/verifyreceipt.schema.json.

        Until its signature checks out, every string of an input is its sender's. In text output and \
        in messages on standard error, every control character of input data and of file names (C0 \
        including tab and newline, DEL, C1), the bidi controls U+202A to U+202E and U+2066 to U+2069, \
        and U+2028 and U+2029 are printed as Swift escapes such as \\u{1B}, so a receipt cannot \
        recolour, move or add lines on a terminal. Backslashes are printed as they are. JSON output is \
        escaped as JSON instead, and its values are unchanged; DEL, U+0085, U+2028 and U+2029, valid \
        raw in JSON, are escaped too, so that one report stays one line for line-oriented readers.

        The JSON report is a contract. status is valid (every check passed), invalid (decoded, some \
        check failed), malformed (not decodable) or unreadable (the input could not be read); reason is \
        one of the REASON CODES of man receipt-check, never renamed. Keys are added, never renamed, so a \
        reader ignores the keys it does not know; the schemas list every key and its values.
        """
}
