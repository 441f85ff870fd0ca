/// The page around a run's reports: one self-contained HTML5 document with its stylesheet inline.
///
/// The policy forbids every script and every load (fonts, images, frames, connections), allowing only
/// the inline styles the page carries, so that even a value that escaped `HTMLText` could neither run
/// nor fetch anything; `base-uri` and `form-action`, which `default-src` does not cover, are closed too.
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
