#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Whether every certificate of a chain is valid at one moment.
enum ValidityCheck {
    static func check(_ chain: [Certificate], at time: Date, source: String) -> Check {
        var when: String { RFC3339.format(time) ?? "\(time)" }
        for certificate in chain {
            let name = certificate.commonName ?? certificate.subject
            guard let notBefore = certificate.notBefore, let notAfter = certificate.notAfter else {
                return .fail(.validity, .malformed, "\"\(name)\" has an unreadable validity period")
            }
            if time < notBefore {
                return .fail(
                    .validity, .certificateNotYetValid,
                    "\"\(name)\" is not valid until \(RFC3339.format(notBefore) ?? "?") (checked at \(when), \(source))"
                )
            }
            if time > notAfter {
                return .fail(
                    .validity, .certificateExpired,
                    "\"\(name)\" expired at \(RFC3339.format(notAfter) ?? "?") (checked at \(when), \(source))")
            }
        }
        return .pass(.validity, .validity(time, source: source))
    }
}
