/// The written sections of the man page; everything listed from a table lives in `ManPage`.
enum ManPageText {
    static let description = """
        receipt-check verifies and decodes Apple App Store receipts (the PKCS#7 signedData an app \
        finds in its bundle, or sends to verifyReceipt) and StoreKit 2 signed data (compact JWS \
        transactions, renewal info and App Store Server Notifications), from a shell, in CI and in \
        scripts that read its JSON.

        For each INPUT it finds the receipt in whatever form it is given, checks the signature and \
        the certificate chain against Apple's roots at the receipt's own creation date, decodes every \
        field and in-app purchase, applies the checks asked for (bundle id, app version, environment, \
        device hash), prints a report, and exits with a status a pipeline can act on.

        With no command name, verify is run: receipt-check FILE is receipt-check verify FILE. \
        An INPUT of - is standard input. Options take their value as --name value or --name=value; \
        -- ends the options.
        """

    static let packaging = """
        Not listed by --help: they print the files a package installs, generated from the same \
        tables the parser reads.
        """

    static let inputs = """
        The form of an input is detected from its content, never from its file name: DER or BER \
        PKCS#7 (indefinite lengths and segmented content, as Xcode writes them, are read); base64 \
        text of it (line breaks and spaces are fine); a PEM PKCS7 or CMS block; a verifyReceipt request \
        body {"receipt-data": "..."}; a StoreKit 2 compact JWS (AppTransaction, transaction, renewal info, \
        notification, Retention Messaging realtime request) or an App Store Server Notification body; an \
        App Store Server API response (HistoryResponse, StatusResponse, TransactionInfoResponse, \
        AppTransactionInfoResponse, NotificationHistoryResponse), each signed element verified like a \
        single JWS and any element's failure the whole response's, the element named.

        verify --combine --bundle-id ID decides once over all inputs, one customer's: the app receipt or \
        AppTransaction for the app's purchase, every transaction and renewal info of the others. Every \
        input must verify and name that app, one appTransactionId and one environment, or nothing is \
        granted (exit 2, the input named).

        What is not an app receipt is refused with a specific reason: an iOS 6 transaction receipt \
        or an App Attest receipt (not_app_receipt), empty input (empty_input), anything else \
        (unsupported_format). Inputs over --max-size are refused before being read whole.
        """

    static let trust = """
        Verification fails closed: nothing is accepted because something could not be checked.

        Trust comes only from Apple Inc. Root CA, Apple Root CA - G2 and G3 (embedded in the binary), \
        or from --root, which replaces them; never from the certificates a receipt carries or from what \
        its payload says. There must be exactly one signer, with a SHA-1 or SHA-256 digest that agrees \
        with the signature algorithm. The chain must be leaf, intermediate, trusted root, the leaf \
        carrying Apple's receipt-signing extension 1.2.840.113635.100.6.11.1 and the intermediate \
        1.2.840.113635.100.6.2.1.

        Certificates are checked at the receipt's creation date unless --at says otherwise: Apple's \
        signing certificates are short-lived, so a check made "now" fails every receipt older than its \
        signer. The report says which time was used and where it came from.

        Xcode StoreKit Testing receipts, signed by one self-signed certificate, are accepted only with \
        --storekit-test-cert FILE, and are then reported as trust storekit_testing.
        """

    static let output = """
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
        """

    /// `order` comes from `ExitStatus.severity`, the order the run applies.
    static func exitPrecedence(_ order: String) -> String {
        """
        When inputs disagree, the worst status wins, in the order \(order): one unreadable file among a \
        thousand valid ones makes the run exit 66, so a pipeline never mistakes a partial check for a \
        pass. A failed write to standard output, standard error or an output file (a full disk, a closed \
        pipe) stops the run at once with exit status 74, whatever was found so far: a closed pipe is an \
        error, not a silent SIGPIPE.
        """
    }

    static let reasons = """
        When an input is not valid, the reason member of the JSON report (and the text report) is one \
        of these stable codes; they are never renamed.
        """

    static let examples: [(what: String, command: String)] = [
        ("Verify a receipt, requiring the app it is for:", "receipt-check --bundle-id com.example.app receipt"),
        (
            "Verify the base64 receipt a client sent, as JSON for a script:",
            "receipt-check verify --json - < body.json | jq .status"
        ),
        (
            "Answer a verifyReceipt request body as Apple's production endpoint would, for one app only:",
            "receipt-check --format verifyreceipt --environment production --bundle-id com.example.app body.json"
        ),
        (
            "Show everything in an old receipt, checking certificates as of now:",
            "receipt-check inspect --at now receipt"
        ),
        (
            "Make a test PKI and a receipt signed with it, then verify it against that root:",
            """
            receipt-check make-test-pki pki
            receipt-check make-receipt --spec spec.json --pki pki -o test.receipt
            receipt-check --root pki/root.pem test.receipt
            """
        ),
    ]

    static let seeAlso = """
        The guides in docs/ of the receipt-check source show each job with examples; the JSON \
        schemas are in schema/. Apple: "Validating receipts on the device" and "App Store Server API".
        """
}
