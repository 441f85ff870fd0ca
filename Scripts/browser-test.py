#!/usr/bin/env python3
"""make test-browser: every --format html page of the fixtures, opened in headless Chromium.

Each page is made at test time by the built receipt-check from inputs signed by test PKIs it makes
(make-test-pki, make-receipt), and must show in the browser: no console error, no network request,
no Content-Security-Policy violation, no script or event handler in its DOM; the timeline's rows and
marks as the --json report of the same input implies them, a refund's mark and the decision marker
at the x position computed here from the JSON dates (within 1 px); every table cell keyed by a JSON
member equal to what --json says. The hostile pages carry markup, javascript: URLs, U+2028, bidi
overrides and NULs in product ids, bundle ids, appAccountToken, offer ids, fact values and messages:
their text must render literally and a sentinel global any injected script would set stays unset.
A control page with a planted script, style and image must fail those checks, so they are real.
At scale: a batch page of 1,000 and one of 10,000 inputs (lines of Fixtures/valid.receipt) must hold
the same bytes per input within SCALE_SPREAD (the page grows linearly; a planted 5% growth must fail
the same check), and the 10,000-input page must reach DOMContentLoaded within SCALE_BOUND_MS
(BROWSER_SCALE_BOUND_MS overrides it, to see the check fail).

    Scripts/browser-test.py [--screenshots DIR] [path/to/receipt-check]

Legibility, at widths of 1280, 768 and 390 px: no text of a picture outside it or over another, no
cell's text outside its box, every period at least MIN_PERIOD_PX wide, tick labels apart, no header
or cell broken inside a word; each paid period of the receipt and combined pages at least
READABLE_PERIOD_PX wide at 1280 px; a new customer's offered trial and its reminder drawn where the
JSON's trial_offer puts them (within 1 px).

On a phone (390 px), the picture shown fits the screen without sideways scrolling, its text is at
least PHONE_TEXT_PX high, each paid period of the receipt and combined pages is PHONE_PERIOD_PX wide
at least, and the marks, the decision and the offered trial are within 1 px of their dates there too.

BROWSER_PLANT=squeeze|overlap|drop-trial|break-header|overflow|phone-wide plants one legibility fault into the
pages made (this script edits them after receipt-check wrote them; the tool has no such switch): the
run must then fail, naming the fault. The pages at scale are left out of a planted run.

With --screenshots, writes PNGs of the fixture pages at desktop and phone widths to DIR instead of
testing (make screenshots). BROWSER_TEST_KEEP=1 keeps the pages made (they are kept anyway when a check
fails).
"""

import base64
import datetime
import json
import re
import os
import shutil
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = tempfile.mkdtemp(prefix="receipt-check-browser-")
SENTINEL = "__receiptCheckInjected"
# Installed before any page script could run (DevTools scripts are not subject to the page's policy):
# it records every CSP violation the page reports.
WATCH = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""
HOSTILE = [
    "<script>window.%s=1</script>" % SENTINEL,
    "</style><script>window.%s=2</script>" % SENTINEL,
    '"><svg onload=window.%s=3>' % SENTINEL,
    "javascript:window.%s=4" % SENTINEL,
    "</title><script>window.%s=5</script>" % SENTINEL,
    "line\u2028separator",
    "\u202eevil\u202c.rtl\u2066x\u2069",
    "nul\u0000byte",
    "' onmouseover='window.%s=6" % SENTINEL,
    "&lt;entity&amp;",
]
failures = []
# Inputs of the two batch pages at scale; their bytes per input may differ by this fraction at most.
SCALE_INPUTS = (1000, 10000)
SCALE_SPREAD = 0.03
# DOMContentLoaded of the 10,000-input page (55 MB), in ms: 45 s and 82 s measured on this machine's
# 2 cores at load 18 and 20 (docs/performance.md, "The HTML report"), the time to parse it on a share of
# them; the bound leaves room for a busier machine and fails a page twice the size or laid out whole.
SCALE_BOUND_MS = float(os.environ.get("BROWSER_SCALE_BOUND_MS", "180000"))
# DOMContentLoaded of the 644-element history's page, in ms. The goal is under 1 s on this machine class
# (0.43 s measured with the cores free, docs/performance.md); the page's time is printed for that. A bound
# of the goal itself failed CI's own run at 1.3 s while other builds held both cores (load 15), so the
# check fails at five times the goal: a page grown or laid out whole, not a busy machine.
HISTORY_BOUND_MS = float(os.environ.get("BROWSER_HISTORY_BOUND_MS", "5000"))
# Legibility: the widths a page is read at (desktop, tablet, phone), the narrowest period drawn, the
# narrowest paid period of the fixtures at 1280 px, and the space between tick labels.
WIDTHS = (1280, 768, 390)
MIN_PERIOD_PX = 3
READABLE_PERIOD_PX = 24
# On a phone (PHONE_PX wide) the picture fits the screen, each paid period PHONE_PERIOD_PX wide at least
# and its text PHONE_TEXT_PX high at least, as rendered.
PHONE_PX = 390
PHONE_PERIOD_PX = 8
PHONE_TEXT_PX = 10.5
TICK_GAP_PX = 4
# Marks closer than this (in the picture's units) are one group mark (TimelineSVG.groupDistance).
GROUP_PX = 8
# The picture's axis, as TimelineScale fits it: 4% of the span each side, and the app's first purchase
# beyond a break when it lies more than a quarter of the span before the rest.
AXIS_MARGIN = 0.04
AXIS_BREAK = 0.25
PLANT = os.environ.get("BROWSER_PLANT", "")
PLANTS = ("squeeze", "overlap", "drop-trial", "break-header", "overflow", "phone-wide")


def fail(page, message):
    failures.append("%s: %s" % (page, message))
    print("FAIL %s: %s" % (page, message), file=sys.stderr)


def shown(text):
    """The text as the page must show it: controls, bidi controls and separators as Swift escapes."""
    out = []
    for ch in text:
        code = ord(ch)
        if code <= 0x1F or 0x7F <= code <= 0x9F or 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069 \
                or code in (0x2028, 0x2029):
            out.append("\\u{%X}" % code)
        else:
            out.append(ch)
    return "".join(out)


def run(tool, *args, ok=(0, 1, 2, 65)):
    """Runs receipt-check in the work directory, naming its files there relatively, as a person would."""
    args = [os.path.relpath(a, WORK) if a.startswith(WORK + os.sep) else a for a in args]
    result = subprocess.run([tool, *args], capture_output=True, cwd=WORK)
    if result.returncode not in ok:
        raise SystemExit("receipt-check %s: exit %d: %s" % (" ".join(args), result.returncode,
                                                            result.stderr.decode(errors="replace")))
    return result.stdout


def parse(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


# ---- What the JSON says -------------------------------------------------------------------------

def walk(report):
    """Receipts' purchases, transactions, renewal infos and AppTransactions, in the page's order."""
    found = {"in_app": [], "transactions": [], "renewals": [], "apps": [], "receipts": []}
    queue = [report]
    while queue:
        current = queue.pop(0)
        if "receipt" in current:
            found["receipts"].append(current["receipt"])
            found["in_app"] += current["receipt"].get("in_app", [])
        jws = current.get("jws")
        if jws:
            kind = jws.get("kind")
            payload = jws.get("payload", {})
            if kind == "transaction":
                found["transactions"].append(payload)
            elif kind == "renewal_info":
                found["renewals"].append(payload)
            elif kind == "app_transaction":
                found["apps"].append(payload)
            nested = jws.get("nested", {})
            queue += [nested[key] for key in sorted(nested)]
        if "response" in current:
            queue += current["response"].get("elements", [])
        queue += current.get("inputs", [])
    return found


def axis(report):
    """The picture's scaled axis as the page documents it: (first, span, the date cut off before a
    break or None), from the JSON's dates: every date but the app's first purchase, a day at least,
    with a margin each side; the first purchase joins them unless it lies far before."""
    found = walk(report)
    dates = []
    for purchase in found["in_app"]:
        if purchase.get("purchase_date"):
            dates += [purchase[k] for k in ("purchase_date", "expires_date", "cancellation_date") if purchase.get(k)]
    for transaction in found["transactions"]:
        if transaction.get("purchaseDate"):
            dates += [transaction[k] for k in ("purchaseDate", "expiresDate", "revocationDate") if transaction.get(k)]
    for renewal in found["renewals"]:
        if renewal.get("gracePeriodExpiresDate"):
            dates.append(renewal["gracePeriodExpiresDate"])
    for status in report.get("subscriptions", []):
        reminder = (status.get("trial_timeline") or {}).get("reminder")
        if reminder:
            dates.append(reminder)
    offer = report.get("trial_offer") or {}
    dates += [offer[k] for k in ("start", "reminder", "end") if offer.get(k)]
    if report.get("evaluated_at"):
        dates.append(report["evaluated_at"])
    original = next((r["original_purchase_date"] for r in found["receipts"] if r.get("original_purchase_date")), None)
    if original is None and not any(r.get("original_application_version") for r in found["receipts"]):
        original = next((a["originalPurchaseDate"] for a in found["apps"] if a.get("originalPurchaseDate")), None)
    stamps = [parse(d) for d in dates]
    cut = None
    if original and stamps:
        low, high = min(stamps), max(stamps)
        if low - parse(original) > max(high - low, 86400) * AXIS_BREAK:
            cut = original
        else:
            stamps.append(parse(original))
    elif original:
        stamps.append(parse(original))
    full = max(max(stamps) - min(stamps), 86400)
    return min(stamps) - full * AXIS_MARGIN, full * (1 + 2 * AXIS_MARGIN), cut


def cell(value):
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


# ---- The browser ----------------------------------------------------------------------------------

def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1200,1400", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                              options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
    return driver


def load(driver, path):
    """Opens the page; returns the console entries, the URLs requested and the CSP violations."""
    driver.get_log("browser")
    driver.get_log("performance")
    url = "file://" + path
    driver.get(url)
    for _ in range(100):
        if driver.execute_script("return document.readyState") == "complete":
            break
        time.sleep(0.05)
    console = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    requests = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            requested = message["params"]["request"]["url"]
            if requested != url:
                requests.append(requested)
    violations = driver.execute_script("return window.__cspViolations || []")
    return console, requests, violations


INERT = """
var found = [];
if (window.%s !== undefined) found.push('sentinel set: ' + window.%s);
if (document.querySelectorAll('script').length) found.push('script element');
document.querySelectorAll('*').forEach(function (el) {
  for (var i = 0; i < el.attributes.length; i++) {
    var name = el.attributes[i].name.toLowerCase();
    if (name.indexOf('on') === 0) found.push(el.tagName + ' ' + name);
    if ((name === 'href' || name === 'src' || name === 'xlink:href') && el.attributes[i].value[0] !== '#')
      found.push(el.tagName + ' ' + name + '=' + el.attributes[i].value);
  }
});
['img', 'iframe', 'object', 'embed', 'link', 'a', 'form', 'base'].forEach(function (tag) {
  if (document.getElementsByTagName(tag).length) found.push(tag + ' element');
});
return found;
""" % (SENTINEL, SENTINEL)


def check_inert(driver, page, path):
    """No console error, request or violation, and nothing in the DOM that could run or load."""
    console, requests, violations = load(driver, path)
    problems = ["console: " + e["message"] for e in console] + ["request: " + r for r in requests]
    problems += ["CSP violation: " + v for v in violations]
    problems += driver.execute_script(INERT)
    return problems


def table_rows(driver, selector):
    """Each table matching selector as (keys by column, rows of cell texts)."""
    return driver.execute_script("""
        return Array.from(document.querySelectorAll(arguments[0])).map(function (table) {
          var keys = Array.from(table.querySelectorAll('thead th')).map(function (th) {
            return th.getAttribute('data-key'); });
          var rows = Array.from(table.querySelectorAll('tbody tr')).map(function (tr) {
            return Array.from(tr.children).map(function (td) { return td.textContent; }); });
          return [keys, rows];
        });""", selector)


def check_tables(driver, page, report):
    """Every cell keyed by a JSON member shows that member's value (escaped as the page shows text)."""
    found = walk(report)
    expectations = [("table.purchases", found["in_app"]), ("table.transactions", found["transactions"]),
                    ("table.renewals", found["renewals"]), ("table.decisions", report.get("entitlements", [])),
                    ("table.checks", report.get("checks", []))]
    for selector, items in expectations:
        tables = table_rows(driver, selector)
        if selector in ("table.purchases",):
            rows = [row for _, rows in tables for row in rows]
            keys = tables[0][0] if tables else []
        else:
            keys, rows = tables[0] if tables else ([], [])
        if len(rows) != len(items):
            fail(page, "%s has %d rows, the JSON %d" % (selector, len(rows), len(items)))
            continue
        for row, item in zip(rows, items):
            for key, text in zip(keys, row):
                if key is None:
                    continue
                expected = shown(cell(item.get(key)))
                if selector == "table.checks" and key == "passed":
                    expected = "pass" if item.get("passed") else "FAIL"
                if text != expected:
                    fail(page, "%s %s: page %r, JSON %r" % (selector, key, text, expected))


def positions(driver):
    return driver.execute_script("""
        // The picture shown at this width: a page holds a wide and a narrow one, the stylesheet shows one.
        var svg = Array.from(document.querySelectorAll('figure.timeline svg'))
          .find(function (s) { return s.getBoundingClientRect().width > 0; });
        if (!svg) return null;
        var box = svg.getBoundingClientRect();
        var scale = box.width / svg.viewBox.baseVal.width;
        function centre(el) { var r = el.getBoundingClientRect(); return (r.left + r.right) / 2; }
        var marks = Array.from(svg.querySelectorAll('g.mark')).map(function (g) {
          return [g.getAttribute('class'), g.getAttribute('data-date'), centre(g),
                  +(g.getAttribute('data-count') || 1), (g.getAttribute('data-members') || '').split(' ')]; });
        var decision = svg.querySelector('g.decision-mark line');
        return {left: box.left, right: box.right, viewport: document.documentElement.clientWidth, scale: scale, rows: svg.querySelectorAll('g.row').length,
                plotLeft: +svg.getAttribute('data-plot-left'), plotWidth: +svg.getAttribute('data-plot-width'),
                cut: svg.getAttribute('data-break'),
                marks: marks, decision: decision ? centre(decision) : null};""")


def check_timeline(driver, page, report, rows, refund=None, now=None):
    """The rows, a refund's mark and the decision marker where the JSON's dates put them."""
    drawn = positions(driver)
    if drawn is None:
        fail(page, "no timeline")
        return
    if drawn["rows"] != rows:
        fail(page, "%d timeline rows, expected %d" % (drawn["rows"], rows))
    first, span, cut = axis(report)
    if (drawn["cut"] is None) != (cut is None) or (cut and parse(drawn["cut"]) != parse(cut)):
        fail(page, "axis break before %s, the JSON implies %s" % (drawn["cut"], cut))

    def expected_x(date):
        return drawn["left"] + drawn["scale"] * (drawn["plotLeft"] + (parse(date) - first) / span * drawn["plotWidth"])

    if refund:
        marks = [m for m in drawn["marks"] if "m-refund-or-revocation" in m[0] and m[1] == refund]
        # A refund within a few pixels of another mark is drawn in their group, centred among them.
        grouped = [m for m in drawn["marks"] if "m-group" in m[0] and "refund-or-revocation" in m[4]
                   and abs(m[2] - expected_x(refund)) <= GROUP_PX * drawn["scale"]]
        if len(marks) + len(grouped) != 1:
            fail(page, "expected one refund mark at %s, found %d" % (refund, len(marks) + len(grouped)))
        elif marks and abs(marks[0][2] - expected_x(refund)) > 1:
            fail(page, "refund mark at x %.2f, computed %.2f" % (marks[0][2], expected_x(refund)))
    if now:
        if drawn["decision"] is None:
            fail(page, "no decision marker")
        elif abs(drawn["decision"] - expected_x(now)) > 1:
            fail(page, "decision marker at x %.2f, computed %.2f" % (drawn["decision"], expected_x(now)))
    return drawn


def expected_marks(report):
    """Counts of purchase, renewal, refund and expiry marks implied by the JSON (one-time: no end)."""
    found = walk(report)
    entries = [(p.get("product_id") or "(no product id)", p["purchase_date"], p.get("expires_date"),
                p.get("cancellation_date")) for p in found["in_app"] if p.get("purchase_date")]
    entries += [(t.get("productId") or "(no product id)", t["purchaseDate"], t.get("expiresDate"),
                 t.get("revocationDate")) for t in found["transactions"] if t.get("purchaseDate")]
    counts = {"purchase": 0, "renewal": 0, "one-time-purchase": 0, "refunds": 0, "expiry": 0}
    products = {}
    for entry in entries:
        products.setdefault(entry[0], []).append(entry)
    for items in products.values():
        previous = None
        for _, start, end, cancelled in sorted(items, key=lambda e: parse(e[1])):
            if end:
                renewed = previous is not None and abs(previous - parse(start)) < 60
                counts["renewal" if renewed else "purchase"] += 1
                previous = parse(end)
            else:
                counts["one-time-purchase"] += 1
            if cancelled:
                counts["refunds"] += 1
        if previous is not None:
            counts["expiry"] += 1
    return counts, len(products)


def check_marks(driver, page, report, extra_rows=0):
    drawn = positions(driver)
    counts, rows = expected_marks(report)
    if drawn is None:
        fail(page, "no timeline")
        return
    if drawn["rows"] != rows + extra_rows:
        fail(page, "%d timeline rows, the JSON implies %d" % (drawn["rows"], rows + extra_rows))
    for name, count in counts.items():
        wanted = ("m-refund-or-revocation", "m-upgrade") if name == "refunds" else ("m-" + name,)
        # A group of renewal ticks says how many it draws (data-count).
        found = sum(m[3] for m in drawn["marks"] if any(w in m[0].split() for w in wanted))
        # A group mark lists the kinds it holds (data-members).
        found += sum(1 for m in drawn["marks"] if "m-group" in m[0].split() for member in m[4]
                     if "m-" + member in wanted)
        if found != count:
            fail(page, "%d %s marks, the JSON implies %d" % (found, name, count))


# ---- Legibility -----------------------------------------------------------------------------------

LEGIBLE = """
var minimum = arguments[0], tickGap = arguments[1], found = [];
function box(el) { return el.getBoundingClientRect(); }
function shown(el) { var b = box(el); return b.width > 0 && b.height > 0; }
// A header's words are its runs between spaces (no break at a hyphen either); a cell's are its runs of
// letters and digits, so a date or an id may wrap after a hyphen or dot but never inside a run.
function words(el, strict) {
  var broken = [], walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), node;
  while ((node = walker.nextNode())) {
    var re = strict ? /\\S+/g : /[A-Za-z0-9]+/g, m;
    while ((m = re.exec(node.data))) {
      var range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      var tops = {};
      Array.from(range.getClientRects()).forEach(function (r) { if (r.width > 0) tops[Math.round(r.top)] = 1; });
      if (Object.keys(tops).length > 1) broken.push(m[0]);
    }
  }
  return broken;
}
document.querySelectorAll('figure.timeline svg').forEach(function (svg) {
  if (!shown(svg)) return;
  var frame = box(svg);
  var texts = Array.from(svg.querySelectorAll('text')).map(function (t) { return [t.textContent, box(t)]; });
  texts.forEach(function (t) {
    var b = t[1];
    if (b.left < frame.left - 1 || b.right > frame.right + 1 || b.top < frame.top - 1 || b.bottom > frame.bottom + 1)
      found.push('text "' + t[0] + '" overflows the picture');
  });
  for (var i = 0; i < texts.length; i++) for (var j = i + 1; j < texts.length; j++) {
    var a = texts[i][1], b = texts[j][1];
    if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1)
      found.push('text "' + texts[i][0] + '" overlaps "' + texts[j][0] + '"');
  }
  svg.querySelectorAll('rect.period').forEach(function (p) {
    var w = box(p).width;
    if (w < minimum) found.push('period "' + p.textContent + '" is ' + w.toFixed(1) + ' px wide (minimum ' + minimum + ')');
  });
  var ticks = Array.from(svg.querySelectorAll('text.t-tick')).map(box).sort(function (a, b) { return a.left - b.left; });
  for (var k = 1; k < ticks.length; k++)
    if (ticks[k].left - ticks[k - 1].right < tickGap)
      found.push('tick labels ' + (k - 1) + ' and ' + k + ' are ' + (ticks[k].left - ticks[k - 1].right).toFixed(1) + ' px apart');
});
document.querySelectorAll('th, td').forEach(function (cell) {
  if (!shown(cell)) return;
  words(cell, cell.tagName === 'TH').forEach(function (w) { found.push(cell.tagName.toLowerCase() + ' "' + cell.textContent.slice(0, 40) + '" broken inside the word "' + w + '"'); });
});
document.querySelectorAll('th, td, dt, dd, caption, summary, h2, h3, p, li').forEach(function (el) {
  if (!shown(el) || el.clientWidth === 0) return;
  if (el.scrollWidth > el.clientWidth + 1)
    found.push(el.tagName.toLowerCase() + ' "' + el.textContent.slice(0, 40) + '" overflows its box by ' + (el.scrollWidth - el.clientWidth) + ' px');
});
return found;
"""


def at_width(driver, width, height=1000):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})


def check_legible(driver, page):
    """At each of WIDTHS: nothing in the page that cannot be read (LEGIBLE)."""
    for width in WIDTHS:
        at_width(driver, width)
        problems = driver.execute_script(LEGIBLE, MIN_PERIOD_PX, TICK_GAP_PX)
        for problem in problems[:12]:
            fail(page, "at %d px: %s" % (width, problem))
        if len(problems) > 12:
            fail(page, "at %d px: %d more" % (width, len(problems) - 12))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def check_periods(driver, page, report, width=1280, minimum=READABLE_PERIOD_PX):
    """At `width` px, each paid period the JSON lists is `minimum` px wide at least."""
    at_width(driver, width)
    drawn = positions(driver)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    first, span, _ = axis(report)
    found = walk(report)
    periods = [(p["purchase_date"], p["expires_date"]) for p in found["in_app"]
               if p.get("expires_date") and p.get("purchase_date") and not p.get("is_trial_period")]
    periods += [(t["purchaseDate"], t["expiresDate"]) for t in found["transactions"]
                if t.get("expiresDate") and t.get("purchaseDate")]
    widths = [(parse(end) - parse(start)) / span * drawn["plotWidth"] * drawn["scale"] for start, end in periods]
    print("%s: paid periods at %d px: %s px" % (page, width, ", ".join("%.0f" % w for w in widths)))
    for (start, _), drawn_width in zip(periods, widths):
        if drawn_width < minimum:
            fail(page, "the paid period from %s is %.1f px wide at %d px (minimum %d)"
                 % (start, drawn_width, width, minimum))


PHONE = """
var minimum = arguments[0], found = [], view = document.documentElement;
if (view.scrollWidth > view.clientWidth + 1)
  found.push('the page scrolls sideways: ' + view.scrollWidth + ' px wide in ' + view.clientWidth);
document.querySelectorAll('figure.timeline svg').forEach(function (svg) {
  var frame = svg.getBoundingClientRect();
  if (frame.width === 0) return;
  var plot = svg.parentElement.getBoundingClientRect();
  if (frame.left < plot.left - 1 || frame.right > plot.right + 1 || frame.right > view.clientWidth)
    found.push('the picture spans x ' + frame.left.toFixed(0) + ' to ' + frame.right.toFixed(0) + ', its box '
               + plot.left.toFixed(0) + ' to ' + plot.right.toFixed(0) + ': it scrolls sideways');
  var scale = frame.width / svg.viewBox.baseVal.width;
  svg.querySelectorAll('text').forEach(function (t) {
    var size = parseFloat(getComputedStyle(t).fontSize) * scale;
    if (size < minimum) found.push('text "' + t.textContent + '" is ' + size.toFixed(1) + ' px high (minimum ' + minimum + ')');
  });
});
return found;
"""


def check_phone(driver, page, report, checks):
    """At PHONE_PX: the picture fits its box and the screen, its text can be read, and the marks, the
    decision and the trial are where the JSON's dates put them."""
    at_width(driver, PHONE_PX)
    problems = driver.execute_script(PHONE, PHONE_TEXT_PX)
    for problem in problems[:12]:
        fail(page, "at %d px: %s" % (PHONE_PX, problem))
    offered = 1 if report.get("trial_offer") else 0
    if "refund" in checks or "now" in checks:
        check_timeline(driver, page, report, expected_marks(report)[1] + checks.get("extra_rows", 0) + offered,
                       refund=checks.get("refund"), now=checks.get("now"))
    if checks.get("trial"):
        check_trial(driver, page, report)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    if page in ("receipt", "combined"):
        check_periods(driver, page, report, PHONE_PX, PHONE_PERIOD_PX)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def check_trial(driver, page, report):
    """The offered trial and its reminder where the JSON's trial_offer puts them, within 1 px."""
    offer = report.get("trial_offer")
    if not offer:
        fail(page, "the JSON offers no trial")
        return
    drawn = positions(driver)
    trial = driver.execute_script("""
        var r = Array.from(document.querySelectorAll('figure.timeline svg rect.period.s-offered-free-trial'))
          .find(function (e) { return e.getBoundingClientRect().width > 0; });
        if (!r) return null;
        var b = r.getBoundingClientRect();
        return [b.left, b.right];""")
    first, span, _ = axis(report)

    def expected_x(date):
        return drawn["left"] + drawn["scale"] * (drawn["plotLeft"] + (parse(date) - first) / span * drawn["plotWidth"])

    if trial is None:
        fail(page, "no offered trial drawn; the JSON offers one from %s to %s" % (offer["start"], offer["end"]))
        return
    # A period's stroke reaches half its width past each edge.
    for edge, date in zip(trial, (offer["start"], offer["end"])):
        if abs(edge - expected_x(date)) > 1.5:
            fail(page, "offered trial's edge at x %.2f, computed %.2f for %s" % (edge, expected_x(date), date))
    if offer.get("reminder"):
        reminders = [m for m in drawn["marks"] if "m-trial-reminder" in m[0].split() and m[1] == offer["reminder"]]
        if len(reminders) != 1 or abs(reminders[0][2] - expected_x(offer["reminder"])) > 1:
            fail(page, "trial reminder at %s not drawn at x %.2f" % (offer["reminder"], expected_x(offer["reminder"])))


def plant(name, path):
    """BROWSER_PLANT's fault, written into the page receipt-check made: each must fail a check."""
    if PLANT not in PLANTS:
        if PLANT:
            raise SystemExit("BROWSER_PLANT: one of %s" % ", ".join(PLANTS))
        return
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    planted = text
    if PLANT == "squeeze" and name == "receipt":
        # The periods drawn on an axis 40 times too long for them.
        planted = re.sub(r'(<rect class="period [^>]*? width=")([0-9.]+)"',
                         lambda m: '%s%.2f"' % (m.group(1), float(m.group(2)) / 40), text)
    elif PLANT == "overlap" and name == "receipt":
        # A second label a few pixels beside the first tick's.
        planted = re.sub(r'<text class="t-tick" x="([0-9.]+)"([^>]*)>([^<]*)</text>',
                         lambda m: m.group(0) + '<text class="t-tick" x="%.1f"%s>%s</text>'
                         % (float(m.group(1)) + 6, m.group(2), m.group(3)), text, count=1)
    elif PLANT == "drop-trial" and name == "trial-offer":
        planted = re.sub(r'<rect class="period s-offered-free-trial".*?</rect>\n', "", text, count=1)
    elif PLANT == "break-header" and name == "receipt":
        planted = text.replace("</style>", "th{word-break:break-all;width:1px}</style>", 1)
    elif PLANT == "phone-wide" and name == "receipt":
        # The wide picture on a phone, as before the narrow one.
        planted = text.replace("</style>", "figure.timeline .plot.wide{display:block!important}"
                               "figure.timeline .plot.narrow{display:none!important}</style>", 1)
    elif PLANT == "overflow" and name == "receipt":
        planted = text.replace("</style>", "td{white-space:nowrap;max-width:40px;overflow:hidden}</style>", 1)
    if planted != text:
        print("planted %s into %s" % (PLANT, name))
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(planted)


# ---- Fixtures -------------------------------------------------------------------------------------

def sign(tool, work, name, spec, pki="ec", jws=True):
    spec_path = os.path.join(work, name + ".spec.json")
    with open(spec_path, "w") as handle:
        json.dump(spec, handle)
    output = os.path.join(work, name)
    run(tool, "make-receipt", *(["--jws"] if jws else []), "--spec", spec_path, "--pki",
        os.path.join(work, pki), "-o", output, ok=(0,))
    return output


def history(count, product="com.example.receiptcheck.pro.monthly", start="2020-01-01T00:00:00Z"):
    """count monthly periods (30 days) of one subscription, one transaction each."""
    transactions = []
    begin = parse(start)
    for index in range(count):
        purchase = begin + index * 30 * 86400
        transactions.append({
            "transactionId": str(3000000000 + index), "originalTransactionId": "3000000000",
            "bundleId": "com.example.receiptcheck", "productId": product, "subscriptionGroupIdentifier": "21000001",
            "purchaseDate": int(purchase * 1000), "originalPurchaseDate": int(begin * 1000),
            "expiresDate": int((purchase + 30 * 86400) * 1000), "type": "Auto-Renewable Subscription",
            "inAppOwnershipType": "PURCHASED", "environment": "Production", "signedDate": int(purchase * 1000),
            "appTransactionId": "705000000000009"})
    return {"bundleId": "com.example.receiptcheck", "appAppleId": 1234567890, "environment": "Production",
            "hasMore": False, "revision": "r-%d" % count, "signedTransactions": transactions}


def pages(tool, work):
    """(name, html path, json report, what to check) of every fixture page."""
    run(tool, "make-test-pki", os.path.join(work, "ec"), "--ec", ok=(0,))
    run(tool, "make-test-pki", os.path.join(work, "rsa"), ok=(0,))
    ec_root = os.path.join(work, "ec", "root.pem")
    examples = os.path.join(ROOT, "examples", "ci", "storekit2")
    for source, name in (("Fixtures/subscriptions.receipt", "subscriptions.receipt"),
                         ("Fixtures/pki/root.pem", "fixtures-root.pem"), ("examples/ci/rules.txt", "rules.txt"),
                         ("examples/ci/storekit2/rules.txt", "storekit2.rules")):
        shutil.copy(os.path.join(ROOT, source), os.path.join(work, name))
    made = []

    def page(name, arguments, **checks):
        html = os.path.join(work, name + ".html")
        with open(html, "wb") as handle:
            handle.write(run(tool, *arguments[:1], "--format", "html", *arguments[1:]))
        plant(name, html)
        if "batch" in checks:
            lines = run(tool, *arguments[:1], "--format", "ndjson", *arguments[1:]).splitlines()
            report = {"inputs": [json.loads(line) for line in lines]}
        else:
            report = json.loads(run(tool, *arguments[:1], "--json", *arguments[1:]))
        made.append((name, html, report, checks))

    # An app receipt with a trial, an intro offer, renewals, a refund and an upgrade's offer; premium by
    # its first build.
    page("receipt", ["verify", "--root", os.path.join(work, "fixtures-root.pem"), "--bundle-id",
                     "com.example.receiptcheck", "--environment", "production", "--platform", "ios",
                     "--now", "2024-03-01T00:00:00Z", "--rules", os.path.join(work, "rules.txt"),
                     os.path.join(work, "subscriptions.receipt")],
         refund="2024-04-02T16:40:00Z", now="2024-03-01T00:00:00Z", extra_rows=0, a4=True)
    # One customer: an AppTransaction and a history with a refunded subscription, combined.
    app = sign(tool, work, "app-refunded.jws", json.load(open(os.path.join(examples, "app-refunded.json"))))
    refunded = sign(tool, work, "history-refunded.json",
                    json.load(open(os.path.join(examples, "history-refunded.json"))))
    combine = ["verify", "--combine", "--root", ec_root, "--bundle-id", "com.example.receiptcheck",
               "--app-apple-id", "1234567890", "--environment", "production", "--platform", "ios",
               "--now", "2026-11-22T00:00:00Z", "--rules", os.path.join(work, "storekit2.rules"), app, refunded]
    page("combined", combine, refund="2026-11-15T00:00:00Z", now="2026-11-22T00:00:00Z", a4=True)
    # A new customer (an app receipt without purchases) offered a 7-day trial with a reminder 2 days before.
    spec = json.load(open(os.path.join(ROOT, "Fixtures/specs/production.json")))
    spec["in_app"] = []
    new_customer = sign(tool, work, "new-customer.receipt", spec, pki="rsa", jws=False)
    page("trial-offer", ["verify", "--root", os.path.join(work, "rsa", "root.pem"), "--bundle-id",
                         "com.example.receiptcheck", "--platform", "ios", "--now", "2024-05-02T09:00:00Z", "--rule",
                         'premium: subscription "com.example.receiptcheck.monthly" active', "--trial-days", "7",
                         "--reminder-days", "2", new_customer], now="2024-05-02T09:00:00Z", trial=True)
    # A StatusResponse whose subscription is in its grace period, then billing retry.
    transaction = {
        "transactionId": "4000000001", "originalTransactionId": "4000000001", "bundleId": "com.example.receiptcheck",
        "productId": "com.example.receiptcheck.pro.yearly", "purchaseDate": "2025-11-01T00:00:00Z",
        "expiresDate": "2026-11-01T00:00:00Z", "type": "Auto-Renewable Subscription", "offerType": 1,
        "offerDiscountType": "PAY_UP_FRONT", "environment": "Production", "signedDate": "2026-11-05T00:00:00Z"}
    renewal = {"originalTransactionId": "4000000001", "productId": "com.example.receiptcheck.pro.yearly",
               "autoRenewProductId": "com.example.receiptcheck.pro.yearly", "autoRenewStatus": 1,
               "gracePeriodExpiresDate": "2026-11-17T00:00:00Z", "isInBillingRetryPeriod": True,
               "environment": "Production", "signedDate": "2026-11-05T00:00:00Z"}
    status = sign(tool, work, "status.json", {
        "bundleId": "com.example.receiptcheck", "appAppleId": 1234567890, "environment": "Production",
        "data": [{"subscriptionGroupIdentifier": "21000001", "lastTransactions": [
            {"status": 3, "originalTransactionId": "4000000001", "signedTransactionInfo": transaction,
             "signedRenewalInfo": renewal}]}]})
    page("status", ["verify", "--root", ec_root, "--bundle-id", "com.example.receiptcheck",
                    "--now", "2026-11-20T00:00:00Z",
                    "--rule", 'premium: subscription "com.example.receiptcheck.pro.yearly" active', status],
         now="2026-11-20T00:00:00Z")
    # A notification: its transaction and renewal info nested, signed in place.
    notification = sign(tool, work, "notification.json", {
        "notificationType": "DID_FAIL_TO_RENEW", "subtype": "GRACE_PERIOD", "version": "2.0",
        "notificationUUID": "9a0b6c4e-1d2f-4a3b-8c5d-6e7f8a9b0c1d", "signedDate": "2026-11-05T00:00:00Z",
        "data": {"appAppleId": 1234567890, "bundleId": "com.example.receiptcheck", "environment": "Production",
                 "signedTransactionInfo": transaction, "signedRenewalInfo": renewal}})
    page("notification", ["inspect", "--root", ec_root, notification])
    # Every other StoreKit 2 kind alone: a transaction, a renewal info, an AppTransaction, a realtime request.
    refunded_transaction = dict(transaction, revocationDate="2026-03-01T00:00:00Z", revocationReason=1)
    page("transaction", ["inspect", "--root", ec_root, "--now", "2026-06-01T00:00:00Z",
                         sign(tool, work, "transaction.jws", refunded_transaction)],
         refund="2026-03-01T00:00:00Z", now="2026-06-01T00:00:00Z")
    page("renewal-info", ["inspect", "--root", ec_root, sign(tool, work, "renewal.jws", renewal)])
    page("app-transaction", ["inspect", "--root", ec_root, "--now", "2026-11-22T00:00:00Z",
                             "--rule", "premium: original_application_version < 42",
                             sign(tool, work, "app.jws", json.load(open(os.path.join(examples, "app-new.json"))))],
         now="2026-11-22T00:00:00Z")
    page("realtime-request", ["inspect", "--root", ec_root, sign(tool, work, "realtime.jws", {
        "originalTransactionId": "4000000001", "appAppleId": 1234567890, "productId": "com.example.receiptcheck.pro",
        "userLocale": "en-US", "requestIdentifier": "3db5c98d-8acf-4e29-831e-8e1f82f9f6e9",
        "signedDate": "2026-11-21T00:00:00Z", "environment": "Production"})])
    # 644 monthly periods: the size and speed of a long history.
    long_history = sign(tool, work, "history-644.json", history(644))
    page("history-644", ["verify", "--root", ec_root, "--bundle-id", "com.example.receiptcheck",
                         "--now", "2030-01-01T00:00:00Z",
                         "--rule", 'premium: subscription "com.example.receiptcheck.pro.monthly" active',
                         long_history], now="2030-01-01T00:00:00Z", timed=True)
    # A batch: a summary by status and reason, then one folded section per input.
    batch = os.path.join(work, "batch")
    os.makedirs(batch)
    for fixture in ("valid.receipt", "subscriptions.receipt", "tampered-signature.receipt", "expired-chain.receipt",
                    "wrong-bundle.receipt"):
        shutil.copy(os.path.join(ROOT, "Fixtures", fixture), batch)
    with open(os.path.join(batch, "empty.receipt"), "w"):
        pass
    page("batch", ["verify", "--quiet", "--recursive", "--jobs", "1", "--root",
                   os.path.join(work, "fixtures-root.pem"), batch], batch=6)
    made.extend(hostile(tool, work, ec_root))
    return made


def hostile(tool, work, ec_root):
    """Pages whose every input-borne string is one of HOSTILE, in genuinely signed inputs."""
    made = []
    spec = json.load(open(os.path.join(ROOT, "Fixtures/specs/subscriptions.json")))
    spec["bundle_id"] = HOSTILE[1]
    spec["original_application_version"] = HOSTILE[4]
    spec["in_app"] = [dict(purchase) for purchase in (spec["in_app"] * 2)[:len(HOSTILE)]]
    for index, purchase in enumerate(spec["in_app"]):
        purchase["transaction_id"] = str(100000009900000 + index)
        purchase["product_id"] = HOSTILE[index % len(HOSTILE)]
        purchase["promotional_offer_id"] = HOSTILE[(index + 3) % len(HOSTILE)]
    receipt = sign(tool, work, "hostile.receipt", spec, pki="rsa", jws=False)
    facts = os.path.join(work, "hostile-facts.json")
    with open(facts, "w") as handle:
        json.dump({"plan": HOSTILE[2], "team": HOSTILE[7]}, handle)
    rules = os.path.join(work, "hostile.rules")
    with open(rules, "w") as handle:
        handle.write('premium: plan == "team" | "%s"\n' % HOSTILE[4].replace('"', ""))
        handle.write('export: team == "x" or product "%s" | "%s"\n' % (HOSTILE[0], HOSTILE[6]))
    arguments = ["inspect", "--root", os.path.join(work, "rsa", "root.pem"), "--now", "2024-03-01T00:00:00Z",
                 "--rules", rules, "--facts", facts, receipt]
    strings = HOSTILE[:] + [HOSTILE[4].replace('"', "")]
    html = os.path.join(work, "hostile-receipt.html")
    with open(html, "wb") as handle:
        handle.write(run(tool, arguments[0], "--format", "html", *arguments[1:]))
    made.append(("hostile-receipt", html, json.loads(run(tool, arguments[0], "--json", *arguments[1:])),
                 {"strings": strings}))

    transactions = []
    for index, text in enumerate(HOSTILE):
        transactions.append({
            "transactionId": "500000000%d" % index, "originalTransactionId": "500000000%d" % index,
            "bundleId": HOSTILE[(index + 1) % len(HOSTILE)], "productId": text,
            "purchaseDate": "2026-0%d-01T00:00:00Z" % (1 + index % 9), "expiresDate": "2026-12-01T00:00:00Z",
            "type": "Auto-Renewable Subscription", "offerType": 2, "offerIdentifier": HOSTILE[(index + 2) % 10],
            "appAccountToken": HOSTILE[(index + 3) % len(HOSTILE)], "revocationDate": "2026-11-01T00:00:00Z",
            "environment": "Production", "signedDate": "2026-11-05T00:00:00Z"})
    response = sign(tool, work, "hostile-history.json", {
        "bundleId": HOSTILE[3], "appAppleId": 1234567890, "environment": "Production", "hasMore": False,
        "revision": HOSTILE[5], "signedTransactions": transactions})
    arguments = ["inspect", "--root", ec_root, "--now", "2026-11-20T00:00:00Z", response]
    html = os.path.join(work, "hostile-history.html")
    with open(html, "wb") as handle:
        handle.write(run(tool, arguments[0], "--format", "html", *arguments[1:]))
    made.append(("hostile-history", html, json.loads(run(tool, arguments[0], "--json", *arguments[1:])),
                 {"strings": HOSTILE}))
    return made


def control(work, source):
    """The receipt page with a planted script, inline handler, style break-out and image: every
    inertness check must fail on it, or the checks prove nothing."""
    with open(source, encoding="utf-8") as handle:
        text = handle.read()
    planted = text.replace("<main>", "<main><script>window.%s=9</script><img src=\"http://127.0.0.1:9/x.png\">"
                           "<p onclick=\"x()\">planted</p>" % SENTINEL, 1)
    path = os.path.join(work, "control.html")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(planted)
    return path


def main():
    arguments = sys.argv[1:]
    screenshots = None
    if arguments[:1] == ["--screenshots"]:
        screenshots = arguments[1]
        arguments = arguments[2:]
    tool = os.path.abspath(arguments[0] if arguments else os.path.join(ROOT, ".build/debug/receipt-check"))
    work = WORK
    driver = browser()
    try:
        made = pages(tool, work)
        if screenshots:
            return shoot(driver, made, screenshots)
        for name, path, report, checks in made:
            problems = check_inert(driver, name, path)
            for problem in problems:
                fail(name, problem)
            if name.startswith("hostile"):
                text = driver.execute_script("return document.body.textContent")
                for string in checks["strings"]:
                    if shown(string) not in text:
                        fail(name, "%r is not shown literally" % shown(string))
            elif "batch" not in checks:
                check_tables(driver, name, report)
            offered = 1 if report.get("trial_offer") else 0
            if "refund" in checks or "now" in checks:
                check_timeline(driver, name, report, expected_marks(report)[1] + checks.get("extra_rows", 0) + offered,
                               refund=checks.get("refund"), now=checks.get("now"))
            if name in ("receipt", "combined", "history-644", "status"):
                check_marks(driver, name, report)
            if checks.get("trial"):
                check_trial(driver, name, report)
            if name in ("receipt", "combined"):
                check_periods(driver, name, report)
            if not name.startswith("hostile"):
                check_legible(driver, name)
                check_phone(driver, name, report, checks)
            if "batch" in checks:
                sections = driver.execute_script(
                    "return [document.querySelectorAll('details.input').length,"
                    " document.querySelectorAll('details.input[open]').length,"
                    " document.querySelector('main').firstElementChild.className,"
                    " getComputedStyle(document.querySelector('.summary')).order]")
                if sections[0] != checks["batch"] or sections[1] != 0 or sections[3] != "-1":
                    fail(name, "sections, open, first, summary order: %r" % (sections,))
            if checks.get("a4"):
                # Printed (the print stylesheet), one customer fits one A4 page.
                pdf = base64.b64decode(driver.execute_cdp_cmd(
                    "Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69, "preferCSSPageSize": True})["data"])
                printed = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
                if printed != 1:
                    fail(name, "printed on %d A4 pages, not one" % printed)
            if checks.get("timed"):
                loaded = driver.execute_script(
                    "var t = performance.getEntriesByType('navigation')[0];"
                    " return [t.domContentLoadedEventEnd - t.startTime, t.transferSize, t.decodedBodySize];")
                size = os.path.getsize(path)
                print("history-644: DOMContentLoaded %.1f ms, page %d bytes" % (loaded[0], size))
                if loaded[0] >= HISTORY_BOUND_MS:
                    fail(name, "DOMContentLoaded after %.1f ms (bound %.0f ms; goal: under 1 s)"
                         % (loaded[0], HISTORY_BOUND_MS))
            if not any(failure.startswith(name + ":") for failure in failures):
                print("ok   %s" % name)
        if PLANT:
            print("scale: left out of a run with a planted fault")
        else:
            scale(tool, work, driver)
        planted = control(work, made[0][1])
        problems = check_inert(driver, "control", planted)
        kinds = {"sentinel": any("sentinel" in p for p in problems),
                 "script": any(p == "script element" for p in problems),
                 "handler": any("onclick" in p for p in problems),
                 "request or CSP": any(p.startswith(("request", "CSP violation", "console")) for p in problems)}
        before = len(failures)
        if kinds["sentinel"]:
            fail("control", "the planted script ran: the Content-Security-Policy did not stop it")
        for kind in ("script", "handler", "request or CSP"):
            if not kinds[kind]:
                fail("control", "the planted %s was not detected" % kind)
        if len(failures) == before:
            print("ok   control (planted script, handler and image detected: %d findings)" % len(problems))
    finally:
        driver.quit()
        if not failures and not os.environ.get("BROWSER_TEST_KEEP"):
            shutil.rmtree(work, ignore_errors=True)
    if failures:
        print("test-browser: %d failures (pages kept in %s)" % (len(failures), work), file=sys.stderr)
        return 1
    print("test-browser: %d pages and the control pass in headless %s" % (len(made), "Chromium"))
    return 0


def spread(sizes):
    """How far the bytes per input of the pages (inputs: bytes) differ: 0 for exactly linear growth."""
    per_input = [size / count for count, size in sizes.items()]
    return max(per_input) / min(per_input) - 1


def scale(tool, work, driver):
    """The batch pages at scale: linear in size, and the largest ready within SCALE_BOUND_MS."""
    with open(os.path.join(ROOT, "Fixtures", "valid.receipt"), "rb") as handle:
        line = base64.b64encode(handle.read()) + b"\n"
    sizes = {}
    pages = {}
    for count in SCALE_INPUTS:
        lines = os.path.join(work, "scale-%d.txt" % count)
        with open(lines, "wb") as handle:
            handle.write(line * count)
        page = os.path.join(work, "scale-%d.html" % count)
        with open(page, "wb") as handle:
            handle.write(run(tool, "verify", "--format", "html", "--quiet", "--lines", "--root",
                             os.path.join(work, "fixtures-root.pem"), lines))
        sizes[count] = os.path.getsize(page)
        pages[count] = page
    name = "scale"
    found = spread(sizes)
    print("scale: %s bytes per input (spread %.2f%%)" % (
        ", ".join("%d inputs %.0f" % (count, size / count) for count, size in sorted(sizes.items())), found * 100))
    if found > SCALE_SPREAD:
        fail(name, "bytes per input differ by %.1f%% between %s inputs" % (found * 100, SCALE_INPUTS))
    planted = dict(sizes)
    planted[SCALE_INPUTS[-1]] = int(planted[SCALE_INPUTS[-1]] * 1.05)
    if spread(planted) <= SCALE_SPREAD:
        fail("control", "a planted 5% growth per input passed the linearity check")
    for count, page in sorted(pages.items()):
        driver.get("file://" + page)
        # The first paint says when a reader sees the summary: the page is drawn as it is parsed, so the
        # summary and the first sections are there long before the last section is read.
        loaded, sections, closed, painted = driver.execute_script(
            "var t = performance.getEntriesByType('navigation')[0];"
            " var p = performance.getEntriesByName('first-contentful-paint')[0];"
            " return [t.domContentLoadedEventEnd - t.startTime, document.querySelectorAll('details.input').length,"
            " document.querySelectorAll('details.input:not([open])').length, p ? p.startTime : -1];")
        print("scale: %d inputs, %d bytes: first contentful paint %.0f ms, DOMContentLoaded %.0f ms"
              % (count, sizes[count], painted, loaded))
        if sections != count or closed != count:
            fail(name, "%d sections, %d folded, for %d inputs" % (sections, closed, count))
    if loaded > SCALE_BOUND_MS:
        fail(name, "DOMContentLoaded of %d inputs after %.0f ms (bound %.0f ms)" % (count, loaded, SCALE_BOUND_MS))
    if not any(failure.startswith(name + ":") for failure in failures):
        print("ok   %s" % name)


# The docs' screenshots: (page, file, width, height) at a desktop's and a phone's width.
SHOTS = (("receipt", "html-receipt.png", 1280, 1000), ("receipt", "html-receipt-phone.png", 390, 1400),
         ("combined", "html-combined.png", 1280, 1000), ("combined", "html-combined-phone.png", 390, 1400),
         ("trial-offer", "html-trial.png", 1280, 700), ("trial-offer", "html-trial-phone.png", 390, 1100),
         ("batch", "html-batch.png", 1280, 600))


def shoot(driver, made, directory):
    os.makedirs(directory, exist_ok=True)
    for name, file, width, height in SHOTS:
        path = next(p for n, p, _, _ in made if n == name)
        at_width(driver, width, height)
        driver.get("file://" + path)
        output = os.path.join(directory, file)
        with open(output, "wb") as handle:
            handle.write(base64.b64decode(driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"]))
        print("wrote %s (%d x %d)" % (output, width, height))
    return 0


if __name__ == "__main__":
    sys.exit(main())
