internal import CReceipt

/// A message digest OpenSSL computes, fetched once and freed only in `deinit`; each buffer handed to
/// `EVP_Digest` is valid and as long as its count.
@safe package final class Digest: @unchecked Sendable {
    package static let sha1 = Digest(name: "SHA1", displayName: "sha1", size: 20)
    package static let sha256 = Digest(name: "SHA256", displayName: "sha256", size: 32)
    /// StoreKit 2's device verification hash (not a signature digest).
    package static let sha384 = Digest(name: "SHA384", displayName: "sha384", size: 48)

    let algorithm: OpaquePointer?
    /// The error codes queued when the algorithm could not be fetched, drained so no later call gets them.
    let fetchFailure: [UInt]
    package let name: String
    package let size: Int

    /// `name` as OpenSSL fetches it ("SHA1"); `displayName` as reports write it ("sha1").
    init(name: String, displayName: String, size: Int) {
        unsafe algorithm = unsafe EVP_MD_fetch(nil, name, nil)
        fetchFailure = unsafe algorithm == nil ? OpenSSLError.drainEntries().map(\.code) : []
        self.name = displayName
        self.size = size
    }

    deinit {
        unsafe EVP_MD_free(algorithm)
    }

    /// Whether this OpenSSL offers the algorithm (a policy may withhold one).
    var isAvailable: Bool { unsafe algorithm != nil }

    /// The digest of `bytes`.
    package func hash(_ bytes: ArraySlice<UInt8>) throws(OpenSSLError) -> [UInt8] {
        guard let algorithm = unsafe algorithm else {
            throw OpenSSLError.drain("fetching \(name)")
        }
        var output = [UInt8](repeating: 0, count: size)
        var written: UInt32 = 0
        let ok = unsafe bytes.withUnsafeBytes { input in
            unsafe output.withUnsafeMutableBufferPointer { out in
                unsafe EVP_Digest(input.baseAddress, input.count, out.baseAddress, &written, algorithm, nil)
            }
        }
        guard ok == 1, Int(written) == size else {
            throw OpenSSLError.drain("computing \(name)")
        }
        return output
    }
}
