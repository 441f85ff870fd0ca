#!/usr/bin/env bash
# A clean build prints no warning (CONTRIBUTING.md): runs COMMAND (CI's build stage), shows its output as it
# comes, and fails when the build failed or printed any warning, the compiler's or SwiftPM's, naming each
# once. A warning left in a build nobody reads is how the next hundred arrive unnoticed.
# It holds on a fresh build (as CI's): an incremental build compiles only what changed, and the warnings of
# the files it leaves alone are not printed again.
#
#   Scripts/warnings-check.sh COMMAND...
set -uo pipefail
[ $# -gt 0 ] || {
    echo "usage: Scripts/warnings-check.sh COMMAND..." >&2
    exit 64
}
log=$(mktemp "${TMPDIR:-/tmp}/warnings-log.XXXXXX")
trap 'rm -f "$log"' EXIT
status=0
"$@" 2>&1 | tee "$log" || status=$?
[ "$status" = 0 ] || exit "$status"
# A compiler warning is "FILE:LINE:COLUMN: warning: ...", or without a column, or "<unknown>:0: warning: ..."
# (a driver's or frontend's, about no source line); SwiftPM's "warning: ..." (an unhandled file, a manifest
# setting). Each is printed again for every module that imports the file, so sort -u.
warnings=$(grep -E '^([^:]+:[0-9]+:([0-9]+:)? )?warning: ' "$log" | sort -u)
if [ -n "$warnings" ]; then
    echo "warnings: FAIL: the build printed $(printf '%s\n' "$warnings" | wc -l) warning(s):"
    printf '%s\n' "$warnings" | sed 's/^/    /'
    exit 1
fi
echo "warnings: OK: the build printed no warning"
