import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An App Store Server API response as text: what it says of itself, then one row per signed
/// element with its verdict and what it is; inspect adds each element's fields beneath it.
enum ResponseReportText {
    static func render(_ response: ResponseReport, detailed: Bool) -> String {
        var out = "  response           \(response.kind.title)\n"
        for (label, member) in [
            ("bundle id", "bundleId"), ("app apple id", "appAppleId"), ("environment", "environment"),
            ("has more", "hasMore"), ("revision", "revision"),
        ] {
            guard let value = response.fields[member]?.shown else { continue }
            out +=
                "  " + label + String(repeating: " ", count: 19 - label.count) + TerminalText.escaped(value)
                + " (unsigned)\n"
        }
        for (index, element) in response.elements.enumerated() {
            var row =
                "elements[\(index)] \(element.input): \(VerdictText.render(element.status, reason: element.reason))"
            if let summary = element.jws.flatMap(summary) { row += "  " + summary }
            out += "  " + TerminalText.escaped(row) + "\n"
            if detailed, let jws = element.jws {
                out += JWSReportText.render(jws, detailed: true, indent: "      ")
            }
        }
        return out
    }

    /// The few words that tell elements apart: kind, product, ids, dates.
    static func summary(_ jws: JWSReport) -> String? {
        var parts = [jws.kind?.rawValue]
        switch jws.payload {
        case .transaction(let transaction):
            parts += [
                transaction.productId, transaction.transactionId.map { "transaction \($0)" },
                date(transaction.expiresDate).map { "expires \($0)" },
                date(transaction.revocationDate).map { "REVOKED \($0)" },
            ]
        case .renewalInfo(let renewal):
            parts += [
                renewal.productId,
                renewal.autoRenewStatus.map { $0 == .known(.on) ? "auto-renew on" : "auto-renew off" },
                date(renewal.gracePeriodExpiresDate).map { "grace period until \($0)" },
            ]
        case .appTransaction(let app):
            parts += [app.bundleId, app.originalApplicationVersion.map { "original version \($0)" }]
        case .notification(let notification):
            parts.append(
                NotificationPayload.NotificationType.describe(
                    type: notification.notificationType, subtype: notification.subtype))
        case .realtimeRequest, .unidentified, nil:
            break
        }
        let text = parts.compactMap { $0 }.joined(separator: "  ")
        return text.isEmpty ? nil : text
    }

    private static func date(_ date: JWSDate?) -> String? {
        guard let date else { return nil }
        return date.date.flatMap(RFC3339.format) ?? "(Xcode placeholder)"
    }
}
