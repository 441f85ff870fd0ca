#!/usr/bin/env bash
# make gate-check's install stage: Scripts/test-install.sh's checks and make doctor's static stdlib check, in
# a copy (DIR) of the Makefile, share/ and the scripts, with a stand-in swift (nothing builds) and a stand-in
# release binary. GATE_INSTALL names the fault:
#   uninstall-leaves  the Makefile's uninstall forgets the man page (test-install.sh uninstall must fail)
#   binary-missing    the Makefile's install forgets the binary (test-install.sh install must fail)
#   doctor-testing    the shipped product imports Testing, which the static stdlib lacks (doctor must say so)
#   doctor-clean      it imports Foundation alone (doctor says the static stdlib is ok)
#   formula-unknown   the Homebrew formula gains an install line Scripts/formula-steps.py does not mirror
#   formula-test      the formula's steps with the release build's scratch path (FORMULA_SCRATCH: the stand-in
#                     binary, a stand-in swift on PATH), whose test must refuse a binary naming no OpenSSL 3
#   clean             none: install then uninstall leaves no file
# usage: planted-install.sh DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
copy=$1
mode=${GATE_INSTALL:-clean}
rm -rf "$copy"
mkdir -p "$copy/Scripts" "$copy/stub/release" "$copy/Sources/receipt-check"
cp "$root/Makefile" "$copy/"
cp -r "$root/share" "$copy/"
cp "$root"/Scripts/{test-install.sh,debian-root.sh,install-deps.sh,apt-lists.sh,doctor.sh,write-version.sh,formula-steps.py} "$copy/Scripts/"
mkdir -p "$copy/packaging"
sed 's|^    bin\.install .*|&\n    libexec.install "Scripts"|' "$root/packaging/receipt-check.rb" >"$copy/packaging/planted.rb"
cp "$root/packaging/receipt-check.rb" "$copy/packaging/"
printf '#!/bin/sh\necho "receipt-check planted"\n' >"$copy/stub/release/receipt-check"
chmod 755 "$copy/stub/release/receipt-check"
# shellcheck disable=SC2016 # the Makefile's own $(VARIABLES), matched literally
case $mode in
uninstall-leaves) sed -i 's| $(DESTDIR)$(MANDIR)/man1/receipt-check.1 \\$| \\|' "$copy/Makefile" ;;
binary-missing) sed -i '/-m 755 $(RELEASE_DIR)\/receipt-check /d' "$copy/Makefile" ;;
esac
# A fault the Makefile no longer lets plant is the gate's failure, not a pass.
case $mode in
uninstall-leaves | binary-missing)
    ! cmp -s "$root/Makefile" "$copy/Makefile" || { echo "planted-install: no $mode fault planted" >&2; exit 70; } ;;
esac
cd "$copy"
export SWIFT=true RELEASE_SCRATCH=stub
case $mode in
doctor-testing)
    printf 'import Foundation\nimport Testing\n' >Sources/receipt-check/main.swift
    sh Scripts/doctor.sh
    ;;
doctor-clean)
    printf 'import Foundation\n' >Sources/receipt-check/main.swift
    sh Scripts/doctor.sh || true
    ;;
binary-missing) bash Scripts/test-install.sh install ;;
# Refused before any step runs: nothing is built.
formula-unknown) python3 Scripts/formula-steps.py packaging/planted.rb . brew/prefix brew/testpath ;;
formula-test)
    mkdir -p "$copy/path"
    printf '#!/bin/sh\nexit 0\n' >"$copy/path/swift"
    chmod 755 "$copy/path/swift"
    PATH="$copy/path:$PATH" FORMULA_SCRATCH="$copy/stub" FORMULA_SWIFT_FLAGS=--static-swift-stdlib \
        python3 Scripts/formula-steps.py packaging/receipt-check.rb . brew/prefix brew/testpath
    ;;
*)
    # Into test-install.sh's staged prefix, whose uninstall step then checks what is left.
    make install DESTDIR="$copy/.build/test-install/destdir" PREFIX=/opt/receipt-check
    bash Scripts/test-install.sh uninstall
    ;;
esac
