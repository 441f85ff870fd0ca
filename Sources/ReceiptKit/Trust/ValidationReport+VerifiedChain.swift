extension ValidationReport {
    /// Records what a chain check found and the signature check made with its signer's key (nil when
    /// the chain yielded no key), in reading order: the signer, its signature, then what the chain proves.
    mutating func record(_ chain: VerifiedChain, signature: Check?) {
        for (name, detail) in chain.passed where name == .signer {
            record(.pass(name, detail))
        }
        if let signature {
            record(signature)
        }
        for (name, detail) in chain.passed where name != .signer {
            record(.pass(name, detail))
        }
        if let failure = chain.failure {
            record(.fail(failure.check, failure.reason, failure.detail))
        }
        trust?.kind = chain.failure == nil ? chain.kind : nil
        trust?.chain = chain.chainInfo
    }
}
