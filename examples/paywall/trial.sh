#!/bin/sh
# Paywall decision 3: a free-trial paywall's timeline. For a customer without a subscription,
# --trial-days 7 gives the days of the trial the paywall offers, counted from --now: today, the
# reminder (trial length minus --reminder-days, left out when the trial is too short for it) and
# the end. For a customer in the trial, the subscription's own trial timeline.
#
# usage: examples/paywall/trial.sh [path/to/receipt-check]   (default: receipt-check on PATH)
. "$(dirname "$0")/common.sh"

sign photos-new-customer
sign photos-in-trial

trial() {
    label=$1
    want=$2
    shift 2
    expect "$label" "$want" '(GRANTED|denied ) premium' --root "$work/pki/root.pem" \
        --bundle-id com.example.photos --environment production --platform ios \
        --now 2024-05-10T09:00:00Z --rules "$here/trial.rules" --require premium "$@"
    grep -E '^  free trial offered|^      free trial' "$work/out.txt" | sed 's/^ */    /' || true
}

trial "new customer, 7-day trial, reminder 2 days before" 1 --trial-days 7 --reminder-days 2 "$work/photos-new-customer"
trial "new customer, 2-day trial: too short for a reminder 2 days before" 1 --trial-days 2 --reminder-days 2 \
    "$work/photos-new-customer"
trial "customer in the trial" 0 --trial-days 7 --reminder-days 2 "$work/photos-in-trial"
grep -q 'free trial offered' "$work/out.txt" && { echo "FAIL: a subscriber is offered a trial" >&2; exit 1; }
echo "free-trial paywall timeline holds"
