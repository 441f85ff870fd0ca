# Shared by the paywall recipes (blog.sh, devtool.sh, trial.sh): sourced, not run.
# Sets up a throwaway test PKI in $work and defines `expect`, which runs one decision.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
tool=${1:-receipt-check}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

# Receipts are signed by an RSA test PKI, StoreKit 2 JWS by an EC one, as Apple signs them.
"$tool" make-test-pki "$work/pki" >/dev/null
"$tool" make-test-pki --ec "$work/pki-ec" >/dev/null

# sign SPEC: sign specs/SPEC.json into $work/SPEC (a receipt, or a JWS when SPEC ends in .jws).
sign() {
    case $1 in
    *.jws) "$tool" make-receipt --jws --spec "$here/specs/${1%.jws}.json" --pki "$work/pki-ec" -o "$work/$1" ;;
    *) "$tool" make-receipt --spec "$here/specs/$1.json" --pki "$work/pki" -o "$work/$1" ;;
    esac
}

# expect LABEL WANT SHOW VERIFY-ARGUMENTS...: run receipt-check verify, require exit status WANT, and
# print the text report's lines that start with SHOW (an extended regex) and the lines continuing them.
expect() {
    label=$1
    want=$2
    show=$3
    shift 3
    set +e
    "$tool" verify "$@" >"$work/out.txt"
    got=$?
    set -e
    if [ "$got" -ne "$want" ]; then
        cat "$work/out.txt" >&2
        echo "FAIL: $label: exit $got, expected $want" >&2
        exit 1
    fi
    echo "ok: $label: exit $got"
    awk -v show="^    ($show)" '$0 ~ show { on = 1; print; next } on && /^            / { print; next } { on = 0 }' \
        "$work/out.txt" | sed "s|$here/||g"
}
