internal import CReceipt
import ReceiptKit

/// Owns one `X509_NAME` and frees it when the last reference goes.
final class OwnedName {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        X509_NAME_free(pointer)
    }

    /// `C=US, O=<organization>, OU=<unit>, CN=<common name>`, the order Apple's names use.
    convenience init(
        commonName: String, organizationalUnit: String, organization: String = TestPKI.Name.organization,
        country: String = "US"
    ) throws(OpenSSLError) {
        guard let name = X509_NAME_new() else {
            throw OpenSSLError.drain("creating a certificate name")
        }
        self.init(name)
        for (field, value) in [("C", country), ("O", organization), ("OU", organizationalUnit), ("CN", commonName)] {
            let added = value.withCString { text in
                X509_NAME_add_entry_by_txt(name, field, CReceipt_MBSTRING_UTF8(), text, -1, -1, 0)
            }
            guard added == 1 else {
                throw OpenSSLError.drain("adding \(field)=\(value) to a certificate name")
            }
        }
    }

    /// A copy of the subject of the DER certificate `der` (to mint a look-alike of a real CA).
    convenience init(subjectOf der: [UInt8]) throws(OpenSSLError) {
        let cert = try OwnedCertificate(derOrPEM: der)
        guard let subject = X509_get_subject_name(cert.pointer), let copy = X509_NAME_dup(subject) else {
            throw OpenSSLError.drain("copying a certificate's subject name")
        }
        self.init(copy)
    }
}
