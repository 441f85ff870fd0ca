"""Compares receipt-check's verifyreceipt bodies with Apple's recorded ones, field by field and type by type.

    compare-verifyreceipt.py EXCHANGES OUTPUTS

EXCHANGES is the shared verifyreceipt folder (one folder per exchange, response.json in each);
OUTPUTS holds NAME.json, receipt-check's body for exchange NAME. Prints one table row per exchange:
the fields equal, what only Apple's server can know (listed), the differences Apple's own answers
show over time (listed per exchange below, each with its reason), and anything else, which fails.
Exits 1 on any unexplained difference, a missing output, or a listed difference that no longer occurs.
"""

import json
import os
import re
import sys
from collections import Counter

# Differences between Apple's replies and the receipt they answer, or between Apple's replies for
# the same receipt at different times (the shared README and MANIFEST.json describe each).
KNOWN = {
    "linjunpop-griddiary-sandbox-autorenew-2016-11": [
        (r"(receipt\.in_app|latest_receipt_info)\[1000000248850692\]\.is_trial_period$",
         "Apple's 2016 reply says false; the receipt and Apple's 2018 replies say true"),
        (r"latest_receipt_info\[\d+\]\.is_in_intro_offer_period$",
         "written for subscriptions in latest_receipt_info since 2018; this reply is older"),
    ],
    "linjunpop-gridnote-sandbox-autorenew": [
        (r"latest_receipt_info\[\d+\]\.is_in_intro_offer_period$",
         "written for subscriptions in latest_receipt_info since 2018; this reply is older"),
    ],
    "linjunpop-griddiary-sandbox-autorenew-2018-01": [
        (r"latest_receipt_info\[\d+\]\.original_purchase_date(_ms|_pst)?$",
         "Apple's 2018 database gave renewals the first purchase's date; the receipt holds each one's own"),
    ],
    "linjunpop-griddiary-sandbox-autorenew-2018-10": [
        (r"latest_receipt_info$", "Apple's 2018-10 reply for this sandbox receipt has no latest_receipt_info"),
    ],
    "ftchinese-sandbox-autorenew-2019-11": [
        (r"latest_receipt$", "the project that recorded the reply removed latest_receipt"),
    ],
}

SERVER_ONLY_KEYS = {"subscription_group_identifier", "is_upgraded"}


class Comparison:
    def __init__(self, name):
        self.name = name
        self.equal = 0
        self.server_only = Counter()
        self.known = Counter()
        self.unexplained = []
        self.known_hits = Counter()

    def differ(self, path, what):
        for index, (pattern, reason) in enumerate(KNOWN.get(self.name, [])):
            if re.search(pattern, path):
                self.known[reason] += 1
                self.known_hits[index] += 1
                return
        self.unexplained.append(f"{path}: {what}")


def entry_name(entry, index):
    return entry.get("transaction_id", str(index)) if isinstance(entry, dict) else str(index)


def compare_scalar(c, ours, apple, path):
    if type(ours) is type(apple) and ours == apple:
        c.equal += 1
    else:
        c.differ(path, f"ours {json.dumps(ours)} ({type(ours).__name__}), Apple's {json.dumps(apple)} "
                       f"({type(apple).__name__})")


def compare_entries(c, ours, apple, path):
    if len(ours) != len(apple):
        c.differ(path, f"{len(ours)} entries, Apple's {len(apple)}")
        return
    for index, (mine, theirs) in enumerate(zip(ours, apple)):
        compare_object(c, mine, theirs, f"{path}[{entry_name(theirs, index)}]")


def compare_object(c, ours, apple, path):
    if not isinstance(ours, dict) or not isinstance(apple, dict):
        compare_scalar(c, ours, apple, path)
        return
    for key in apple:
        if key in ours:
            continue
        if key in SERVER_ONLY_KEYS:
            c.server_only[key] += 1
        else:
            c.differ(f"{path}.{key}", "only in Apple's")
    for key in ours:
        if key not in apple:
            c.differ(f"{path}.{key}", "only in ours")
    order_ours = [key for key in ours if key in apple]
    order_apple = [key for key in apple if key in ours]
    if order_ours != order_apple:
        c.differ(f"{path} (key order)", f"ours {order_ours}, Apple's {order_apple}")
    for key in order_apple:
        where = f"{path}.{key}"
        if path == "receipt" and key.startswith("request_date"):
            c.server_only["request_date"] += 1
        elif isinstance(apple[key], list) and isinstance(ours[key], list):
            compare_entries(c, ours[key], apple[key], where)
        else:
            compare_object(c, ours[key], apple[key], where)


def compare(c, ours, apple):
    for key in ["status", "environment"]:
        if key in apple or key in ours:
            compare_scalar(c, ours.get(key), apple.get(key), key)
    if "receipt" in apple or "receipt" in ours:
        compare_object(c, ours.get("receipt"), apple.get("receipt"), "receipt")
    creation = int(apple.get("receipt", {}).get("receipt_creation_date_ms", "0"))
    if "latest_receipt_info" in apple and "latest_receipt_info" in ours:
        older = [e for e in apple["latest_receipt_info"] if int(e["purchase_date_ms"]) <= creation]
        newer = len(apple["latest_receipt_info"]) - len(older)
        if newer:
            c.server_only["latest_receipt_info entries newer than the receipt"] += newer
        compare_entries(c, ours["latest_receipt_info"], older, "latest_receipt_info")
    elif "latest_receipt_info" in apple or "latest_receipt_info" in ours:
        c.differ("latest_receipt_info", "only in " + ("Apple's" if "latest_receipt_info" in apple else "ours"))
    if "latest_receipt" in apple and "latest_receipt" in ours:
        c.server_only["latest_receipt (Apple re-issues it)"] += 1
    elif "latest_receipt" in apple or "latest_receipt" in ours:
        c.differ("latest_receipt", "only in " + ("Apple's" if "latest_receipt" in apple else "ours"))
    if "pending_renewal_info" in apple:
        c.server_only["pending_renewal_info"] += 1
    for key in set(ours) | set(apple):
        if key not in {"status", "environment", "receipt", "latest_receipt_info", "latest_receipt",
                       "pending_renewal_info"}:
            c.differ(key, "a top-level member not compared")


def main(arguments):
    if len(arguments) != 2:
        print(__doc__, file=sys.stderr)
        return 64
    exchanges, outputs = arguments
    names = sorted(n for n in os.listdir(exchanges) if os.path.isfile(os.path.join(exchanges, n, "response.json")))
    if not names:
        print(f"compare-verifyreceipt: no exchanges in {exchanges}", file=sys.stderr)
        return 1
    failures = 0
    print("| exchange | status | fields equal | server-only, not compared (members) | Apple's answers over time | "
          "unexplained |")
    print("|---|---|---|---|---|---|")
    for name in names:
        with open(os.path.join(exchanges, name, "response.json"), encoding="utf-8") as handle:
            apple = json.load(handle)
        path = os.path.join(outputs, name + ".json")
        if not os.path.isfile(path):
            print(f"| {name} | missing output | | | | 1 |")
            failures += 1
            continue
        with open(path, encoding="utf-8") as handle:
            ours = json.loads(handle.read())
        c = Comparison(name)
        compare(c, ours, apple)
        stale = [KNOWN[name][i][0] for i in range(len(KNOWN.get(name, []))) if c.known_hits[i] == 0]
        c.unexplained += [f"listed difference {pattern} did not occur" for pattern in stale]
        server = ", ".join(f"{k} ({v})" for k, v in sorted(c.server_only.items())) or "-"
        known = "; ".join(f"{k} ({v})" for k, v in sorted(c.known.items())) or "-"
        print(f"| {name} | {apple.get('status')} | {c.equal} | {server} | {known} | {len(c.unexplained)} |")
        for problem in c.unexplained:
            print(f"    UNEXPLAINED {name}: {problem}")
        failures += len(c.unexplained)
    print(f"compare-verifyreceipt: {len(names)} exchanges, {failures} unexplained differences")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
