"""Lines for the scale tests (make test-spark, make test-parallel): corpus receipts and JWS,
tampered copies, garbage and blank lines, each with the status receipt-check must give it (a blank line
none: it is skipped).

The expected status comes from the corpus (MANIFEST.json says which receipts verify against
Apple's roots at their creation date; jws/apple-signed/ chains to Apple Root CA - G3, the other
JWS to test roots not given here) or from how the line was made.
"""

import base64
import json
import os
import random


def tampered_receipt(der, bundle_id):
    """The receipt with one byte of its bundle id changed: the signed payload no longer matches."""
    needle = bundle_id.encode()
    at = der.find(needle)
    if at < 0 or not needle:
        return None
    changed = bytearray(der)
    changed[at] ^= 0x01
    return bytes(changed)


def tampered_jws(text):
    """The JWS with one signature character changed (not its last, so it stays canonical)."""
    header, payload, signature = text.split(".")
    middle = len(signature) // 2
    swapped = "B" if signature[middle] == "A" else "A"
    return ".".join([header, payload, signature[:middle] + swapped + signature[middle + 1 :]])


def pool(corpus):
    """(line, expected status, expected reason or None) for every kind of line."""
    items = []
    with open(os.path.join(corpus, "MANIFEST.json")) as file:
        manifest = json.load(file)
    for entry in manifest["receipts"]:
        with open(os.path.join(corpus, entry["file"]), "rb") as file:
            der = file.read()
        # Checked at its creation date against Apple's roots, as receipt-check does by default;
        # StoreKit test receipts need --storekit-test-cert, which is not given.
        apple = entry["verifies"]["apple_root_at_creation_date"] is True
        # The 2010 receipts signed through the FairPlay CA lack Apple's receipt-signing marker
        # extensions, which receipt-check requires (docs/security.md: Trust).
        if "Apple FairPlay" in json.dumps(entry["container"]["certificates"]):
            apple = False
        items.append((base64.b64encode(der).decode(), "valid" if apple else "invalid", None))
        bundle = (entry.get("expected") or {}).get("bundle_id")
        changed = tampered_receipt(der, bundle) if bundle else None
        if changed is not None:
            items.append((base64.b64encode(changed).decode(), "invalid", None))
    jws_root = os.path.join(corpus, "jws")
    for directory in sorted(os.listdir(jws_root)):
        if directory == "roots":
            continue
        for name in sorted(os.listdir(os.path.join(jws_root, directory))):
            with open(os.path.join(jws_root, directory, name)) as file:
                text = file.read().strip()
            items.append((text, "valid" if directory == "apple-signed" else "invalid", None))
            items.append((tampered_jws(text), "invalid", None))
    # A blank line is no input: receipt-check skips it and answers nothing (SKIPPED).
    items.append(("", SKIPPED, None))
    items.append(("this is not a receipt", "malformed", "unsupported_format"))
    items.append(("%%%% not base64 at all %%%%", "malformed", "unsupported_format"))
    garbage = random.Random(7)
    for _ in range(4):
        noise = bytes(garbage.randrange(256) for _ in range(garbage.randrange(8, 600)))
        items.append((base64.b64encode(noise).decode(), "malformed", None))
    return items


SKIPPED = "skipped"


def answered(picked):
    """(input line number, item) of the lines receipt-check answers: every one but the blank."""
    return [(index + 1, item) for index, item in enumerate(picked) if item[1] != SKIPPED]


def lines(corpus, count, seed=15):
    """`count` (line, status, reason) picked from the pool in a seeded random order."""
    items = pool(corpus)
    if sum(1 for item in items if item[1] == "valid") < 10:
        raise SystemExit("fewer than 10 genuine inputs expected valid: is the corpus complete?")
    order = random.Random(seed)
    return [items[order.randrange(len(items))] for _ in range(count)]


def summary(picked):
    """"12 invalid, 3 malformed, 5 valid"."""
    counts = {}
    for _, status, _ in picked:
        counts[status] = counts.get(status, 0) + 1
    return ", ".join(f"{counts[key]} {key}" for key in sorted(counts))


def check_verdict(number, verdict_text, expected):
    """None, or what is wrong with the verdict on input line `number`."""
    _, status, reason = expected
    verdict = json.loads(verdict_text)
    if verdict.get("status") != status:
        return f"line {number}: status {verdict.get('status')} ({verdict.get('reason')}), expected {status}"
    if reason is not None and verdict.get("reason") != reason:
        return f"line {number}: reason {verdict.get('reason')}, expected {reason}"
    return None
