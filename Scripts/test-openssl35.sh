#!/usr/bin/env bash
# make test-openssl35: the whole suite against Debian 13's OpenSSL 3.5. That library needs glibc 2.38,
# newer than a Debian 12 host has, so the suite runs in a Debian 13 root made with debootstrap, with this
# host's Swift toolchain and the project bind-mounted into it. Needs root, debootstrap and the Debian mirror.
#
# The root is kept in OPENSSL35_ROOT (default /var/cache/receipt-check/debian13) and reused while its
# package list is unchanged; it is only a cache: without it, or after a change, it is made again from
# nothing. The build goes to .build/openssl35, apart from the host's.
#   Scripts/test-openssl35.sh [--root-only]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/debian-root.sh
source Scripts/debian-root.sh

root=${OPENSSL35_ROOT:-/var/cache/receipt-check/debian13}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=trixie
# What the toolchain needs to run (the rest comes with minbase), to build (libc, libstdc++ and OpenSSL
# headers, pkg-config, a linker) and what the tests run (openssl, groff, man, the shells, parallel,
# faketime), and libfcgi, which receipt-check serve opens (libsqlite3-0, there for the toolchain, is also what a
# notification store opens).
packages=(binutils libc6-dev libgcc-14-dev libstdc++-14-dev libcurl4t64 libxml2 libsqlite3-0 libncurses6
    zlib1g-dev tzdata libssl-dev pkgconf openssl groff-base man-db zsh fish make parallel faketime libfcgi0t64)

if [ "$(id -u)" != 0 ]; then
    echo "test-openssl35: needs root (debootstrap, chroot and bind mounts)" >&2
    exit 1
fi
command -v debootstrap >/dev/null || { echo "test-openssl35: debootstrap missing (apt-get install debootstrap)" >&2; exit 1; }

swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
toolchain=$(dirname "$swift_bin") # .../usr, bind-mounted at the same path so its rpaths hold
corpus=$(cd "${RECEIPT_CORPUS:-../shared/corpus}" 2>/dev/null && pwd) || {
    echo "test-openssl35: receipt corpus not found (set RECEIPT_CORPUS)" >&2
    exit 1
}
# The exchanges sit beside the corpus in the shared folder unless RECEIPT_VERIFYRECEIPT says otherwise.
exchanges=$(cd "${RECEIPT_VERIFYRECEIPT:-$corpus/../verifyreceipt}" 2>/dev/null && pwd) || {
    echo "test-openssl35: verifyReceipt exchanges not found (set RECEIPT_VERIFYRECEIPT to shared/verifyreceipt)" >&2
    exit 1
}

trixie_root() {
    local include
    include=$(IFS=,; echo "${packages[*]}")
    debootstrap --variant=minbase --include="$include" "$suite" "$1" "$mirror"
}
debian_root test-openssl35 "$root" "$suite ${packages[*]}" trixie_root || exit 1

# --root-only: the root made (or found current) and nothing run. CI starts this at its beginning, beside
# stages that use the cores, since debootstrap waits mostly on the mirror and the disk; the stage then
# finds the root made, or waits on the lock while it is being made.
[ "${1:-}" != --root-only ] || exit 0
mkdir -p "$root/src/receipt-check" "$root/src/corpus" "$root/src/verifyreceipt" "$root$toolchain"
# A private mount namespace: every mount below disappears with the process, however it ends.
unshare --mount --propagation private bash -euo pipefail -c '
    root=$1 project=$2 corpus=$3 toolchain=$4 exchanges=$5
    mount --bind "$project" "$root/src/receipt-check"
    mount --bind "$corpus" "$root/src/corpus"
    mount -o remount,bind,ro "$root/src/corpus"
    mount --bind "$exchanges" "$root/src/verifyreceipt"
    mount -o remount,bind,ro "$root/src/verifyreceipt"
    mount --bind "$toolchain" "$root$toolchain"
    mount -o remount,bind,ro "$root$toolchain"
    mount -t proc proc "$root/proc"
    mount --bind /dev "$root/dev"
    mount -t tmpfs tmpfs "$root/tmp"
    exec chroot "$root" /usr/bin/env -i PATH="$toolchain/bin:/usr/bin:/bin:/usr/sbin:/sbin" HOME=/tmp \
        LANG=C.UTF-8 RECEIPT_CORPUS=/src/corpus RECEIPT_VERIFYRECEIPT=/src/verifyreceipt bash -euo pipefail -c "
        cd /src/receipt-check
        echo \"test-openssl35: \$(grep PRETTY_NAME /etc/os-release), \$(openssl version), glibc \$(ldd --version | head -n 1 | sed \"s/.* //\")\"
        case \$(pkg-config --modversion openssl) in 3.5.*) ;; *) echo \"test-openssl35: not OpenSSL 3.5\" >&2; exit 1 ;; esac
        swift build --scratch-path .build/openssl35 --product receipt-check
        .build/openssl35/debug/receipt-check --version
        .build/openssl35/debug/receipt-check --version | grep -q \"^OpenSSL 3\\.5\\.\" || { echo \"test-openssl35: the binary does not run on OpenSSL 3.5\" >&2; exit 1; }
        # The report schemas and the signing peer (the Python library of Apple) are checked by make test on
        # the host, with a Python venv made for the host; that venv does not run in this root (nor, for the
        # same reason, the mock App Store Server API of make test-api). The tests of the scripts (the gates of
        # make gate-check among them) run on the host, in make test-scripts (python3 and valgrind are
        # not in this root). So do the tests of the store (its kill, full-disk and PostgreSQL restart tests,
        # and the suites run against a throwaway PostgreSQL cluster, which this root has not): the store keeps
        # what the intake verified, and NotificationServiceTests run that verification here.
        swift test --scratch-path .build/openssl35 --skip \"StoreKillTests|StoreFullDiskTests|StorePostgresRestartTests|PostgresStoreTests|NotificationStoreTests|SignedDataStoreTests|ReportSchemaTests|Match(es)?TheSchema|SignPeerConformanceTests|AppStoreAPIPeerConformanceTests|AdvancedCommercePeerConformanceTests|AppStoreAPIScenarioTests|HTMLAPIReportTests|APIUnsignedSchemaTests|^ScriptTests\.\"
    "
' test-openssl35 "$root" "$PWD" "$corpus" "$toolchain" "$exchanges"
