# apt_lists_for PACKAGE...: fetches Debian's package lists when one of the packages has no version to
# install. `apt-cache show` is no test of that: with empty lists (a fresh machine's) it names nothing and
# still exits 0, and the install then fails with "no installation candidate".
# shellcheck shell=bash
apt_lists_for() {
    local package
    for package in "$@"; do
        # Read whole, not piped: under pipefail, a `grep -q` that stops at its match can leave apt-cache a
        # SIGPIPE, and the pipe would then say no candidate.
        if ! grep -q 'Candidate: [^(]' <<<"$(apt-cache policy "$package" 2>/dev/null)"; then
            apt-get update -qq
            return
        fi
    done
}
