"""make test-endpoint: examples/verifyreceipt-endpoint/serve.sh for real, in both of its modes: nginx and
fcgiwrap running `receipt-check verify --cgi`, and nginx in front of `receipt-check serve`.

    test-endpoint.py RECEIPT_CHECK CORPUS EXCHANGES

Starts four endpoints in each mode (any environment, production, sandbox, and one configured for another
app's bundle id), posts every recorded exchange and every corpus receipt with curl and checks each answer
is the CLI's `--format verifyreceipt` body for the same input and options (request_date aside: it is
the time of the answer), and that the service's answer is the CGI path's byte for byte (request_date
aside); checks 404, 405 and 413 in both modes; the service's own routes (POST /verify against the CLI's
verdict, 400 with the CLI's reason, GET /health), 503 when saturated (one worker, a queue of one) and
SIGHUP reloading its rules (a bad file refused, the old configuration kept); then sends 500 requests
8 at a time to each mode, every answer checked, and prints requests/s. Stops the endpoints with SIGTERM
and checks they ended cleanly.
"""

import base64
import concurrent.futures
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVE = os.path.join(ROOT, "examples", "verifyreceipt-endpoint", "serve.sh")
MAX_BODY = 1 << 20
ENDPOINTS = {
    "any": [],
    "production": ["--environment", "production"],
    "sandbox": ["--environment", "sandbox"],
    "other-app": ["--bundle-id", "com.example.other-app"],
}
problems = []


def problem(text):
    problems.append(text)
    print(f"test-endpoint: FAIL {text}", flush=True)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def without_request_date(body):
    value = json.loads(body)
    for key in ["request_date", "request_date_ms", "request_date_pst"]:
        value.get("receipt", {}).pop(key, None)
    return value


def curl(url, body=None, method=None):
    command = ["curl", "-sS", "--max-time", "60", "-o", "-", "-w", "\n%{http_code} %{content_type}", url]
    if body is not None:
        command += ["--data-binary", "@" + body, "-H", "Content-Type: application/json"]
    if method:
        command += ["-X", method]
    out = subprocess.run(command, capture_output=True, check=False).stdout.decode()
    text, _, status = out.rpartition("\n")
    code, _, content_type = status.partition(" ")
    return int(code or 0), content_type, text


MODES = ["cgi", "service"]
REQUEST_DATE = re.compile(r'"request_date(_ms|_pst)?":"[^"]*"')


def same_bytes(body):
    """The answer's text with its request dates (the time of each answer) blanked, for a byte comparison."""
    return REQUEST_DATE.sub('"request_date":""', body)


def start(name, options, binary, scratch, mode="cgi", workers="4", prefix=None):
    port = free_port()
    env = dict(os.environ, RECEIPT_CHECK=binary, WORKERS=workers, MAX_BODY_BYTES=str(MAX_BODY), SERVE_MODE=mode)
    if prefix:
        env["VERIFYRECEIPT_PREFIX"] = prefix
    log = open(os.path.join(scratch, f"serve-{mode}-{name}.log"), "w")
    process = subprocess.Popen(["bash", SERVE, str(port)] + options, env=env, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}/verifyReceipt"
    deadline = time.time() + 30
    while time.time() < deadline:
        if curl(url)[0] == 405:
            return process, url
        if process.poll() is not None:
            break
        time.sleep(0.1)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=15)
    raise SystemExit(f"test-endpoint: serve.sh {mode} {name} did not come up (see {log.name})")


def cli_answer(binary, options, body):
    result = subprocess.run(
        [binary, "verify", "--format", "verifyreceipt", "--quiet"] + options + [body], capture_output=True, check=False)
    return result.stdout.decode()


def cli_verdict(binary, body):
    result = subprocess.run([binary, "verify", "--format", "ndjson", "--quiet", body], capture_output=True, check=False)
    verdict = json.loads(result.stdout.decode().splitlines()[0])
    verdict.pop("input", None)
    return verdict


def service_routes(binary, base, cases, too_large, broken):
    """POST /verify against the CLI's verdict, 400 with its reason, GET /health, and each refusal."""
    checked = 0
    for label, endpoint, body in cases:
        if endpoint != "any":
            continue
        code, content_type, text = curl(base + "/verify", body)
        wanted = cli_verdict(binary, body)
        got = json.loads(text) if text.startswith("{") else {}
        got.pop("input", None)
        wanted_code = 400 if wanted.get("status") in ("malformed", "unreadable") else 200
        if code != wanted_code or content_type != "application/json" or got != wanted:
            problem(f"POST /verify {label}: HTTP {code}, the verdict differs from the CLI's" if got != wanted
                    else f"POST /verify {label}: HTTP {code} {content_type}, expected {wanted_code}")
        checked += 1
    code, _, text = curl(base + "/verify", broken)
    reason = json.loads(text).get("reason") if text.startswith("{") else None
    if code != 400 or not reason:
        problem(f"POST /verify of a broken body: HTTP {code}, reason {reason}; expected 400 with the CLI's reason")
    code, _, text = curl(base + "/health")
    health = json.loads(text) if text.startswith("{") else {}
    if code != 200 or health.get("ready") is not True or len(health.get("configuration", "")) != 16:
        problem(f"GET /health: HTTP {code} {text!r}")
    checks = [
        ("GET /verify", curl(base + "/verify"), 405),
        ("POST /health", curl(base + "/health", broken), 405),
        ("POST /nothing", curl(base + "/nothing", broken), 404),
        (f"POST /verify of {MAX_BODY + 20} bytes", curl(base + "/verify", too_large), 413),
    ]
    for label, (code, content_type, _), wanted in checks:
        if code != wanted or content_type != "application/json":
            problem(f"service: {label}: HTTP {code} {content_type}, expected {wanted} with a JSON body")
    print(f"test-endpoint: service: {checked} POST /verify verdicts equal to the CLI's, broken body -> 400 ({reason}), "
          "GET /health -> 200, " + ", ".join(f"{label} -> {code}" for label, (code, _, _), _ in checks), flush=True)


def service_operations(binary, scratch, body):
    """One worker and a queue of one under 64 concurrent requests: 503s, every other answer right; then
    SIGHUP reloads the rules file (the digest changes), and a bad file is refused (the digest stays)."""
    rules = os.path.join(scratch, "ops.rules")
    with open(rules, "w", encoding="utf-8") as handle:
        handle.write("premium: always\n")
    # Started as root, serve.sh runs the service as nobody, which must read the rules file.
    os.chmod(scratch, 0o711)
    os.chmod(rules, 0o644)
    prefix = os.path.join(scratch, "ops-prefix")
    process, url = start("ops", ["--queue", "1", "--bundle-id", "com.example.app", "--rules", rules], binary, scratch, "service", workers="1",
                         prefix=prefix)
    base = url.rsplit("/", 1)[0]
    try:
        wanted = curl(url, body)[2]

        def one(_):
            code, _, text = curl(url, body)
            if code == 503:
                return "503" if json.loads(text) == {"status": 21005} else "bad 503"
            return "right" if code == 200 and same_bytes(text) == same_bytes(wanted) else f"wrong {code}"

        with concurrent.futures.ThreadPoolExecutor(max_workers=64) as pool:
            outcomes = list(pool.map(one, range(640)))
        counts = {o: outcomes.count(o) for o in set(outcomes)}
        if counts.get("503", 0) == 0 or set(counts) - {"503", "right"}:
            problem(f"saturated service: {counts}; expected some 503 (status 21005) and every other answer right")
        service = subprocess.run(["pgrep", "-f", f"serve --socket {prefix}/run/receipt-check.sock"],
                                 capture_output=True, check=False).stdout.split()
        if len(service) != 1:
            problem(f"the service's process: {service}")
            return
        pid = int(service[0])

        def digest():
            text = curl(base + "/health")[2]
            return json.loads(text).get("configuration") if text.startswith("{") else None

        first = digest()
        with open(rules, "w", encoding="utf-8") as handle:
            handle.write("premium: never\n")
        os.kill(pid, signal.SIGHUP)
        time.sleep(0.5)
        second = digest()
        with open(rules, "w", encoding="utf-8") as handle:
            handle.write("premium: product com.x\n")
        os.kill(pid, signal.SIGHUP)
        time.sleep(0.5)
        third = digest()
        with open(os.path.join(prefix, "logs", "service.log"), encoding="utf-8") as handle:
            refused = "reload refused" in handle.read()
        if not (first and second and first != second and third == second and refused):
            problem(f"SIGHUP: digests {first}, {second}, {third}, refusal logged {refused}; expected the second "
                    "new and the third (a bad rules file) the second's")
        print(f"test-endpoint: service: 640 requests 64 at a time to 1 worker and a queue of 1: {counts}; "
              f"SIGHUP: {first} -> {second}, a bad rules file refused ({third} kept)", flush=True)
    finally:
        process.send_signal(signal.SIGTERM)
        if process.wait(timeout=15) != 0:
            problem("serve.sh service ops did not stop cleanly on SIGTERM")


def main(arguments):
    if len(arguments) != 3:
        print(__doc__, file=sys.stderr)
        return 64
    binary, corpus, exchanges = (os.path.abspath(a) for a in arguments)
    for path in [corpus, exchanges]:
        if not os.path.isdir(path):
            print(f"test-endpoint: {path} NOT FOUND", file=sys.stderr)
            return 1
    scratch = tempfile.mkdtemp(prefix="test-endpoint.")
    with open(os.path.join(exchanges, "MANIFEST.json"), encoding="utf-8") as handle:
        manifest = {entry["name"]: entry for entry in json.load(handle)}

    cases = []  # (label, endpoint, body file)
    for name in sorted(manifest):
        folder = os.path.join(exchanges, name)
        body = os.path.join(folder, "request.json")
        if not os.path.isfile(body):
            with open(os.path.join(folder, "receipt.der"), "rb") as handle:
                receipt = base64.b64encode(handle.read()).decode()
            body = os.path.join(scratch, name + ".json")
            with open(body, "w", encoding="utf-8") as handle:
                json.dump({"receipt-data": receipt}, handle)
        url = (manifest[name].get("request") or {}).get("url", "")
        endpoint = "production" if "buy." in url else "sandbox" if "sandbox." in url else "any"
        cases.append((name, endpoint, body))
    receipts = sorted(f for f in os.listdir(os.path.join(corpus, "receipts")) if f.endswith(".receipt"))
    for name in receipts:
        with open(os.path.join(corpus, "receipts", name), "rb") as handle:
            receipt = base64.b64encode(handle.read()).decode()
        body = os.path.join(scratch, name + ".json")
        with open(body, "w", encoding="utf-8") as handle:
            json.dump({"receipt-data": receipt, "password": "ignored", "exclude-old-transactions": True}, handle)
        cases.append((name, "any", body))
    nonsub = os.path.join(exchanges, "linjunpop-griddiary-sandbox-nonsub", "request.json")
    cases.append(("another app's receipt", "other-app", nonsub))
    broken = os.path.join(scratch, "broken.json")
    with open(broken, "w", encoding="utf-8") as handle:
        handle.write('{"receipt-data": ')
    cases.append(("a body that is not JSON", "any", broken))

    servers = {}
    try:
        for mode in MODES:
            for name, options in ENDPOINTS.items():
                servers[(mode, name)] = start(name, options, binary, scratch, mode)
        expected = {}
        statuses = {}
        for label, endpoint, body in cases:
            cli = cli_answer(binary, ENDPOINTS[endpoint], body)
            expected[(endpoint, body)] = without_request_date(cli)
            answers = {}
            for mode in MODES:
                code, content_type, text = curl(servers[(mode, endpoint)][1], body)
                answers[mode] = text
                if code != 200 or content_type != "application/json":
                    problem(f"{label}: {mode}: HTTP {code} {content_type}")
                    continue
                if without_request_date(text) != expected[(endpoint, body)]:
                    problem(f"{label}: the {mode} endpoint's answer differs from the CLI's")
            if same_bytes(answers["service"]) != same_bytes(answers["cgi"]):
                problem(f"{label}: the service's answer is not the CGI path's, byte for byte")
            text = answers["cgi"]
            if text:
                statuses[json.loads(text)["status"]] = statuses.get(json.loads(text)["status"], 0) + 1
        if expected[("other-app", nonsub)] != {"status": 21003}:
            problem(f"another app's receipt: {expected[('other-app', nonsub)]}, expected status 21003")
        if expected[("any", broken)] != {"status": 21000}:
            problem(f"a body that is not JSON: {expected[('any', broken)]}, expected status 21000")
        print(f"test-endpoint: {len(cases)} answers equal to the CLI's, the service's to the CGI path's; statuses "
              + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())), flush=True)

        too_large = os.path.join(scratch, "too-large.json")
        with open(too_large, "wb") as handle:
            handle.write(b'{"receipt-data":"' + b"A" * MAX_BODY + b'"}')
        for mode in MODES:
            url = servers[(mode, "any")][1]
            base = url.rsplit("/", 1)[0]
            checks = [
                ("GET /verifyReceipt", curl(url), 405),
                ("PUT /verifyReceipt", curl(url, nonsub, "PUT"), 405),
                ("POST /", curl(base + "/", nonsub), 404),
                ("GET /other", curl(base + "/other"), 404),
                ("POST /verifyReceipt/extra", curl(url + "/extra", nonsub), 404),
                (f"POST of {MAX_BODY + 20} bytes", curl(url, too_large), 413),
            ]
            for label, (code, _, _), wanted in checks:
                if code != wanted:
                    problem(f"{mode}: {label}: HTTP {code}, expected {wanted}")
            print(f"test-endpoint: {mode}: " + ", ".join(f"{label} -> {code}" for label, (code, _, _), _ in checks),
                  flush=True)
        service_routes(binary, servers[("service", "any")][1].rsplit("/", 1)[0], cases, too_large, broken)
        service_operations(binary, scratch, nonsub)

        load = [cases[i % len(cases)] for i in range(500)]
        for mode in MODES:

            def one(case):
                _, endpoint, body = case
                code, _, text = curl(servers[(mode, endpoint)][1], body)
                return code == 200 and without_request_date(text) == expected[(endpoint, body)]

            started = time.monotonic()
            with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
                right = sum(pool.map(one, load))
            seconds = time.monotonic() - started
            if right != len(load):
                problem(f"{mode}: load: {len(load) - right} of {len(load)} answers wrong")
            print(f"test-endpoint: {mode}: {len(load)} requests, 8 at a time: {right} right in {seconds:.1f} s, "
                  f"{len(load) / seconds:.1f} requests/s (curl processes included)", flush=True)
    finally:
        for (mode, name), (process, _) in servers.items():
            process.send_signal(signal.SIGTERM)
        for (mode, name), (process, _) in servers.items():
            try:
                code = process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                code = "still running after 15 s"
            if code != 0:
                problem(f"serve.sh {mode} {name} did not stop cleanly on SIGTERM: {code}")
    leftover = subprocess.run(["pgrep", "-f", "verifyreceipt\\..*(fcgiwrap|receipt-check).sock"],
                              capture_output=True).stdout
    if leftover.strip():
        problem(f"fcgiwrap or service processes left behind: {leftover.decode().split()}")
    print(f"test-endpoint: {len(problems)} problems", flush=True)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
