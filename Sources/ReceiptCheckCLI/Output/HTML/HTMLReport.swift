import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One input's report as a section of the page. Every input value goes through `HTMLWriter.text` or a table
/// cell; the cells keyed `data-key` show the value exactly as `--json` writes that key.
struct HTMLReport {
    let verdict: Verdict
    let detailed: Bool

    /// `open`: shown unfolded (one input); a batch's sections start folded.
    func write(open: Bool, into html: inout HTMLWriter) {
        let report = verdict.report
        html.raw(open ? "<details class=\"input\" open>\n" : "<details class=\"input\">\n")
        html.raw(Self.banner(report.status))
        html.element("span", class: "name", report.input)
        html.raw(" <span class=\"why\">")
        if let reason = report.reason {
            html.text(reason.rawValue)
            html.raw(": ")
            html.text(report.message ?? reason.summary)
        } else {
            html.raw("every check passed")
        }
        html.raw("</span></summary>\n<div class=\"body\">\n")
        let sources = TimelineSources(report)
        decisions(into: &html)
        let timeline = Timeline(sources, decisions: verdict.decisions)
        if !timeline.rows.isEmpty || timeline.original != nil {
            html.raw("<h2>Timeline</h2>\n")
            TimelineSVG.write(timeline, legend: open, into: &html)
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

    /// The banner's opening up to the input's name: a sign beside the word, so the status never rests on colour.
    private static func banner(_ status: ValidationReport.Status) -> String {
        switch status {
        case .valid: "<summary class=\"banner valid\"><span class=\"verdict\">\u{2713} VALID</span> "
        case .invalid: "<summary class=\"banner invalid\"><span class=\"verdict\">\u{2717} INVALID</span> "
        case .malformed: "<summary class=\"banner malformed\"><span class=\"verdict\">! MALFORMED</span> "
        case .unreadable: "<summary class=\"banner unreadable\"><span class=\"verdict\">! UNREADABLE</span> "
        }
    }

    static let decisionsTable = HTMLTable(
        class: "decisions", caption: "Each entitlement, granted, denied or unknown, and why",
        headings: """
            <th data-key="name">entitlement</th>\
            <th>decision</th>\
            <th>reasons</th>\
            <th data-key="message">message</th>
            """)
    static let subscriptionsTable = HTMLTable(
        class: "subscriptions",
        headings: """
            <th data-key="product_id">product</th>\
            <th data-key="state">state</th>\
            <th>periods</th>\
            <th>free trial</th>
            """)

    private func decisions(into html: inout HTMLWriter) {
        guard let results = verdict.decisions else { return }
        if !results.entitlements.isEmpty {
            html.raw("<h2>Decisions at ")
            html.date(results.time)
            html.raw("</h2>\n")
            html.open(Self.decisionsTable)
            for decision in results.entitlements {
                html.startRow()
                html.cell(decision.name)
                switch decision.decision {
                case .granted: html.raw("<td>\u{2713} granted</td>")
                case .denied: html.raw("<td>\u{2717} denied</td>")
                case .unknown: html.raw("<td>? unknown: ask Apple again</td>")
                }
                if decision.reasons.isEmpty {
                    html.raw("<td>no rule satisfied</td>")
                } else {
                    html.raw("<td>")
                    for (index, reason) in decision.reasons.enumerated() {
                        if index > 0 { html.raw("; ") }
                        html.text(reason)
                    }
                    html.raw("</td>")
                }
                html.cell(decision.message)
                html.endRow()
            }
            html.closeTable()
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
            html.open(Self.subscriptionsTable, caption: "Subscriptions at " + RuleReportText.show(results.time))
            for status in results.subscriptions {
                html.startRow()
                html.cell(status.productID)
                html.cell(status.state.rawValue)
                html.cell(count: status.periods.count)
                html.cell(status.trialTimeline.map { RuleReportText.days($0, start: "started") })
                html.endRow()
            }
            html.closeTable()
        }
    }

    static let purchasesTable = HTMLTable(
        class: "purchases", caption: "In-app purchases",
        headings: """
            <th data-key="product_id">product</th>\
            <th data-key="transaction_id">transaction</th>\
            <th data-key="original_transaction_id">original transaction</th>\
            <th data-key="purchase_date">purchased</th>\
            <th data-key="expires_date">expires</th>\
            <th data-key="cancellation_date">cancelled</th>\
            <th data-key="is_trial_period">trial</th>\
            <th data-key="is_in_intro_offer_period">intro offer</th>\
            <th data-key="promotional_offer_id">promotional offer</th>\
            <th data-key="quantity">quantity</th>
            """)
    static let transactionsTable = HTMLTable(
        class: "transactions", caption: "Transactions",
        headings: """
            <th data-key="productId">product</th>\
            <th data-key="type">type</th>\
            <th data-key="transactionId">transaction</th>\
            <th data-key="originalTransactionId">original transaction</th>\
            <th data-key="purchaseDate">purchased</th>\
            <th data-key="expiresDate">expires</th>\
            <th data-key="revocationDate">revoked</th>\
            <th data-key="isUpgraded">upgraded</th>\
            <th data-key="offerType">offer type</th>\
            <th data-key="offerIdentifier">offer</th>\
            <th data-key="appAccountToken">account token</th>
            """)
    static let renewalsTable = HTMLTable(
        class: "renewals", caption: "Renewal information",
        headings: """
            <th data-key="productId">product</th>\
            <th data-key="autoRenewProductId">renews to</th>\
            <th data-key="autoRenewStatus">auto\u{2011}renew</th>\
            <th data-key="renewalDate">renewal date</th>\
            <th data-key="gracePeriodExpiresDate">grace period ends</th>\
            <th data-key="isInBillingRetryPeriod">billing retry</th>\
            <th data-key="expirationIntent">expiration intent</th>\
            <th data-key="offerIdentifier">offer</th>
            """)

    private func purchases(_ sources: TimelineSources, into html: inout HTMLWriter) {
        for receipt in sources.receipts where !receipt.purchases.isEmpty {
            html.open(Self.purchasesTable)
            for purchase in receipt.purchases {
                html.startRow()
                html.cell(purchase.productID)
                html.cell(purchase.transactionID)
                html.cell(purchase.originalTransactionID)
                html.cell(date: purchase.purchaseDate)
                html.cell(date: purchase.expiresDate)
                html.cell(date: purchase.cancellationDate)
                html.cell(flag: purchase.isTrialPeriod)
                html.cell(flag: purchase.isInIntroOfferPeriod)
                html.cell(purchase.promotionalOfferID)
                html.cell(count: purchase.quantity.map(Int.init))
                html.endRow()
            }
            html.closeTable()
        }
        if !sources.transactions.isEmpty {
            html.open(Self.transactionsTable)
            for transaction in sources.transactions {
                html.startRow()
                html.cell(transaction.productId)
                html.cell(transaction.type?.rawValue)
                html.cell(transaction.transactionId)
                html.cell(transaction.originalTransactionId)
                cell(transaction.purchaseDate, into: &html)
                cell(transaction.expiresDate, into: &html)
                cell(transaction.revocationDate, into: &html)
                html.cell(flag: transaction.isUpgraded)
                html.cell(count: transaction.offerType.map { Int($0.rawValue) })
                html.cell(transaction.offerIdentifier)
                html.cell(transaction.appAccountToken)
                html.endRow()
            }
            html.closeTable()
        }
        if !sources.renewals.isEmpty {
            html.open(Self.renewalsTable)
            for renewal in sources.renewals {
                html.startRow()
                html.cell(renewal.productId)
                html.cell(renewal.autoRenewProductId)
                html.cell(count: renewal.autoRenewStatus.map { Int($0.rawValue) })
                cell(renewal.renewalDate, into: &html)
                cell(renewal.gracePeriodExpiresDate, into: &html)
                html.cell(flag: renewal.isInBillingRetryPeriod)
                html.cell(count: renewal.expirationIntent.map { Int($0.rawValue) })
                html.cell(renewal.offerIdentifier)
                html.endRow()
            }
            html.closeTable()
        }
    }

    static let elementsTable = HTMLTable(
        class: "elements", caption: "Signed elements",
        headings: """
            <th>element</th>\
            <th data-key="input">input</th>\
            <th data-key="status">status</th>\
            <th data-key="reason">reason</th>\
            <th>what</th>
            """)
    static let inputsTable = HTMLTable(
        class: "inputs", caption: "Inputs combined",
        headings: """
            <th data-key="input">input</th>\
            <th data-key="status">status</th>\
            <th data-key="reason">reason</th>\
            <th>what</th>
            """)

    /// The decoded fields of what the input is, as the text report lists them.
    private func contents(_ report: ValidationReport, into html: inout HTMLWriter) {
        switch report.contents {
        case .receipt(let receipt):
            html.raw("<h2>Receipt</h2>\n<dl class=\"fields\">\n")
            for (label, value) in ReportText.rows(receipt, report: report, detailed: detailed) {
                html.field(label, value)
            }
            html.raw("</dl>\n")
        case .signedData(let jws):
            html.raw("<h2>Signed data</h2>\n")
            signedData(jws, into: &html)
        case .response(let response):
            html.raw("<h2>Response</h2>\n<dl class=\"fields\">\n")
            html.field("response", response.kind.title)
            // Each as it came: Apple does not sign a response's own members.
            html.field("bundle id (unsigned)", response.fields["bundleId"]?.shown)
            html.field("app apple id (unsigned)", response.fields["appAppleId"]?.shown)
            html.field("environment (unsigned)", response.fields["environment"]?.shown)
            html.field("has more (unsigned)", response.fields["hasMore"]?.shown)
            html.field("revision (unsigned)", response.fields["revision"]?.shown)
            html.raw("</dl>\n")
            html.open(Self.elementsTable)
            for (index, element) in response.elements.enumerated() {
                html.startRow()
                html.cell(count: index)
                html.cell(element.input)
                html.cell(element.status.rawValue)
                html.cell(element.reason?.rawValue)
                html.cell(element.jws.flatMap(ResponseReportText.summary))
                html.endRow()
            }
            html.closeTable()
        case .combination(let inputs):
            html.open(Self.inputsTable)
            for input in inputs {
                html.startRow()
                html.cell(input.input)
                html.cell(input.status.rawValue)
                html.cell(input.reason?.rawValue)
                html.cell(
                    input.receipt != nil
                        ? "app receipt"
                        : input.response.map { "\($0.kind.title), \($0.elements.count) elements" }
                            ?? input.jws?.kind?.rawValue)
                html.endRow()
            }
            html.closeTable()
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
            html.fields(JWSReportText.rows(current, detailed: detailed))
            for member in current.nested.keys.sorted() {
                guard let inner = current.nested[member] else { continue }
                let verdict = VerdictText.render(inner.status, reason: inner.reason)
                if let nested = inner.jws {
                    queue.append(((name.map { $0 + "." } ?? "") + member + ": " + verdict, nested))
                } else {
                    html.element("p", member + ": " + verdict)
                }
            }
        }
    }

    static let checksTable = HTMLTable(
        class: "checks", caption: "Every check made, in order",
        headings: """
            <th data-key="name">check</th>\
            <th data-key="passed">result</th>\
            <th data-key="detail">detail</th>\
            <th data-key="reason">reason</th>
            """)
    static let chainTable = HTMLTable(
        class: "chain", caption: "Certificate chain",
        headings: """
            <th>subject</th>\
            <th>not before</th>\
            <th>not after</th>
            """)

    private func checks(_ report: ValidationReport, into html: inout HTMLWriter) {
        if !report.checks.isEmpty {
            html.raw("<h2>Checks</h2>\n")
            html.open(Self.checksTable)
            for check in report.checks {
                html.startRow()
                html.cell(check.name.rawValue)
                html.raw(check.passed ? "<td>pass</td>" : "<td>FAIL</td>")
                html.cell(check.detail)
                html.cell(check.reason?.rawValue)
                html.endRow()
            }
            html.closeTable()
        }
        if let trust = report.trust {
            html.raw("<p class=\"trust\">trust: ")
            html.text(trust.kind?.rawValue ?? "untrusted")
            if let time = trust.validationTime.flatMap(RFC3339.format) {
                html.raw(", certificates checked at ")
                html.markup(time)
                html.raw(" (")
                for (index, word) in trust.timeSource.split(separator: "_").enumerated() {
                    if index > 0 { html.raw(" ") }
                    html.text(String(word))
                }
                html.raw(")")
            }
            html.raw("</p>")
            if detailed {
                html.open(Self.chainTable)
                for certificate in trust.chain {
                    html.startRow()
                    html.cell(certificate.subject)
                    html.cell(date: certificate.notBefore)
                    html.cell(date: certificate.notAfter)
                    html.endRow()
                }
                html.closeTable()
            }
        }
    }

    /// As the JSON writes a StoreKit 2 date: RFC 3339, or `xcode_placeholder`.
    private func cell(_ date: JWSDate?, into html: inout HTMLWriter) {
        html.raw("<td>")
        if let date {
            let written = date.date.map { html.rfc3339($0) } ?? false
            if !written { html.raw("xcode_placeholder") }
        }
        html.raw("</td>")
    }
}
