#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Whether every certificate of a chain is within its validity period at one moment; shared by
/// receipts (checked at their creation date) and JWS (at their signed date).
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
        // Every receipt passes here: its detail is written as bytes, without making the date a string first.
        var detail: [UInt8] = []
        detail.reserveCapacity(64 + source.utf8.count)
        detail += "every certificate is valid at ".utf8
        if !RFC3339.append(time, to: &detail) {
            detail += "\(time)".utf8
        }
        detail += " (".utf8
        detail += source.utf8
        detail.append(UInt8(ascii: ")"))
        return .pass(.validity, String(decoding: detail, as: UTF8.self))
    }
}
