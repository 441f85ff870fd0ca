#!/bin/sh
# Paywall decision 2: a developer tool enables each Pro feature for paying users and gives every
# other user a per-feature message. Signs StoreKit 2 JWS with an EC test PKI: the AppTransaction of
# an early buyer (build 12) and of a new user (build 30), and a new user's Pro purchase.
#
# usage: examples/paywall/devtool.sh [path/to/receipt-check]   (default: receipt-check on PATH)
. "$(dirname "$0")/common.sh"

sign devtool-early-buyer.jws
sign devtool-new-user.jws
sign devtool-pro.jws

devtool() {
    label=$1
    want=$2
    shift 2
    expect "$label" "$want" '(GRANTED|denied ) pro[.:]' --root "$work/pki-ec/root.pem" \
        --bundle-id com.example.devtool --environment production --platform macos \
        --now 2024-05-10T09:00:00Z --rules "$here/devtool.rules" \
        --require pro.export --require pro.themes --require pro.remote "$@"
}

devtool "early buyer (AppTransaction, build 12)" 0 "$work/devtool-early-buyer.jws"
devtool "new user who bought Pro (transaction)" 0 "$work/devtool-pro.jws"
devtool "new user without Pro (AppTransaction, build 30)" 1 "$work/devtool-new-user.jws"
echo "developer tool paywall rules hold"
