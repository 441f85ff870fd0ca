#!/bin/sh
# Paywall decision 1: show a post when the reader is premium OR has free reads left today, and
# always to its author. Signs two test receipts (a subscriber, a reader without a subscription)
# and decides read_post for four readers from what the app knows (--fact, --facts).
#
# usage: examples/paywall/blog.sh [path/to/receipt-check]   (default: receipt-check on PATH)
. "$(dirname "$0")/common.sh"

sign blog-subscriber
sign blog-reader
printf '{"free_reads": 0, "is_author": true}\n' >"$work/author-facts.json"

blog() {
    label=$1
    want=$2
    shift 2
    expect "$label" "$want" '(GRANTED|denied ) read_post' --root "$work/pki/root.pem" --bundle-id com.example.blog \
        --environment production --platform ios --now 2024-05-10T09:00:00Z --rules "$here/blog.rules" \
        --require read_post "$@"
}

blog "subscriber, no free reads left" 0 --fact free_reads=0 --fact is_author=false "$work/blog-subscriber"
blog "reader, 2 free reads left" 0 --fact free_reads=2 --fact is_author=false "$work/blog-reader"
blog "reader, no free reads left" 1 --fact free_reads=0 --fact is_author=false "$work/blog-reader"
blog "the post's author (--facts)" 0 --facts "$work/author-facts.json" "$work/blog-reader"
echo "blog paywall rules hold"
