extension ValidationReport {
    /// Records the chain check and the signature check made with its key, in reading order.
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
