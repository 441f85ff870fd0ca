# Homebrew formula for receipt-check. As committed it builds the repository's main branch
# (`brew install --HEAD`); `Scripts/update-formula.sh TARBALL URL` adds the url and sha256 of a
# release tarball made by `make dist`. Copy the result into a tap.
class ReceiptCheck < Formula
  desc "Verify and decode App Store receipts and StoreKit 2 signed data"
  homepage "https://github.com/receipt-check/receipt-check"
  license "Apache-2.0"
  head "https://github.com/receipt-check/receipt-check.git", branch: "main"

  depends_on "pkg-config" => :build
  depends_on "openssl@3"

  on_macos do
    depends_on xcode: ["16.0", :build]
  end

  def install
    # SwiftPM finds OpenSSL through pkg-config (the CReceipt system-library target).
    ENV.prepend_path "PKG_CONFIG_PATH", Formula["openssl@3"].opt_lib/"pkgconfig"
    # Homebrew already sandboxes the build; SwiftPM's own sandbox cannot nest inside it. The shipped product
    # alone: the package's test support imports Testing, which not every toolchain carries.
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "receipt-check"
    bin.install ".build/release/receipt-check"
    # Generated from the option tables and committed, so no generation step here.
    man1.install "share/man/man1/receipt-check.1"
    bash_completion.install "share/bash-completion/completions/receipt-check"
    zsh_completion.install "share/zsh/site-functions/_receipt-check"
    fish_completion.install "share/fish/vendor_completions.d/receipt-check.fish"
  end

  test do
    assert_match "OpenSSL 3", shell_output("#{bin}/receipt-check --version")
    # A receipt signed by a throwaway test PKI must verify against that PKI's root...
    (testpath/"spec.json").write <<~JSON
      {"bundle_id": "com.example.app", "application_version": "1",
       "receipt_creation_date": "2024-05-01T12:00:00Z", "in_app": []}
    JSON
    system bin/"receipt-check", "make-test-pki", testpath/"pki"
    system bin/"receipt-check", "make-receipt", "--spec", testpath/"spec.json", "--pki", testpath/"pki",
           "-o", testpath/"test.receipt"
    assert_match "VALID", shell_output("#{bin}/receipt-check --root #{testpath}/pki/root.pem #{testpath}/test.receipt")
    # ...and fail (exit 2) against Apple's roots, which never signed it.
    shell_output("#{bin}/receipt-check #{testpath}/test.receipt", 2)
  end
end
