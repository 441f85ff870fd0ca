#!/usr/bin/env bash
# make test-install: every documented way in (README.md, docs/install.md), taken as a person takes it, from
# this clone. Each step prints its wall time; the first that fails ends the run with its status.
#   release    make release: the optimised receipt-check (RELEASE_SCRATCH; CI's is built already)
#   install    make install into a staged DESTDIR/PREFIX; the installed binary prints --version, its man
#              page renders (man -l), it verifies Fixtures/valid.receipt, runs the console examples of the
#              README and docs/ (DocExampleTests with RECEIPT_CHECK_DOC_BIN; needs `swift build
#              --build-tests` done) and the shell examples of examples/ci and examples/paywall
#   uninstall  make uninstall with the same variables: no file left (the directories stay: see docs/install.md)
#   deb        make dist, then the .deb made from the tarball as docs/install.md says, installed with apt
#              into a clean Debian 12 root (debootstrap minbase, cached) and run there (needs root)
#   brew       the Homebrew formula's install lines in a scratch prefix, then its `test do` (Scripts/formula-steps.py)
# After the release step (CI's run: all five, release-cli's build of this commit), deb and brew package that
# binary and compile nothing: the .deb's rules run make release with SWIFT=true and the release's scratch path,
# and the formula's swift build is pointed at it. What they prove there is the packaging of the release binary
# (files, dependencies, install, run in the clean root, the formula's test). Run without the release step
# (`Scripts/test-install.sh deb brew`), they build in the unpacked tarball as a packager does: that run proves
# the tarball builds too.
# The other examples run in their own stages: examples/library (make test-library-example), examples/spark
# (make test-spark), examples/verifyreceipt-endpoint (make test-endpoint), examples/ci/github-actions.yml
# (make lint's actionlint, WorkflowExampleTests).
#
#   Scripts/test-install.sh [STEP...]   (default: all five, in that order)
#   Scripts/test-install.sh --root-only the Debian root made (or found current), nothing run: CI starts this early
#
# The Debian root is kept in INSTALL_TEST_ROOT (default /var/cache/receipt-check/debian12) and reused while its
# package list is unchanged; each run installs into a throwaway overlay (or copy) of it, so it stays clean.
# DEB_BUILD_OPTIONS passes through (CI: nocheck noautodbgsym; its packaging tests are suites of make test).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/debian-root.sh
source Scripts/debian-root.sh
project=$(pwd)
work=$project/.build/test-install
root=${INSTALL_TEST_ROOT:-/var/cache/receipt-check/debian12}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=bookworm
export RELEASE_SCRATCH=${RELEASE_SCRATCH:-.build}
corpus=${RECEIPT_CORPUS:-../shared/corpus}
# The release step's scratch path, absolute: set, the deb and brew steps package its binary.
released=""

fail() {
    echo "test-install: $*" >&2
    exit 1
}

# The pristine root: Debian 12 minbase with apt's package lists and libssl3's package downloaded (not
# installed), so that installing the .deb resolves and fetches its dependencies as apt would, offline.
bookworm_root() {
    local dir=$1
    debootstrap --variant=minbase "$suite" "$dir" "$mirror" &&
        cp /etc/resolv.conf "$dir/etc/resolv.conf" &&
        chroot "$dir" apt-get update -qq &&
        chroot "$dir" apt-get install -y -qq --download-only libssl3 &&
        ! chroot "$dir" dpkg -s libssl3
}

make_root() {
    [ "$(id -u)" = 0 ] || fail "the Debian root needs root (debootstrap, chroot)"
    command -v debootstrap >/dev/null || fail "debootstrap missing (apt-get install debootstrap)"
    debian_root test-install "$root" "$suite minbase lists libssl3" bookworm_root || exit 1
}

step_release() {
    make release
    [ -x "$RELEASE_SCRATCH/release/receipt-check" ] || fail "make release made no $RELEASE_SCRATCH/release/receipt-check"
    released=$(cd "$RELEASE_SCRATCH" && pwd)
}

# The staged prefix: DESTDIR holds an empty PREFIX, as a machine's /usr/local would be.
destdir=$work/destdir
prefix=/opt/receipt-check
files_in() {
    (cd "$1" && find . -mindepth 1 \( -type f -o -type l \) | sort)
}

step_install() {
    rm -rf "$destdir"
    mkdir -p "$destdir$prefix"
    make install DESTDIR="$destdir" PREFIX="$prefix"
    local bin=$destdir$prefix/bin installed
    installed=$(files_in "$destdir")
    printf 'installed:\n%s\n' "$installed"
    for file in bin/receipt-check share/man/man1/receipt-check.1 share/bash-completion/completions/receipt-check \
        share/zsh/site-functions/_receipt-check share/fish/vendor_completions.d/receipt-check.fish; do
        grep -qx "./${prefix#/}/$file" <<<"$installed" || fail "make install did not install $prefix/$file"
    done
    local version
    version=$("$bin/receipt-check" --version) || fail "the installed binary's --version failed"
    echo "$version"
    grep -q '^OpenSSL 3' <<<"$version" || fail "the installed binary names no OpenSSL 3"
    # Off a terminal man prints overstruck bold (x BACKSPACE x): removed before reading the text.
    MANWIDTH=80 man -l "$destdir$prefix/share/man/man1/receipt-check.1" >"$work/man.raw" ||
        fail "man -l failed on the installed man page"
    sed 's/.\x08//g' "$work/man.raw" >"$work/man.txt"
    grep -q '^NAME' "$work/man.txt" || fail "man -l did not render the installed man page: $(head -n 5 "$work/man.txt")"
    echo "man -l: $(wc -l <"$work/man.txt") lines"
    "$bin/receipt-check" verify --root Fixtures/pki/root.pem Fixtures/valid.receipt >"$work/verify.txt" ||
        { cat "$work/verify.txt" >&2; fail "the installed binary did not verify Fixtures/valid.receipt"; }
    head -n 1 "$work/verify.txt"
    # The examples as a person runs them: with the installed receipt-check first on PATH.
    for example in examples/ci/check.sh examples/ci/storekit2/check.sh examples/paywall/blog.sh \
        examples/paywall/devtool.sh examples/paywall/trial.sh; do
        PATH="$bin:$PATH" sh "$example" >"$work/example.log" 2>&1 ||
            { cat "$work/example.log" >&2; fail "$example failed with the installed receipt-check"; }
        echo "$example: $(tail -n 1 "$work/example.log")"
    done
    # The README's and docs' console examples, run by the installed binary (built tests: CI's build stage).
    # Tests that stopped reading it would run the built binary instead: the installed one would go untested.
    grep -rqs RECEIPT_CHECK_DOC_BIN Tests/ ||
        fail "DocExampleTests do not read RECEIPT_CHECK_DOC_BIN: they would not run the installed binary"
    RECEIPT_CORPUS=$corpus RECEIPT_CHECK_DOC_BIN=$bin swift test --skip-build --filter DocExampleTests \
        >"$work/doc-examples.log" 2>&1 || { tail -n 40 "$work/doc-examples.log" >&2; fail "DocExampleTests failed"; }
    grep -E 'Test run with|passed after' "$work/doc-examples.log" | tail -n 1 ||
        fail "no test summary in doc-examples.log (DocExampleTests ran nothing?)"
}

step_uninstall() {
    [ -d "$destdir$prefix" ] || fail "nothing installed in $destdir (run the install step first)"
    make uninstall DESTDIR="$destdir" PREFIX="$prefix"
    local left
    left=$(files_in "$destdir")
    [ -z "$left" ] || fail "make uninstall left files: $left"
    echo "uninstall: no file left under $destdir; empty directories kept: $(cd "$destdir" && find . -mindepth 1 -type d | wc -l)"
}

step_deb() {
    local tarball version src deb
    tarball=$(make --no-print-directory dist | tail -n 1)
    version=${tarball#receipt-check-}
    version=${version%.tar.gz}
    rm -rf "$work/deb"
    mkdir -p "$work/deb"
    mv "$tarball" "$work/deb/"
    (
        cd "$work/deb"
        tar xzf "$tarball"
        cp "$tarball" "receipt-check_$version.orig.tar.gz"
        cd "receipt-check-$version"
        DEBFULLNAME='receipt-check CI' DEBEMAIL=ci@example.org Scripts/debian-dir.sh
        # -d: a swift.org toolchain is not known to dpkg (docs/install.md). Without the release step, the
        # tarball's own scratch path, as a packager's; after it, its binary (the same commit), so the rules'
        # make release compiles nothing (SWIFT=true) and make install takes it from there. The ceiling keeps
        # write-version.sh from reading this clone's git for the tarball's tree, as it finds none for a packager.
        local reuse=(-u RELEASE_SCRATCH)
        [ -z "$released" ] || reuse=(SWIFT=true RELEASE_SCRATCH="$released")
        GIT_CEILING_DIRECTORIES=$work/deb env "${reuse[@]}" dpkg-buildpackage -us -uc -b -d >"$work/deb/build.log" 2>&1 ||
            { tail -n 40 "$work/deb/build.log" >&2; exit 1; }
    ) || fail "dpkg-buildpackage failed (log: $work/deb/build.log)"
    deb=$(find "$work/deb" -maxdepth 1 -name 'receipt-check_*.deb')
    [ -n "$deb" ] || fail "dpkg-buildpackage made no .deb"
    dpkg-deb --info "$deb" | grep -E '^ (Package|Version|Depends):'
    # The same five files as make install PREFIX=/usr (docs/install.md), the man page compressed, and the
    # package's own documents.
    dpkg-deb --contents "$deb" | awk '{ print $6 }' | grep -v '/$' | grep -v '^\./usr/share/doc/' |
        sed 's/\.gz$//' | sort >"$work/deb/files.txt"
    printf './usr/%s\n' bin/receipt-check share/man/man1/receipt-check.1 share/bash-completion/completions/receipt-check \
        share/zsh/site-functions/_receipt-check share/fish/vendor_completions.d/receipt-check.fish | sort |
        diff - "$work/deb/files.txt" || fail "the .deb does not hold what make install PREFIX=/usr installs (above)"
    echo "the .deb holds the five files of make install PREFIX=/usr"
    make_root
    run_in_clean_root "$deb" "$version"
}

# run_in_clean_root DEB VERSION: apt installs DEB into a throwaway copy of the pristine root, which then runs
# it; its --version names VERSION, the tarball's (the binary packaged is this release's).
run_in_clean_root() {
    local deb=$1 version=$2 run=$work/root
    rm -rf "$run"
    mkdir -p "$run/upper" "$run/work" "$run/merged"
    # shellcheck disable=SC2016 # the inner script's variables are its own arguments
    unshare --mount --propagation private bash -euo pipefail -c '
        root=$1 run=$2 deb=$3 project=$4 version=$5
        # A copy where overlayfs is not allowed (some containers).
        if ! mount -t overlay overlay -o "lowerdir=$root,upperdir=$run/upper,workdir=$run/work" "$run/merged" 2>/dev/null; then
            echo "test-install: no overlayfs here, copying the root"
            cp -a "$root/." "$run/merged/"
        fi
        mount -t proc proc "$run/merged/proc"
        # apt and dpkg open a pseudo-terminal for their log.
        mount --rbind /dev "$run/merged/dev"
        mkdir -p "$run/merged/tmp/check"
        cp "$deb" "$run/merged/tmp/check/"
        cp -r "$project/Fixtures" "$run/merged/tmp/check/Fixtures"
        exec chroot "$run/merged" /usr/bin/env -i PATH=/usr/bin:/bin:/usr/sbin:/sbin HOME=/tmp LANG=C.UTF-8 bash -euo pipefail -c "
            cd /tmp/check
            echo \"in \$(grep PRETTY_NAME /etc/os-release)\"
            ! dpkg -s libssl3 >/dev/null 2>&1 || { echo \"libssl3 is there before the package\" >&2; exit 1; }
            DEBIAN_FRONTEND=noninteractive apt-get install -y -q /tmp/check/$(basename "$deb") >apt.log 2>&1 ||
                { cat apt.log >&2; exit 1; }
            grep -A 1 \"NEW packages\" apt.log
            command -v receipt-check
            receipt-check --version | tee version.txt
            [ \"\$(head -n 1 version.txt)\" = \"receipt-check $version\" ] ||
                { echo \"the packaged receipt-check is not release $version\" >&2; exit 1; }
            receipt-check verify --root Fixtures/pki/root.pem Fixtures/valid.receipt >verify.txt || { cat verify.txt >&2; exit 1; }
            head -n 1 verify.txt
            man -w receipt-check 2>/dev/null || ls /usr/share/man/man1/receipt-check.1.gz
        "
    ' test-install "$root" "$run" "$deb" "$project" "$version" || fail "the .deb did not install or run in the clean Debian 12 root"
    rm -rf "$run"
}

step_brew() {
    local src scratch=()
    # The formula builds a release tarball (or a clone of main). After the release step, this clone with that
    # build's scratch path and flags, so its swift build compiles nothing; else the deb step's unpacked tarball
    # or a fresh one, where it builds on its own (its flags are not the deb's: nothing of that build is reused).
    if [ -n "$released" ]; then
        src=$project
        # The flags make release built with (the environment's or the Makefile's default), asked of make
        # rather than written again here: given others, the formula's build would compile everything anew.
        local flags
        # shellcheck disable=SC2016 # make expands $(RELEASE_FLAGS), not the shell
        flags=$(make --no-print-directory -s --eval 'print-release-flags: ; @echo $(RELEASE_FLAGS)' print-release-flags)
        scratch=(FORMULA_SCRATCH="$released" FORMULA_SWIFT_FLAGS="$flags")
    else
        src=$(find "$work/deb" -mindepth 1 -maxdepth 1 -type d -name 'receipt-check-*' 2>/dev/null | head -n 1)
    fi
    if [ -z "$src" ]; then
        local tarball
        tarball=$(make --no-print-directory dist | tail -n 1)
        rm -rf "$work/brew-src"
        mkdir -p "$work/brew-src"
        tar xzf "$tarball" -C "$work/brew-src"
        rm -f "$tarball"
        src=$(find "$work/brew-src" -mindepth 1 -maxdepth 1 -type d -name 'receipt-check-*')
    fi
    rm -rf "$work/brew"
    env ${scratch[@]+"${scratch[@]}"} python3 Scripts/formula-steps.py packaging/receipt-check.rb "$src" \
        "$work/brew/prefix" "$work/brew/testpath"
}

if [ "${1:-}" = --root-only ]; then
    make_root
    exit 0
fi
mkdir -p "$work"
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(release install uninstall deb brew)
started=$SECONDS
times=()
for step in "${steps[@]}"; do
    case $step in
    release | install | uninstall | deb | brew) ;;
    *) fail "no step '$step' (release install uninstall deb brew)" ;;
    esac
    begun=$SECONDS
    echo "== test-install $step"
    "step_$step"
    times+=("test-install $step: $((SECONDS - begun)) s")
    echo "${times[-1]}"
done
printf '%s\n' "${times[@]}"
echo "test-install: every way in works ($((SECONDS - started)) s)"
