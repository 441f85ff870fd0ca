"""make test-endpoint: examples/verifyreceipt-endpoint/serve.sh (nginx, fcgiwrap, receipt-check --cgi) for real.

    test-endpoint.py RECEIPT_CHECK CORPUS EXCHANGES

Starts four endpoints (any environment, production, sandbox, and one configured for another app's
bundle id), posts every recorded exchange and every corpus receipt with curl and checks each answer
is the CLI's `--format verifyreceipt` body for the same input and options (request_date aside: it is
the time of the answer), checks 404, 405 and 413, then sends 500 requests 8 at a time, every answer
checked, and prints requests/s. Stops the endpoints with SIGTERM and checks they ended cleanly.
"""

import base64
import concurrent.futures
import json
import os
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


def start(name, options, binary, scratch):
    port = free_port()
    env = dict(os.environ, RECEIPT_CHECK=binary, WORKERS="4", MAX_BODY_BYTES=str(MAX_BODY))
    log = open(os.path.join(scratch, f"serve-{name}.log"), "w")
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
    raise SystemExit(f"test-endpoint: serve.sh {name} did not come up (see {log.name})")


def cli_answer(binary, options, body):
    result = subprocess.run(
        [binary, "verify", "--format", "verifyreceipt", "--quiet"] + options + [body], capture_output=True, check=False)
    return result.stdout.decode()


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
        for name, options in ENDPOINTS.items():
            servers[name] = start(name, options, binary, scratch)
        expected = {}
        statuses = {}
        for label, endpoint, body in cases:
            cli = cli_answer(binary, ENDPOINTS[endpoint], body)
            expected[(endpoint, body)] = without_request_date(cli)
            code, content_type, text = curl(servers[endpoint][1], body)
            if code != 200 or content_type != "application/json":
                problem(f"{label}: HTTP {code} {content_type}")
                continue
            if without_request_date(text) != expected[(endpoint, body)]:
                problem(f"{label}: the endpoint's answer differs from the CLI's")
            statuses[json.loads(text)["status"]] = statuses.get(json.loads(text)["status"], 0) + 1
        if expected[("other-app", nonsub)] != {"status": 21003}:
            problem(f"another app's receipt: {expected[('other-app', nonsub)]}, expected status 21003")
        if expected[("any", broken)] != {"status": 21000}:
            problem(f"a body that is not JSON: {expected[('any', broken)]}, expected status 21000")
        print(f"test-endpoint: {len(cases)} answers equal to the CLI's; statuses "
              + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())), flush=True)

        url = servers["any"][1]
        base = url.rsplit("/", 1)[0]
        too_large = os.path.join(scratch, "too-large.json")
        with open(too_large, "wb") as handle:
            handle.write(b'{"receipt-data":"' + b"A" * MAX_BODY + b'"}')
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
                problem(f"{label}: HTTP {code}, expected {wanted}")
        print("test-endpoint: " + ", ".join(f"{label} -> {code}" for label, (code, _, _), _ in checks), flush=True)

        load = [cases[i % len(cases)] for i in range(500)]

        def one(case):
            _, endpoint, body = case
            code, _, text = curl(servers[endpoint][1], body)
            return code == 200 and without_request_date(text) == expected[(endpoint, body)]

        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            right = sum(pool.map(one, load))
        seconds = time.monotonic() - started
        if right != len(load):
            problem(f"load: {len(load) - right} of {len(load)} answers wrong")
        print(f"test-endpoint: {len(load)} requests, 8 at a time: {right} right in {seconds:.1f} s, "
              f"{len(load) / seconds:.1f} requests/s", flush=True)
    finally:
        for name, (process, _) in servers.items():
            process.send_signal(signal.SIGTERM)
        for name, (process, _) in servers.items():
            try:
                code = process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                code = "still running after 15 s"
            if code != 0:
                problem(f"serve.sh {name} did not stop cleanly on SIGTERM: {code}")
    leftover = subprocess.run(["pgrep", "-f", "verifyreceipt\\..*fcgiwrap.sock"], capture_output=True).stdout
    if leftover.strip():
        problem(f"fcgiwrap processes left behind: {leftover.decode().split()}")
    print(f"test-endpoint: {len(problems)} problems", flush=True)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
