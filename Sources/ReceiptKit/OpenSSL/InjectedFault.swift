/// Where `ValidationOptions.injectedFault` makes a check fail as if OpenSSL had.
package enum InjectedFault: String, Sendable, CaseIterable {
    /// The receipt signature check throws instead of answering.
    case signatureCheck = "signature_check"
    /// A SHA-1 receipt signature check is refused as RHEL 9's crypto policy refuses it (upstream OpenSSL
    /// has no setting that does), with the provider's own "digest not allowed" code.
    case sha1Policy = "sha1_policy"
    /// A chain is refused as RHEL 9's crypto policy refuses a SHA-1 certificate signature in it
    /// (`X509_V_ERR_CA_MD_TOO_WEAK` there), with the provider's own "digest not allowed" code.
    case sha1ChainPolicy = "sha1_chain_policy"
}
