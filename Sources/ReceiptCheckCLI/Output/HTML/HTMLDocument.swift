/// One self-contained HTML5 page around a run's reports. Its policy forbids every script and load, allowing only
/// inline styles, so that even a value that escaped `HTMLText` could neither run nor fetch anything.
enum HTMLDocument {
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    /// Everything before the first report; `main` is closed by `closing`.
    static let opening =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\">\n"
        + "<meta name=\"referrer\" content=\"no-referrer\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        + "<title>receipt-check report</title>\n<style>\n\(HTMLStyle.sheet)</style>\n</head>\n<body>\n<main>\n"

    static let closing = "</main>\n</body>\n</html>\n"
}
