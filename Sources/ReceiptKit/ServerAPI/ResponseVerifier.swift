/// Verifies an App Store Server API response: each signed element like a single JWS, invalid when any one
/// is, then the caller's checks on what the response says of itself.
struct ResponseVerifier {
    let context: VerificationContext

    private var options: ValidationOptions { context.options }

    func validate(_ response: ServerResponse, into report: inout ValidationReport) {
        var elements = ResponseElements(context: context)
        for element in response.elements {
            elements.add(element)
        }
        finish(response.kind, fields: response.fields, elements: &elements, into: &report)
    }

    /// The report on a response whose `elements` were verified as they came (`fields` its unsigned members).
    func finish(
        _ kind: ServerResponse.Kind, fields: [String: JSONValue], elements: inout ResponseElements,
        into report: inout ValidationReport
    ) {
        let count = elements.count
        let namingApp = elements.namingApp
        report.response = ResponseReport(kind: kind, fields: fields, elements: elements.finish(kind, into: &report))
        checkRequirements(kind, fields: fields, count: count, namingApp: namingApp, into: &report)
        report.status = report.checks.allSatisfy(\.passed) ? .valid : .invalid
    }

    /// The response's own members are unsigned: they can only make it fail, never pass.
    private func checkRequirements(
        _ kind: ServerResponse.Kind, fields: [String: JSONValue], count: Int, namingApp: Int,
        into report: inout ValidationReport
    ) {
        // Asked for and not checkable is a failure, as for a receipt or a notification: never a pass.
        if options.deviceVerificationID != nil {
            report.record(
                .fail(
                    .deviceVerification, .deviceVerificationMismatch,
                    "an App Store Server API response comes from Apple's server, not the device: each transaction's "
                        + "deviceVerification is that of the device that made it; check the transaction the device sent"
                ))
        }
        if let expected = options.bundleID {
            if let named = fields["bundleId"]?.stringValue {
                if !named.isIdentical(to: expected) {
                    report.record(
                        .fail(
                            .bundleID, .bundleIDMismatch,
                            "the response's bundleId is \(named.shownAsIdentifier), expected \(expected.shownAsIdentifier)"
                        )
                    )
                }
            } else if count == 0 {
                report.record(
                    .fail(
                        .bundleID, .bundleIDMismatch,
                        "the response has no signed element and no bundleId to compare with \(expected)"))
            }
            // Renewal infos name no app: only the unsigned bundleId would tie them to this one.
            if count > 0, namingApp == 0 {
                report.record(
                    .fail(
                        .bundleID, .bundleIDMismatch,
                        "no signed element names the app (the response's are renewal infos, which name none): "
                            + "nothing signed ties it to \(expected)"))
            }
        }
        if let expected = options.environment, let named = fields["environment"]?.stringValue,
            ReceiptEnvironment(storeKit: named) != expected
        {
            report.record(
                .fail(
                    .environment, .environmentMismatch,
                    "the response's environment is \(named.shownAsIdentifier), expected \(expected.rawValue)"))
        }
        // In production Apple's HistoryResponse and StatusResponse always name the app's Apple id.
        let value = fields["appAppleId"]
        if let expected = options.appAppleID, value != nil || kind.namesAppAppleID {
            let carried = value.map { (try? Int64(json: $0)) ?? -1 }
            let elements = report.response?.elements ?? []
            let isProduction =
                ReceiptEnvironment(storeKit: fields["environment"]?.stringValue) == .production
                || elements.contains { ReceiptEnvironment(storeKit: $0.jws?.payload?.environment) == .production }
            report.record(
                AppAppleIDCheck.check(
                    expected: expected, carried: carried, isProduction: isProduction, what: "response"))
        }
    }
}
