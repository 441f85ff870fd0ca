/// Verifies an App Store Server API response: each signed element like a single JWS, the whole
/// invalid when any one is, with the element named and those after it left unverified; then the
/// caller's checks on what the response says of itself, which must agree with them too.
struct ResponseVerifier {
    let context: VerificationContext

    private var options: ValidationOptions { context.options }

    func validate(_ response: ServerResponse, into report: inout ValidationReport) {
        let count = response.elements.count
        report.record(
            .pass(
                .container,
                "App Store Server API \(response.kind.title): \(count) signed element\(count == 1 ? "" : "s")"))
        var elements: [ValidationReport] = []
        elements.reserveCapacity(count)
        for (index, element) in response.elements.enumerated() {
            var inner = ValidationReport(input: element.path)
            inner.format = .jws
            // Checked as a single JWS, so a transaction without a bundle id fails the bundle id check; only a renewal
            // info, which names no app, is checked as a notification's nested one is.
            JWSVerifier(context: context).validate(
                element.text, into: &inner, expecting: element.kind, nested: element.kind == .renewalInfo,
                bindsDevice: false)
            elements.append(inner)
            if inner.status == .valid {
                report.record(.pass(.element, "elements[\(index)] \(element.path) (\(element.kind.rawValue)) verified"))
                continue
            }
            let reason = inner.reason ?? .malformed
            let rest = count - index - 1
            let unverified = rest == 0 ? "" : "; the \(rest) element\(rest == 1 ? "" : "s") after it not verified"
            report.record(
                .fail(
                    .element, reason,
                    "elements[\(index)]: \(reason.rawValue) (\(element.path): \(inner.message ?? "not valid"))"
                        + unverified))
            // One failed element decides the body: verifying the rest, each perhaps with a chain of its
            // own, would let a body cost many times a genuine one of as many elements.
            break
        }
        report.response = ResponseReport(kind: response.kind, fields: response.fields, elements: elements)
        checkRequirements(response, into: &report)
        report.status = report.checks.allSatisfy(\.passed) ? .valid : .invalid
    }

    /// The response's own `bundleId`, `environment` and `appAppleId` are unsigned: they can only make it
    /// fail, never pass for an element that did not.
    private func checkRequirements(_ response: ServerResponse, into report: inout ValidationReport) {
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
            if let named = response.field("bundleId") {
                if !named.isIdentical(to: expected) {
                    report.record(
                        .fail(
                            .bundleID, .bundleIDMismatch,
                            "the response's bundleId is \(named.shownAsIdentifier), expected \(expected.shownAsIdentifier)"
                        )
                    )
                }
            } else if response.elements.isEmpty {
                report.record(
                    .fail(
                        .bundleID, .bundleIDMismatch,
                        "the response has no signed element and no bundleId to compare with \(expected)"))
            }
        }
        if let expected = options.environment, let named = response.field("environment"),
            ReceiptEnvironment(storeKit: named) != expected
        {
            report.record(
                .fail(
                    .environment, .environmentMismatch,
                    "the response's environment is \(named.shownAsIdentifier), expected \(expected.rawValue)"))
        }
        // Apple's HistoryResponse and StatusResponse always name the app's Apple id in production: one
        // without it is checked as absent, production told by the response or any of its signed elements.
        let value = response.fields["appAppleId"]
        if let expected = options.appAppleID, value != nil || response.kind.namesAppAppleID {
            let carried = value.map { (try? Int64(json: $0)) ?? -1 }
            let elements = report.response?.elements ?? []
            let isProduction =
                ReceiptEnvironment(storeKit: response.field("environment")) == .production
                || elements.contains { ReceiptEnvironment(storeKit: $0.jws?.payload?.environment) == .production }
            report.record(
                AppAppleIDCheck.check(
                    expected: expected, carried: carried, isProduction: isProduction, what: "response"))
        }
    }
}
