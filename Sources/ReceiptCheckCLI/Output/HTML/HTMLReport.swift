import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One input's report as a section of the page: the verdict banner, the decisions, the timeline and
/// its facts, the purchases or transactions, the decoded fields, the checks and the trust.
///
/// Every value that came from an input goes through `HTMLWriter.text` or a table cell (`HTMLText`);
/// the tables' cells keyed `data-key` show the value exactly as `--json` writes that key.
struct HTMLReport {
    let verdict: Verdict
    let detailed: Bool

    /// `open`: shown unfolded (one input); a batch's sections start folded.
    func write(open: Bool, into html: inout HTMLWriter) {
        let report = verdict.report
        let status = report.status.rawValue
        html.raw("<details class=\"input\"" + (open ? " open" : "") + ">\n<summary class=\"banner \(status)\">")
        html.raw("<span class=\"verdict\">\(sign(report.status)) \(status.uppercased())</span> ")
        html.element("span", class: "name", report.input)
        html.raw(" <span class=\"why\">")
        if let reason = report.reason {
            html.text("\(reason.rawValue): \(report.message ?? reason.summary)")
        } else {
            html.raw("every check passed")
        }
        html.raw("</span></summary>\n<div class=\"body\">\n")
        let sources = TimelineSources(report)
        decisions(into: &html)
        let timeline = Timeline(sources, decisions: verdict.decisions)
        if !timeline.rows.isEmpty || timeline.original != nil {
            html.raw("<h2>Timeline</h2>\n")
            TimelineSVG.write(timeline, into: &html)
        }
        if let original = timeline.original, !original.decisions.isEmpty {
            for line in original.decisions {
                html.element("p", class: "grandfathering", line)
                html.raw("\n")
            }
        }
        purchases(sources, into: &html)
        contents(report, into: &html)
        checks(report, into: &html)
        html.raw("</div>\n</details>\n")
    }

    /// A sign beside the word, so the status never rests on colour.
    private func sign(_ status: ValidationReport.Status) -> String {
        switch status {
        case .valid: "\u{2713}"
        case .invalid: "\u{2717}"
        case .malformed: "!"
        }
    }

    private func decisions(into html: inout HTMLWriter) {
        guard let results = verdict.decisions else { return }
        if !results.entitlements.isEmpty {
            html.raw("<h2>Decisions at \(RuleReportText.show(results.time))</h2>\n")
            html.table(
                class: "decisions", caption: "Each entitlement, granted or denied, and why",
                columns: [("entitlement", "name"), ("decision", nil), ("reasons", nil), ("message", "message")],
                rows: results.entitlements.map { decision in
                    [
                        decision.name, decision.granted ? "\u{2713} granted" : "\u{2717} denied",
                        (decision.reasons.isEmpty ? ["no rule satisfied"] : decision.reasons).joined(separator: "; "),
                        decision.message,
                    ]
                })
        }
        if !results.warnings.isEmpty {
            html.raw("<h3>Warnings</h3>\n<ul class=\"warnings\">\n")
            for warning in results.warnings {
                html.element("li", warning)
                html.raw("\n")
            }
            html.raw("</ul>\n")
        }
        if !results.subscriptions.isEmpty {
            html.table(
                class: "subscriptions", caption: "Subscriptions at \(RuleReportText.show(results.time))",
                columns: [("product", "product_id"), ("state", "state"), ("periods", nil), ("free trial", nil)],
                rows: results.subscriptions.map { status in
                    [
                        status.productID, status.state.rawValue, String(status.periods.count),
                        status.trialTimeline.map { RuleReportText.days($0, start: "started") },
                    ]
                })
        }
    }

    private func purchases(_ sources: TimelineSources, into html: inout HTMLWriter) {
        for receipt in sources.receipts where !receipt.purchases.isEmpty {
            html.table(
                class: "purchases", caption: "In-app purchases",
                columns: [
                    ("product", "product_id"), ("transaction", "transaction_id"),
                    ("original transaction", "original_transaction_id"), ("purchased", "purchase_date"),
                    ("expires", "expires_date"), ("cancelled", "cancellation_date"), ("trial", "is_trial_period"),
                    ("intro offer", "is_in_intro_offer_period"), ("promotional offer", "promotional_offer_id"),
                    ("quantity", "quantity"),
                ],
                rows: receipt.purchases.map { purchase in
                    [
                        purchase.productID, purchase.transactionID, purchase.originalTransactionID,
                        date(purchase.purchaseDate), date(purchase.expiresDate), date(purchase.cancellationDate),
                        purchase.isTrialPeriod.map(String.init), purchase.isInIntroOfferPeriod.map(String.init),
                        purchase.promotionalOfferID, purchase.quantity.map(String.init),
                    ]
                })
        }
        if !sources.transactions.isEmpty {
            html.table(
                class: "transactions", caption: "Transactions",
                columns: [
                    ("product", "productId"), ("type", "type"), ("transaction", "transactionId"),
                    ("original transaction", "originalTransactionId"), ("purchased", "purchaseDate"),
                    ("expires", "expiresDate"), ("revoked", "revocationDate"), ("upgraded", "isUpgraded"),
                    ("offer type", "offerType"), ("offer", "offerIdentifier"), ("account token", "appAccountToken"),
                ],
                rows: sources.transactions.map { transaction in
                    [
                        transaction.productId, transaction.type?.rawValue, transaction.transactionId,
                        transaction.originalTransactionId, date(transaction.purchaseDate),
                        date(transaction.expiresDate), date(transaction.revocationDate),
                        transaction.isUpgraded.map(String.init), transaction.offerType?.description,
                        transaction.offerIdentifier, transaction.appAccountToken,
                    ]
                })
        }
        if !sources.renewals.isEmpty {
            html.table(
                class: "renewals", caption: "Renewal information",
                columns: [
                    ("product", "productId"), ("renews to", "autoRenewProductId"), ("auto-renew", "autoRenewStatus"),
                    ("renewal date", "renewalDate"), ("grace period ends", "gracePeriodExpiresDate"),
                    ("billing retry", "isInBillingRetryPeriod"), ("expiration intent", "expirationIntent"),
                    ("offer", "offerIdentifier"),
                ],
                rows: sources.renewals.map { renewal in
                    [
                        renewal.productId, renewal.autoRenewProductId, renewal.autoRenewStatus?.description,
                        date(renewal.renewalDate), date(renewal.gracePeriodExpiresDate),
                        renewal.isInBillingRetryPeriod.map(String.init), renewal.expirationIntent?.description,
                        renewal.offerIdentifier,
                    ]
                })
        }
    }

    /// The decoded fields of what the input is, as the text report lists them.
    private func contents(_ report: ValidationReport, into html: inout HTMLWriter) {
        switch report.contents {
        case .receipt(let receipt):
            html.raw("<h2>Receipt</h2>\n")
            html.fields(ReportText.rows(receipt, report: report, detailed: detailed).map { ($0.0, $0.1) })
        case .signedData(let jws):
            html.raw("<h2>Signed data</h2>\n")
            signedData(jws, into: &html)
        case .response(let response):
            html.raw("<h2>Response</h2>\n")
            var rows: [(label: String, value: String?)] = [("response", response.kind.title)]
            for (label, member) in [
                ("bundle id", "bundleId"), ("app apple id", "appAppleId"), ("environment", "environment"),
                ("has more", "hasMore"), ("revision", "revision"),
            ] {
                rows.append((label + " (unsigned)", response.fields[member]?.shown))
            }
            html.fields(rows)
            html.table(
                class: "elements", caption: "Signed elements",
                columns: [
                    ("element", nil), ("input", "input"), ("status", "status"), ("reason", "reason"), ("what", nil),
                ],
                rows: response.elements.enumerated().map { index, element in
                    [
                        String(index), element.input, element.status.rawValue, element.reason?.rawValue,
                        element.jws.flatMap(ResponseReportText.summary),
                    ]
                })
        case .combination(let inputs):
            html.table(
                class: "inputs", caption: "Inputs combined",
                columns: [("input", "input"), ("status", "status"), ("reason", "reason"), ("what", nil)],
                rows: inputs.map { input in
                    [
                        input.input, input.status.rawValue, input.reason?.rawValue,
                        input.receipt != nil
                            ? "app receipt"
                            : input.response.map { "\($0.kind.title), \($0.elements.count) elements" }
                                ?? input.jws?.kind?.rawValue,
                    ]
                })
        case nil: break
        }
    }

    /// A JWS's fields, then each nested JWS (a notification's) with its verdict, level by level.
    private func signedData(_ jws: JWSReport, into html: inout HTMLWriter) {
        var queue: [(name: String?, report: JWSReport)] = [(nil, jws)]
        var next = 0
        while next < queue.count {
            let (name, current) = queue[next]
            next += 1
            if let name {
                html.element("h3", name)
            }
            html.fields(JWSReportText.rows(current, detailed: detailed).map { ($0.label, $0.value) })
            for member in current.nested.keys.sorted() {
                guard let inner = current.nested[member] else { continue }
                let verdict = inner.status.rawValue.uppercased() + (inner.reason.map { " (\($0.rawValue))" } ?? "")
                if let nested = inner.jws {
                    queue.append(((name.map { $0 + "." } ?? "") + member + ": " + verdict, nested))
                } else {
                    html.element("p", member + ": " + verdict)
                }
            }
        }
    }

    private func checks(_ report: ValidationReport, into html: inout HTMLWriter) {
        if !report.checks.isEmpty {
            html.raw("<h2>Checks</h2>\n")
            html.table(
                class: "checks", caption: "Every check made, in order",
                columns: [("check", "name"), ("result", "passed"), ("detail", "detail"), ("reason", "reason")],
                rows: report.checks.map { check in
                    [check.name.rawValue, check.passed ? "pass" : "FAIL", check.detail, check.reason?.rawValue]
                })
        }
        if let trust = report.trust {
            var line = "trust: \(trust.kind?.rawValue ?? "untrusted")"
            if let time = trust.validationTime.flatMap(RFC3339.format) {
                line +=
                    ", certificates checked at \(time) (\(trust.timeSource.split(separator: "_").joined(separator: " ")))"
            }
            html.element("p", class: "trust", line)
            if detailed {
                html.table(
                    class: "chain", caption: "Certificate chain",
                    columns: [("subject", nil), ("not before", nil), ("not after", nil)],
                    rows: trust.chain.map { certificate in
                        [
                            certificate.subject, certificate.notBefore.flatMap(RFC3339.format),
                            certificate.notAfter.flatMap(RFC3339.format),
                        ]
                    })
            }
        }
    }

    private func date(_ date: Date?) -> String? {
        date.flatMap(RFC3339.format)
    }

    /// As the JSON writes a StoreKit 2 date: RFC 3339, or `xcode_placeholder`.
    private func date(_ date: JWSDate?) -> String? {
        guard let date else { return nil }
        return date.date.flatMap(RFC3339.format) ?? "xcode_placeholder"
    }
}
