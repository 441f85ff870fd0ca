extension ValidationReport {
    /// Every payload of this report that verified: its own, a notification's nested ones, a response's
    /// elements (and theirs). Two levels at most, as verification nests no deeper.
    var verifiedPayloads: [JWSPayload] {
        guard status == .valid else { return [] }
        var payloads: [JWSPayload] = []
        if let jws, let payload = jws.payload {
            payloads.append(payload)
            payloads += jws.nested.values.filter { $0.status == .valid }.compactMap { $0.jws?.payload }
        }
        for element in response?.elements ?? [] where element.status == .valid {
            guard let jws = element.jws, let payload = jws.payload else { continue }
            payloads.append(payload)
            payloads += jws.nested.values.filter { $0.status == .valid }.compactMap { $0.jws?.payload }
        }
        return payloads
    }
}
