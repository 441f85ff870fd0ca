internal import CReceipt
import ReceiptKit

/// Owns one `X509_NAME` and frees it when the last reference goes. Sound: the name is given in `init` and
/// freed only in `deinit`; OpenSSL copies it wherever it is set.
@safe final class OwnedName {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        unsafe self.pointer = unsafe pointer
    }

    deinit {
        unsafe X509_NAME_free(pointer)
    }

    /// `C=US, O=<organization>, OU=<unit>, CN=<common name>`, the order Apple's names use.
    convenience init(
        commonName: String, organizationalUnit: String, organization: String = TestPKI.Name.organization,
        country: String = "US"
    ) throws(OpenSSLError) {
        guard let name = unsafe X509_NAME_new() else {
            throw OpenSSLError.drain("creating a certificate name")
        }
        unsafe self.init(name)
        for (field, value) in [("C", country), ("O", organization), ("OU", organizationalUnit), ("CN", commonName)] {
            let added = unsafe value.withCString { text in
                unsafe X509_NAME_add_entry_by_txt(name, field, CReceipt_MBSTRING_UTF8(), text, -1, -1, 0)
            }
            guard added == 1 else {
                throw OpenSSLError.drain("adding \(field)=\(value) to a certificate name")
            }
        }
    }

    /// A copy of the subject of the DER certificate `der` (to mint a look-alike of a real CA).
    convenience init(subjectOf der: [UInt8]) throws(OpenSSLError) {
        let cert = try OwnedCertificate(derOrPEM: der)
        guard let subject = unsafe X509_get_subject_name(cert.pointer), let copy = unsafe X509_NAME_dup(subject) else {
            throw OpenSSLError.drain("copying a certificate's subject name")
        }
        unsafe self.init(copy)
    }
}
