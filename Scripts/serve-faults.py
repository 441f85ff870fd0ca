"""make serve-faults: receipt-check serve under overload and faults, on a unix socket on this machine, each
case short and bounded (the whole run well under a minute on 2 cores):

    serve-faults.py RECEIPT_CHECK CORPUS [CASE...]

  stall     clients that connect and send nothing, or their parameters and no body, while others ask: the
            others are answered (200 or 503) at once, and the stalled ones are cut at the time limit
  overload  2,000 connections at once, each POSTing a production receipt to /verifyReceipt: every answer
            is 200 or 503 within the time limit, the service stays up, and answers 200 when the load stops
  hostile   a body over --max-size, a body that is no receipt, a broken FastCGI record and a body sent a
            byte at a time, beside well-behaved requests: each affects only its own request
  kill      kill -9 of the service under load: only the requests in flight are lost, the supervisor (a
            loop here, as systemd's Restart=always in examples/) restarts it and it answers again
  full-log  the access log on /dev/full: every request is still answered, and the lost lines are counted
            in GET /health
  keep      connections kept between requests (FCGI_KEEP_CONN, as nginx's fastcgi_keep_conn): many requests
            answered on one, an idle one holds no worker, one whose body was not read is closed

It speaks FastCGI to the service itself (the records of the FastCGI specification, as nginx sends them),
so that what is measured is the service, not a web server in front. Exits 1 when a case fails.
"""

import asyncio
import base64
import json
import os
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time

BEGIN, END, PARAMS, STDIN, STDOUT = 1, 3, 4, 5, 6
problems = []


def problem(case, text):
    problems.append(f"{case}: {text}")
    print(f"serve-faults: FAIL: {case}: {text}", flush=True)


def record(kind, content=b""):
    return struct.pack("!BBHHBx", 1, kind, 1, len(content), 0) + content


def pair(name, value):
    def length(n):
        return bytes([n]) if n < 128 else struct.pack("!I", n | 0x80000000)

    name, value = name.encode(), value.encode()
    return length(len(name)) + length(len(value)) + name + value


def request_head(method, path, length, keep=False):
    params = b"".join(
        pair(k, v)
        for k, v in [
            ("REQUEST_METHOD", method),
            ("DOCUMENT_URI", path),
            ("REQUEST_URI", path),
            ("CONTENT_LENGTH", str(length)),
            ("CONTENT_TYPE", "application/json"),
        ]
    )
    return record(BEGIN, struct.pack("!HB5x", 1, 1 if keep else 0)) + record(PARAMS, params) + record(PARAMS)


def body_records(body):
    out = b""
    for start in range(0, len(body), 65535):
        out += record(STDIN, body[start : start + 65535])
    return out + record(STDIN)


async def read_answer(reader):
    """The answer's HTTP status and body, from the STDOUT records up to END_REQUEST."""
    output = b""
    while True:
        header = await reader.readexactly(8)
        _, kind, _, length, padding = struct.unpack("!BBHHBx", header)
        content = await reader.readexactly(length + padding)
        if kind == STDOUT:
            output += content[:length]
        elif kind == END:
            break
    head, _, body = output.partition(b"\r\n\r\n")
    status = head.split(b"\r\n", 1)[0]
    code = int(status.split()[1]) if status.startswith(b"Status:") else 0
    return code, body


async def ask(socket_path, method, path, body=b"", timeout=10.0):
    """(status, body), or (None, why) when the exchange failed (refused, reset, closed, timed out)."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_unix_connection(socket_path, limit=1 << 22), timeout)
    except (OSError, asyncio.TimeoutError) as error:
        return None, f"connect: {error!r}"
    try:
        writer.write(request_head(method, path, len(body)) + body_records(body))
        await writer.drain()
        return await asyncio.wait_for(read_answer(reader), timeout)
    except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError) as error:
        return None, repr(error)
    finally:
        writer.close()


class Service:
    """receipt-check serve on a unix socket in `scratch`, its access log in a file (or `log`)."""

    def __init__(self, binary, scratch, name, options, log=None):
        self.socket = os.path.join(scratch, f"{name}.sock")
        self.command = [binary, "serve", "--socket", self.socket] + options
        self.log_path = log or os.path.join(scratch, f"{name}.log")
        self.process = None

    def start(self):
        if os.path.exists(self.socket):
            os.unlink(self.socket)
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(self.command, stderr=log, stdout=subprocess.DEVNULL)
        deadline = time.time() + 20
        while time.time() < deadline and self.process.poll() is None:
            if asyncio.run(ask(self.socket, "GET", "/health", timeout=2))[0] == 200:
                return
            time.sleep(0.05)
        raise SystemExit(f"serve-faults: the service did not come up: {self.command}")

    def stop(self, case):
        if self.process.poll() is not None:
            problem(case, f"the service had ended (status {self.process.returncode})")
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            status = self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            problem(case, "the service did not stop within 15 s of SIGTERM")
            return
        if status != 0:
            problem(case, f"the service exited {status} on SIGTERM")


async def health_within(service, seconds):
    started = time.monotonic()
    code, body = await ask(service.socket, "GET", "/health", timeout=seconds)
    return code, time.monotonic() - started, body


def case_stall(binary, scratch, receipt):
    """Clients that never send their body or request hold no thread past the time limit, and never the acceptor."""
    service = Service(binary, scratch, "stall", ["--workers", "1", "--queue", "1", "--request-timeout", "3000"])
    service.start()

    async def run():
        stalled = []
        for index in range(6):
            reader, writer = await asyncio.open_unix_connection(service.socket)
            if index < 4:
                # Its parameters and a body it declares but never sends: more than the worker and the queue hold.
                writer.write(request_head("POST", "/verifyReceipt", 1000))
                await writer.drain()
            stalled.append((reader, writer))
            await asyncio.sleep(0.02)
        code, took, _ = await health_within(service, 5)
        if code not in (200, 503) or took > 2.5:
            problem("stall", f"a request after 6 stalled clients: {code} after {took:.2f} s (want 200 or 503 within 2.5 s)")
        await asyncio.sleep(max(0.0, 3.4 - took))
        cut = 0
        for reader, writer in stalled:
            try:
                await asyncio.wait_for(reader.read(), 1.0)
                cut += 1
            except (OSError, asyncio.TimeoutError):
                pass
            writer.close()
        if cut != len(stalled):
            problem("stall", f"{len(stalled) - cut} of {len(stalled)} stalled clients not cut at the time limit")
        after, _, _ = await health_within(service, 5)
        if after != 200:
            problem("stall", f"after the stalled clients were cut: {after} (want 200)")
        print(f"serve-faults: stall: {code} after {took:.2f} s beside 6 stalled clients; {cut} cut at the limit; then {after}", flush=True)

    asyncio.run(run())
    service.stop("stall")


def case_overload(binary, scratch, receipt, connections):
    limit_ms = 3000
    service = Service(binary, scratch, "overload", ["--request-timeout", str(limit_ms), "--max-size", "1048576"])
    service.start()

    async def run():
        started = time.monotonic()
        results = await asyncio.gather(
            *[ask(service.socket, "POST", "/verifyReceipt", receipt, timeout=limit_ms / 1000 + 5) for _ in range(connections)]
        )
        took = time.monotonic() - started
        codes = {}
        for code, body in results:
            codes[code] = codes.get(code, 0) + 1
        others = {c: n for c, n in codes.items() if c not in (200, 503)}
        if others:
            failed = [body for code, body in results if code not in (200, 503)][:3]
            problem("overload", f"answers other than 200 or 503: {others}, e.g. {failed}")
        if took > limit_ms / 1000 + 5:
            problem("overload", f"{connections} requests took {took:.1f} s")
        if service.process.poll() is not None:
            problem("overload", f"the service ended: {service.process.returncode}")
            return
        after = [await ask(service.socket, "POST", "/verifyReceipt", receipt) for _ in range(10)]
        if any(code != 200 or b'"status":0' not in body for code, body in after):
            problem("overload", f"after the load: {[code for code, _ in after]} (want 200 with status 0)")
        print(f"serve-faults: overload: {connections} at once in {took:.1f} s: {codes}; 10 after: 200", flush=True)

    asyncio.run(run())
    service.stop("overload")


def case_hostile(binary, scratch, receipt):
    service = Service(binary, scratch, "hostile", ["--request-timeout", "2000", "--max-size", "1048576"])
    service.start()

    async def broken_record():
        reader, writer = await asyncio.open_unix_connection(service.socket)
        writer.write(b"\x09" * 64)  # no FastCGI version 1 record
        await writer.drain()
        try:
            await asyncio.wait_for(reader.read(), 5)
        finally:
            writer.close()
        return "closed", b""

    async def trickle():
        reader, writer = await asyncio.open_unix_connection(service.socket)
        writer.write(request_head("POST", "/verifyReceipt", 4096))
        try:
            for _ in range(40):
                writer.write(record(STDIN, b"{"))
                await writer.drain()
                await asyncio.sleep(0.1)
            return await asyncio.wait_for(read_answer(reader), 5)
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError) as error:
            return "cut", repr(error).encode()
        finally:
            writer.close()

    async def well_behaved():
        answers = []
        for _ in range(30):
            answers.append(await ask(service.socket, "POST", "/verifyReceipt", receipt))
            await asyncio.sleep(0.02)
        return answers

    async def run():
        results = await asyncio.gather(
            well_behaved(),
            ask(service.socket, "POST", "/verifyReceipt", b"{" * (2 << 20)),
            ask(service.socket, "POST", "/verify", os.urandom(200_000)),
            ask(service.socket, "POST", "/verifyReceipt", b'{"receipt-data":"' + b"A" * 900_000 + b'"}'),
            broken_record(),
            trickle(),
        )
        good, huge, garbage, junk_receipt, _, trickled = results
        bad = [code for code, body in good if code != 200 or b'"status":0' not in body]
        if bad:
            problem("hostile", f"well-behaved requests beside hostile ones: {bad} (want 200 with status 0)")
        if huge[0] != 413:
            problem("hostile", f"a body over --max-size: {huge[0]} (want 413)")
        if garbage[0] != 400:
            problem("hostile", f"random bytes to /verify: {garbage[0]} (want 400)")
        if junk_receipt[0] != 200 or b'"status":0' in junk_receipt[1]:
            problem("hostile", f"a receipt of junk: {junk_receipt} (want 200 with an error status)")
        if trickled[0] not in ("cut", 503):
            problem("hostile", f"a body sent a byte at a time past the limit: {trickled[0]} (want cut or 503)")
        if service.process.poll() is not None:
            problem("hostile", "the service ended")
        print("serve-faults: hostile: 30 well-behaved 200s beside 413, 400, junk, a broken record and a trickle", flush=True)

    asyncio.run(run())
    service.stop("hostile")


def case_kill(binary, scratch, receipt):
    """kill -9 under load: a supervising loop (systemd's Restart=always in production) starts it again."""
    service = Service(binary, scratch, "kill", ["--request-timeout", "3000", "--max-size", "1048576"])
    service.start()
    supervising = threading.Event()
    supervising.set()
    restarts = []

    def supervise():
        while supervising.is_set():
            if service.process.poll() is not None and supervising.is_set():
                # Reaped: from here no connection can reach the old process.
                restarts.append(time.monotonic())
                service.start()
            time.sleep(0.05)

    supervisor = threading.Thread(target=supervise)
    supervisor.start()
    clients = 8

    async def client(stop_at, outcomes):
        while time.monotonic() < stop_at:
            sent = time.monotonic()
            code, body = await ask(service.socket, "POST", "/verifyReceipt", receipt, timeout=5)
            if code is None and "connect" in body:
                await asyncio.sleep(0.02)  # not accepted: nothing lost, asked again
                continue
            outcomes.append((time.monotonic(), code, body, sent))

    async def run():
        outcomes = []
        stop_at = time.monotonic() + 3.0
        tasks = [asyncio.create_task(client(stop_at, outcomes)) for _ in range(clients)]
        await asyncio.sleep(1.0)
        killed_at = time.monotonic()
        os.kill(service.process.pid, signal.SIGKILL)
        await asyncio.gather(*tasks)
        lost = [o for o in outcomes if o[1] is None]
        wrong = [o for o in outcomes if o[1] is not None and (o[1] != 200 or b'"status":0' not in o[2])]
        later = [o for o in outcomes if o[0] > killed_at + 1.5]
        # In flight: sent before the supervisor reaped the killed process (connections in its backlog too).
        reaped = restarts[0] if restarts else killed_at
        beyond = [(round(o[3] - killed_at, 3), o[2][:60]) for o in lost if o[3] > reaped]
        if beyond:
            problem("kill", f"{len(beyond)} requests sent after the old process was gone were lost: {beyond[:5]}")
        if wrong:
            problem("kill", f"wrong answers around the kill: {[o[1] for o in wrong][:5]}")
        if not restarts:
            problem("kill", "the supervisor did not restart the service")
        if not later or any(o[1] != 200 for o in later):
            problem("kill", f"after the restart: {[o[1] for o in later][:5]} (want 200s)")
        print(
            f"serve-faults: kill: {len(outcomes)} answered or lost, {len(lost)} lost in flight "
            f"(sent within {max([o[3] for o in lost], default=killed_at) - killed_at:.3f} s of the kill), "
            f"restarted in {(restarts[0] - killed_at) if restarts else -1:.2f} s, {len(later)} 200s after",
            flush=True,
        )

    asyncio.run(run())
    supervising.clear()
    supervisor.join()
    service.stop("kill")


def case_full_log(binary, scratch, receipt):
    service = Service(binary, scratch, "full-log", ["--max-size", "1048576"], log="/dev/full")
    service.start()

    async def run():
        answers = [await ask(service.socket, "POST", "/verifyReceipt", receipt, timeout=5) for _ in range(50)]
        bad = [code for code, body in answers if code != 200 or b'"status":0' not in body]
        if bad:
            problem("full-log", f"answers with the log on /dev/full: {bad} (want 200 with status 0)")
        code, _, body = await health_within(service, 5)
        try:
            lost = json.loads(body).get("log_lines_lost", 0)
        except ValueError:
            lost = 0
        if code != 200 or lost < 50:
            problem("full-log", f"GET /health: {code} {body!r} (want 200 counting at least 50 lost log lines)")
        print(f"serve-faults: full-log: 50 answered with the log on /dev/full; /health counts {lost} lost lines", flush=True)

    asyncio.run(run())
    service.stop("full-log")


def case_keep(binary, scratch, receipt):
    """Kept connections: one worker answers requests on two of them in turn, neither holding it while idle."""
    service = Service(binary, scratch, "keep", ["--workers", "1", "--request-timeout", "3000", "--max-size", "65536"])
    service.start()

    async def on(connection, method, path, body=b""):
        reader, writer = connection
        try:
            writer.write(request_head(method, path, len(body), keep=True) + body_records(body))
            await writer.drain()
            return await asyncio.wait_for(read_answer(reader), 2.0)
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError) as error:
            return None, repr(error)

    async def run():
        first = await asyncio.open_unix_connection(service.socket, limit=1 << 22)
        second = await asyncio.open_unix_connection(service.socket, limit=1 << 22)
        asked = [("POST", "/verifyReceipt", receipt, 200), ("GET", "/health", b"", 200), ("GET", "/nowhere", b"", 404)]
        wrong = []
        for turn in range(30):
            method, path, body, want = asked[turn % 3]
            # Turns alternate between the two connections, each idle while the other asks.
            code, text = await on(first if turn % 2 == 0 else second, method, path, body)
            if code != want or (want == 200 and path == "/verifyReceipt" and b'"status":0' not in text):
                wrong.append((turn, path, code, text[:80]))
                break
        if wrong:
            problem("keep", f"requests on two kept connections, one worker: {wrong} (want each answered)")
        # A body over --max-size is refused unread: the connection is closed, or its rest would be read as the
        # next request.
        code, _ = await on(first, "POST", "/verifyReceipt", b"x" * 70000)
        reader, writer = first
        try:
            closed = await asyncio.wait_for(reader.read(), 2.0) == b""
        except (OSError, asyncio.TimeoutError):
            closed = False
        # Closed at our end too, as nginx closes a connection the service ended: libfcgi's close waits for it.
        writer.close()
        if code != 413 or not closed:
            problem("keep", f"a kept connection's unread body: {code}, closed {closed} (want 413, then closed)")
        after, text = await on(second, "POST", "/verifyReceipt", receipt)
        if after != 200 or b'"status":0' not in text:
            problem("keep", f"the other kept connection after that: {after} (want 200 with status 0)")
        for _, writer in (first, second):
            writer.close()
        print(f"serve-faults: keep: 30 requests on two kept connections, one worker; unread body: {code}, closed {closed}; then {after}", flush=True)

    asyncio.run(run())
    service.stop("keep")


def main(arguments):
    binary, corpus = arguments[0], arguments[1]
    cases = arguments[2:] or ["stall", "overload", "hostile", "kill", "full-log", "keep"]
    with open(os.path.join(corpus, "receipts", "tpinapp-11.receipt"), "rb") as file:
        receipt = b'{"receipt-data":"' + base64.b64encode(file.read()) + b'"}'
    connections = int(os.environ.get("SERVE_FAULTS_CONNECTIONS", "2000"))
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="serve-faults.") as scratch:
        for case in cases:
            if case == "overload":
                case_overload(binary, scratch, receipt, connections)
            elif case in ("stall", "hostile", "kill", "full-log", "keep"):
                cases_by_name = {"stall": case_stall, "hostile": case_hostile, "kill": case_kill}
                cases_by_name.update({"full-log": case_full_log, "keep": case_keep})
                cases_by_name[case](binary, scratch, receipt)
            else:
                raise SystemExit(f"serve-faults: no case {case}")
    print(f"serve-faults: {len(cases)} cases in {time.monotonic() - started:.1f} s, {len(problems)} failed", flush=True)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
