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
        A first word that names no file but is close to a command's name (verfy) is refused with exit \
        \(ExitStatus.usage.rawValue). An INPUT of - is standard input. Options take their value as --name value or --name=value; \
        -- ends the options.
        """

    static let packaging = """
        Not listed by --help: they print the files a package installs, generated from the same \
        tables the parser reads.
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
        (
            "Serve verifyReceipt, verify and health to nginx's fastcgi_pass on a unix socket, for one app:",
            "receipt-check serve --socket /run/receipt-check.sock --bundle-id com.example.app --environment production"
        ),
    ]

    static let seeAlso = """
        The guides in docs/ of the receipt-check source show each job with examples; the JSON \
        schemas are in schema/. Apple: "Validating receipts on the device" and "App Store Server API".
        """
}
