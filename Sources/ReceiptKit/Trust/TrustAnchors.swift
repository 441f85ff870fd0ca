import Synchronization

/// A policy's trust anchors, each decoded the first time a chain needs it: a one-shot run names one root.
final class TrustAnchors: Sendable {
    let der: [[UInt8]]
    private let decoded: Mutex<[Certificate?]>

    init(policy: TrustPolicy) {
        der = policy.rootDER
        decoded = Mutex(policy.decodedRoots)
    }

    /// The embedded certificates that are anchors, byte for byte: trusted as the anchors themselves.
    func embedded(in certificates: [Certificate]) -> [Certificate] {
        certificates.filter { certificate in der.contains { $0 == certificate.der } }
    }

    /// How many anchors have been decoded so far (the caller's own roots count from the start).
    var decodedCount: Int { decoded.withLock { $0.count { $0 != nil } } }

    /// Every anchor, decoded (once per verifier).
    func all() throws(OpenSSLError) -> [Certificate] {
        try decoded.withLock { (slots: inout [Certificate?]) throws(OpenSSLError) -> [Certificate] in
            var all: [Certificate] = []
            for index in slots.indices {
                if let certificate = slots[index] {
                    all.append(certificate)
                } else {
                    let certificate = try Certificate(der: der[index])
                    slots[index] = certificate
                    all.append(certificate)
                }
            }
            return all
        }
    }
}
