#!/bin/sh
# Makes debian/ from packaging/debian in an unpacked release tarball, naming the packager as the
# package's Maintainer (DEBFULLNAME and DEBEMAIL, which dch and the other Debian tools read too)
# and the tarball's release as its version.
# usage (in the unpacked tarball): DEBFULLNAME='Your Name' DEBEMAIL=you@host Scripts/debian-dir.sh
set -eu
: "${DEBFULLNAME:?set DEBFULLNAME to your name: the package names its packager as Maintainer}"
: "${DEBEMAIL:?set DEBEMAIL to your e-mail address}"
version=$(sed -n 's/.*static let release = "\(.*\)".*/\1/p' Sources/ReceiptCheckCLI/Version.swift)
[ -n "$version" ] || { echo "debian-dir: no release in Sources/ReceiptCheckCLI/Version.swift" >&2; exit 1; }
maintainer="$DEBFULLNAME <$DEBEMAIL>"
rm -rf debian
cp -r packaging/debian debian
sed "s|^Priority: optional\$|Priority: optional\nMaintainer: $maintainer|" packaging/debian/control >debian/control
grep -q '^Maintainer: ' debian/control || { echo "debian-dir: could not set Maintainer" >&2; exit 1; }
cat >debian/changelog <<CHANGELOG
receipt-check ($version-1) unstable; urgency=medium

  * Release $version; see CHANGELOG.md.

 -- $maintainer  $(date -R)
CHANGELOG
echo "debian/: receipt-check $version-1, Maintainer: $maintainer"
