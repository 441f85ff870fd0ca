#!/bin/sh
# Says what is missing to build receipt-check and how to get it. Exits 1 if anything is.
missing=0
os=$(uname -s)

say() { printf '%s\n' "$*"; }

if command -v swift >/dev/null 2>&1; then
  say "ok      swift: $(swift --version 2>/dev/null | head -n 1)"
else
  say "MISSING swift: install a Swift 6 toolchain (https://www.swift.org/install)"
  missing=1
fi

if command -v pkg-config >/dev/null 2>&1; then
  say "ok      pkg-config: $(pkg-config --version)"
else
  missing=1
  case "$os" in
    Darwin) say "MISSING pkg-config: brew install pkg-config" ;;
    *) say "MISSING pkg-config: sudo apt-get install pkg-config" ;;
  esac
fi

if pkg-config --exists 'libcrypto >= 3' 2>/dev/null; then
  say "ok      OpenSSL headers: $(pkg-config --modversion libcrypto) ($(pkg-config --cflags libcrypto | tr -d '\n'))"
else
  missing=1
  if pkg-config --exists libcrypto 2>/dev/null; then
    say "MISSING OpenSSL 3: pkg-config finds OpenSSL $(pkg-config --modversion libcrypto), receipt-check needs 3.0 or later"
  else
    say "MISSING OpenSSL 3 headers: pkg-config cannot find 'libcrypto'"
  fi
  case "$os" in
    Darwin)
      say "        brew install openssl@3"
      say "        export PKG_CONFIG_PATH=\"\$(brew --prefix openssl@3)/lib/pkgconfig:\$PKG_CONFIG_PATH\""
      say "        (SwiftPM only warns when pkg-config fails, so without this the build breaks later)" ;;
    *) say "        sudo apt-get install libssl-dev" ;;
  esac
fi

if command -v openssl >/dev/null 2>&1; then
  say "ok      openssl command: $(openssl version)"
else
  say "MISSING openssl command (the tests cross-check signatures with it): apt-get install openssl / brew install openssl@3"
  missing=1
fi

# libcurl is not linked: `receipt-check api` opens it when it sends a request (and its tests need it).
if ldconfig -p 2>/dev/null | grep -q 'libcurl\.so\.4 ' || [ -e /usr/lib/libcurl.4.dylib ]; then
  say "ok      libcurl (for receipt-check api, opened when a request is made)"
else
  say "MISSING libcurl, for receipt-check api and its tests (building does not need it): sudo apt-get install libcurl4"
fi

# make release and make install link the Swift runtime statically (RELEASE_FLAGS, Makefile): the toolchain's
# static stdlib must be there and carry every module the shipped product imports (it has no Testing, for one).
if [ "$os" = Linux ] && command -v swift >/dev/null 2>&1; then
  static=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift_static/linux
  if [ ! -f "$static/static-stdlib-args.lnk" ]; then
    missing=1
    say "MISSING static Swift stdlib ($static), which make release and make install link in:"
    say "        install a swift.org toolchain (it carries lib/swift_static), or build without it:"
    say "        make install RELEASE_FLAGS=   (the binary then needs the toolchain's libraries at run time)"
  else
    absent=""
    root=$(cd "$(dirname "$0")/.." && pwd)
    # The shipped product's targets (Package.swift: receipt-check and what it depends on), not the test ones.
    imports=$(cd "$root/Sources" && find ReceiptSystem ReceiptKit ReceiptKitTesting ReceiptCheckCLI receipt-check \
      -name '*.swift' -exec sed -n 's/^[[:space:]]*\(@preconcurrency \|public \|package \|internal \)*import \([A-Za-z_]*\).*/\2/p' {} + |
      sort -u)
    for module in $imports; do
      case $module in
        CReceipt | CCurl | ReceiptSystem | ReceiptKit | ReceiptKitTesting | ReceiptCheckCLI | Darwin) ;;
        *) [ -e "$static/$module.swiftmodule" ] || absent="$absent $module" ;;
      esac
    done
    if [ -n "$absent" ]; then
      missing=1
      say "MISSING in the static Swift stdlib ($static):$absent, imported by the shipped product;"
      say "        make install fails to build. Use a toolchain whose static stdlib has them, or make install RELEASE_FLAGS="
    else
      say "ok      static Swift stdlib: every module receipt-check imports ($static)"
    fi
  fi
fi

# make release links with the toolchain's lld where it has one (RELEASE_FLAGS, Makefile: a faster start),
# and with the system's linker otherwise.
if [ "$os" = Linux ] && command -v swift >/dev/null 2>&1; then
  lld=$(dirname "$(readlink -f "$(command -v swift)")")/ld.lld
  if [ -x "$lld" ]; then
    say "ok      lld beside swift, which make release links with ($lld)"
  else
    say "note    no lld beside swift ($lld): make release links with the system's linker (the binary starts a little slower)"
  fi
fi

# The other ways in (docs/install.md): not needed to build, each named with what it is for.
if ! command -v man >/dev/null 2>&1 || ! command -v groff >/dev/null 2>&1; then
  say "note    man or groff missing: the installed man page cannot be read (sudo apt-get install man-db groff-base)"
fi
if command -v apt-get >/dev/null 2>&1; then
  if command -v dpkg-buildpackage >/dev/null 2>&1 && command -v dh >/dev/null 2>&1; then
    say "ok      Debian packaging: dpkg-buildpackage and debhelper (docs/install.md)"
  else
    say "note    dpkg-buildpackage or debhelper missing, for the .deb (docs/install.md): sudo apt-get install dpkg-dev debhelper"
  fi
  command -v debootstrap >/dev/null 2>&1 ||
    say "note    debootstrap missing, for make test-install's clean Debian root: sudo apt-get install debootstrap"
fi

corpus=${RECEIPT_CORPUS:-../shared/corpus}
if [ -f "$corpus/MANIFEST.json" ]; then
  say "ok      receipt corpus: $corpus"
else
  say "note    receipt corpus not found at $corpus (set RECEIPT_CORPUS); corpus tests will fail loudly"
fi
exit $missing
