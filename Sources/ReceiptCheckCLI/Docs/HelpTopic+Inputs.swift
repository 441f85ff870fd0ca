/// `help inputs` and the man page's INPUTS: what the tool reads, and how a batch names its inputs.
extension HelpTopic {
    static var inputBlocks: [HelpBlock] { [.prose(inputsText)] }

    static let inputsText = """
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
        granted (exit 2, the input named). With --lines, with or without --combine, a line of only \
        whitespace is no input (a saved JWS ends in a newline): it is skipped, and the summary counts it.

        What is not an app receipt is refused with a specific reason: an iOS 6 transaction receipt \
        or an App Attest receipt (not_app_receipt), empty input (empty_input), anything else \
        (unsupported_format). Inputs over --max-size are refused before being read whole.

        An INPUT is a file, or - for standard input. With -r (--recursive) a directory stands for the \
        files under it, sorted, depth first (-R, --dereference-recursive, also follows symbolic links); \
        --files-from FILE adds the paths FILE lists, one a line; with --lines each line of standard input \
        (or of each file given) is one receipt in base64, reported as FILE:LINE. A path that does not \
        exist or cannot be read is reported unreadable (reason unreadable_input) and the run exits 66; so \
        is a directory given without -r, with a hint to add it. A run whose operands, directories and \
        lists hold no input at all says so on standard error and exits 66 (with --combine too): a check of \
        nothing is no pass. --lines over an empty stream is no missing input but a filter's empty chunk: \
        it exits 0 (--combine, which needs an input, exits 64).
        """
}
