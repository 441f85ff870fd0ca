/// Where `ValidationOptions.injectedFault` makes a check fail as if OpenSSL had.
package enum InjectedFault: String, Sendable, CaseIterable {
    /// The receipt signature check throws instead of answering.
    case signatureCheck = "signature_check"
    /// A SHA-1 receipt signature is refused as RHEL 9's policy refuses it, with the provider's own code.
    case sha1Policy = "sha1_policy"
    /// A chain's SHA-1 certificate signature is refused as RHEL 9's policy refuses it, with the provider's code.
    case sha1ChainPolicy = "sha1_chain_policy"
}
