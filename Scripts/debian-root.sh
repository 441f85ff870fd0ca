# shellcheck shell=bash
# Sourced by Scripts/test-install.sh and Scripts/test-openssl35.sh: a debootstrapped Debian root, made once
# and kept (CI caches it), remade only when what it was made with changes.
#
# debian_root WHO ROOT WANT MAKE: ROOT is current when its stamp reads WANT; otherwise MAKE DIR (a function)
# builds a new one in ROOT.new, its output in ROOT.log, and only a root MAKE finished is stamped and moved
# into place whole, so an interrupted run leaves nothing to reuse. Exclusive while the root is checked or
# made, then shared (the lock's descriptor is debian_root_lock): concurrent runs share one root, and none is
# remade under another's use. Fails naming WHO, with the log's tail, when MAKE fails.
debian_root() {
    local who=$1 root=$2 want=$3 make=$4
    local stamp=$root/.receipt-check-root
    mkdir -p "$(dirname "$root")"
    # A second call closes the first's descriptor: its shared lock would block this one's exclusive lock.
    [ -z "${debian_root_lock:-}" ] || exec {debian_root_lock}>&-
    exec {debian_root_lock}>"$root.lock"
    flock "$debian_root_lock"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
        echo "$who: reusing the Debian root in $root ($want)"
    else
        echo "$who: making a Debian root in $root ($want)"
        rm -rf "$root.new"
        if ! "$make" "$root.new" >"$root.log" 2>&1; then
            tail -n 30 "$root.log" >&2
            echo "$who: making the root failed (log: $root.log)" >&2
            return 1
        fi
        echo "$want" >"$root.new/.receipt-check-root"
        rm -rf "$root"
        mv "$root.new" "$root"
    fi
    flock -s "$debian_root_lock"
}
