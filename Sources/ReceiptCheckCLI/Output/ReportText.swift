import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reports as text for a person, the verdict and why first. Every string from the input goes through
/// `TerminalText`, so that a receipt cannot draw on the terminal or add lines to its own report.
enum ReportText {
    /// `detailed` (inspect) lists every field, purchase and undocumented attribute.
    static func render(_ report: ValidationReport, detailed: Bool) -> String {
        var out = "\(TerminalText.escaped(report.input)): \(VerdictText.render(report.status, reason: report.reason))\n"
        if report.status != .valid, let message = report.message {
            out += "  why: \(TerminalText.escaped(message))\n"
        }
        switch report.contents {
        case .receipt(let receipt): out += fields(receipt, report: report, detailed: detailed)
        case .signedData(let jws): out += JWSReportText.render(jws, detailed: detailed)
        case .response(let response): out += ResponseReportText.render(response, detailed: detailed)
        case .combination(let inputs): out += CombinedReportText.render(inputs)
        case nil: break
        }
        if !report.checks.isEmpty {
            out += "  checks:\n"
            for check in report.checks {
                let mark = check.passed ? "pass" : "FAIL"
                let name = check.name.rawValue.padded(to: 17)
                out += "    \(mark) \(name)\(TerminalText.escaped(check.detail))\n"
            }
        }
        if let trust = report.trust {
            out += "  trust: \(trust.kind?.rawValue ?? "untrusted")"
            if let time = trust.validationTime.flatMap(RFC3339.format) {
                out +=
                    ", certificates checked at \(time) (\(trust.timeSource.split(separator: "_").joined(separator: " ")))"
            }
            out += "\n"
            if detailed {
                for certificate in trust.chain {
                    let window =
                        "\(certificate.notBefore.flatMap(RFC3339.format) ?? "?") .. \(certificate.notAfter.flatMap(RFC3339.format) ?? "?")"
                    out += "    \(TerminalText.escaped(certificate.subject))\n      valid \(window)\n"
                }
            }
        }
        return out
    }

    /// The receipt's fields as label and value (nil: not shown), as the text and HTML reports list them.
    static func rows(_ receipt: ParsedReceipt, report: ValidationReport, detailed: Bool) -> [(String, String?)] {
        var rows: [(String, String?)] = [
            ("bundle id", receipt.bundleID),
            ("app version", receipt.applicationVersion),
            ("original version", receipt.originalApplicationVersion ?? "(absent)"),
            ("environment", "\(receipt.environment.rawValue)" + (receipt.receiptType.map { " (\($0))" } ?? "")),
            ("created", receipt.receiptCreationDate.flatMap(RFC3339.format)),
            ("original purchase", receipt.originalPurchaseDate.flatMap(RFC3339.format)),
            ("expires", receipt.expirationDate.flatMap(RFC3339.format)),
        ]
        if detailed {
            rows += [
                (
                    "format",
                    [report.format?.rawValue, report.encoding?.rawValue.uppercased()].compactMap { $0 }.joined(
                        separator: ", ")
                ),
                ("app item id", receipt.appItemID.map(String.init)),
                ("download id", receipt.downloadID.map(String.init)),
                ("version id", receipt.versionExternalIdentifier.map(String.init)),
                ("age rating", receipt.ageRating),
                ("opaque value", receipt.opaqueValue?.hexString),
                ("sha1 hash", receipt.sha1Hash?.hexString),
            ]
        }
        rows.append(("in-app purchases", String(receipt.purchases.count)))
        return rows
    }

    private static func fields(_ receipt: ParsedReceipt, report: ValidationReport, detailed: Bool) -> String {
        var out = ""
        for (label, value) in rows(receipt, report: report, detailed: detailed) {
            guard let value else { continue }
            out += "  \(label.padded(to: 19))\(TerminalText.escaped(value))\n"
        }
        let shown = detailed ? receipt.purchases[...] : receipt.purchases.prefix(5)
        for (index, purchase) in shown.enumerated() {
            out += "    \(index + 1). " + TerminalText.escaped(describe(purchase, detailed: detailed)) + "\n"
        }
        if shown.count < receipt.purchases.count {
            out += "    ... \(receipt.purchases.count - shown.count) more (inspect lists them all)\n"
        }
        let undocumented = detailed ? receipt.unknownAttributes : [:]
        if !undocumented.isEmpty {
            out += "  undocumented attributes:\n"
            for (type, values) in undocumented.sorted(by: { $0.key < $1.key }) {
                for value in values {
                    out += "    \(type): \(value.hexString)\n"
                }
            }
        }
        return out
    }

    private static func describe(_ purchase: InAppPurchase, detailed: Bool) -> String {
        var parts = [purchase.productID ?? "(no product id)"]
        if let quantity = purchase.quantity, quantity != 1 { parts.append("x\(quantity)") }
        if let date = purchase.purchaseDate.flatMap(RFC3339.format) { parts.append("purchased \(date)") }
        if let date = purchase.expiresDate.flatMap(RFC3339.format) { parts.append("expires \(date)") }
        if let date = purchase.cancellationDate.flatMap(RFC3339.format) { parts.append("REFUNDED \(date)") }
        if purchase.isTrialPeriod == true { parts.append("trial") }
        if purchase.isInIntroOfferPeriod == true { parts.append("intro offer") }
        if detailed {
            if let id = purchase.transactionID { parts.append("transaction \(id)") }
            if let id = purchase.originalTransactionID, id != purchase.transactionID { parts.append("original \(id)") }
            if let id = purchase.promotionalOfferID { parts.append("offer \(id)") }
        }
        return parts.joined(separator: "  ")
    }
}

extension String {
    fileprivate func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
