#!/bin/sh
# Paywall decision 1: premium readers read every post, free readers get 3 posts a day, and a
# reader's own posts are always free (post_author == reader_id, two facts compared). Signs two test
# receipts (a subscriber, a reader without a subscription) and decides read_post for four readers
# from what the app knows (--fact, --facts).
#
# usage: examples/paywall/blog.sh [path/to/receipt-check]   (default: receipt-check on PATH)
. "$(dirname "$0")/common.sh"

sign blog-subscriber
sign blog-reader
printf '{"read_today": 3, "reader_id": "ana", "post_author": "ana"}\n' >"$work/own-post-facts.json"

blog() {
    label=$1
    want=$2
    shift 2
    expect "$label" "$want" '(GRANTED|denied ) read_post' --root "$work/pki/root.pem" --bundle-id com.example.blog \
        --environment production --platform ios --now 2024-05-10T09:00:00Z --rules "$here/blog.rules" \
        --require read_post "$@"
}

blog "subscriber, 5 posts read today" 0 --fact read_today=5 --fact reader_id=ana --fact post_author=bo \
    "$work/blog-subscriber"
blog "free reader, 1 post read today" 0 --fact read_today=1 --fact reader_id=ana --fact post_author=bo \
    "$work/blog-reader"
blog "free reader, 3 posts read today" 1 --fact read_today=3 --fact reader_id=ana --fact post_author=bo \
    "$work/blog-reader"
blog "free reader, 3 posts read, own post (--facts)" 0 --facts "$work/own-post-facts.json" "$work/blog-reader"
echo "blog paywall rules hold"
