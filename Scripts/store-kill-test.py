#!/usr/bin/env python3
"""Nothing lost: a burst of notifications into `receipt-check serve --store`, killed with SIGKILL at random
moments and restarted, as Apple would see it (a notification not answered 200 is sent again).

After every kill, before the restart, the store's file is read as it was left: every notification answered
200 so far must be in it, and none twice. At the end every notification has been answered 200 and kept once.
Prints one JSON line of counts; exits 1 when a notification answered 200 is missing (or kept twice).

With --file-limit BYTES the disk is full instead: the service may write no file past that size
(RLIMIT_FSIZE, SIGXFSZ ignored, so a write fails as on a full disk). Every body is sent once: each must be
answered 200 and kept, or 5xx and not kept (never 200 without a row), and some must be 5xx; then the service
restarts without the limit, the 5xx ones are sent again, and all must be answered 200 and kept once.

With --postgres-dir DIR the store is a PostgreSQL URI of the throwaway cluster in DIR (Scripts/pg-cluster.sh),
read there after each kill. With --restarts N as well, the server restarts instead of the service being killed:
N times during the burst it is stopped for --outage seconds while the notifications keep coming, then started
again. Requests during an outage must be answered 5xx (some must be);
at the end every notification has been answered 200 and is kept once (never a 200 without a row).

Usage: store-kill-test.py --binary PATH --bodies DIR --store PATH|URI
       (--kills N [--postgres-dir DIR] | --file-limit BYTES | --postgres-dir DIR --restarts N [--outage S])
       [--threads N] [--seed N] [-- serve options...]   (the bodies: one notification body a file, UUID.json)
"""
import resource
import argparse
import json
import os
import random
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
import threading
import time

FCGI_BEGIN, FCGI_END, FCGI_PARAMS, FCGI_STDIN, FCGI_STDOUT = 1, 3, 4, 5, 6


def record(kind, content=b""):
    return struct.pack(">BBHHBx", 1, kind, 1, len(content), 0) + content


def pair(name, value):
    name, value = name.encode(), value.encode()

    def length(n):
        return bytes([n]) if n < 128 else struct.pack(">I", n | 0x80000000)

    return length(len(name)) + length(len(value)) + name + value


def fastcgi(port, method, path, body=b"", headers=None, timeout=10.0):
    """One FastCGI request to 127.0.0.1:port; (status, body text). Raises OSError when the service is gone."""
    params = {"REQUEST_METHOD": method, "DOCUMENT_URI": path, "REQUEST_URI": path,
              "CONTENT_LENGTH": str(len(body)), "SERVER_PROTOCOL": "HTTP/1.1"}
    params.update(headers or {})
    encoded = b"".join(pair(k, v) for k, v in params.items())
    message = record(FCGI_BEGIN, struct.pack(">HB5x", 1, 0)) + record(FCGI_PARAMS, encoded) + record(FCGI_PARAMS)
    for start in range(0, len(body), 65535):
        message += record(FCGI_STDIN, body[start:start + 65535])
    message += record(FCGI_STDIN)
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(message)
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    out, offset, ended = b"", 0, False
    while offset + 8 <= len(data):
        _, kind, _, length, padding = struct.unpack(">BBHHB", data[offset:offset + 7])
        content = data[offset + 8:offset + 8 + length]
        offset += 8 + length + padding
        if kind == FCGI_STDOUT:
            out += content
        elif kind == FCGI_END:
            ended = True
    if not ended:
        raise OSError("no end of request: the service went away")
    head, _, text = out.partition(b"\r\n\r\n")
    status = int(head.split(b"\r\n")[0].split(b" ")[1])
    return status, text.decode("utf-8", "replace")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Service:
    def __init__(self, binary, store, options, log):
        self.binary, self.store, self.options, self.log = binary, store, options, log
        self.process, self.port = None, None

    def start(self, file_limit=None):
        self.port = free_port()

        def full_disk():
            # A write past the limit fails with EFBIG, as on a full disk, rather than killing the process.
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

        self.process = subprocess.Popen(
            [self.binary, "serve", "--listen", f"127.0.0.1:{self.port}", "--store", self.store] + self.options,
            stdout=subprocess.DEVNULL, stderr=self.log, preexec_fn=full_disk if file_limit else None)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"store-kill-test: serve exited {self.process.returncode} at start")
            try:
                if fastcgi(self.port, "GET", "/health", timeout=1)[0] == 200:
                    return
            except OSError:
                time.sleep(0.02)
        raise SystemExit("store-kill-test: serve did not answer /health within 30 s")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=60)


def kept(store, postgres_dir=None):
    """The store's notifications as the file (or the PostgreSQL database) holds them now: {uuid: count}."""
    if postgres_dir:
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pg-cluster.sh")
        out = subprocess.run(
            ["bash", script, "psql", postgres_dir, "-d", store, "-At", "-F", " ", "-v", "ON_ERROR_STOP=1", "-c",
             "SELECT notification_uuid, COUNT(*) FROM notifications GROUP BY 1"],
            check=True, capture_output=True, text=True).stdout
        return {uuid: int(count) for uuid, count in (line.split(" ") for line in out.splitlines() if line)}
    # Read-write: the service is down or done, and a read-only reader could not recover the log it left.
    connection = sqlite3.connect(store, timeout=30)
    try:
        rows = connection.execute("SELECT notification_uuid, COUNT(*) FROM notifications GROUP BY 1").fetchall()
        return dict(rows)
    finally:
        connection.close()


def full_disk(arguments, bodies, service):
    """Each body once on a full disk, then again after a restart with room: never a 200 without a row."""
    service.start(file_limit=arguments.file_limit)
    statuses = {}
    for uuid, body in bodies.items():
        statuses[uuid] = fastcgi(service.port, "POST", "/notifications", body)[0]
    service.stop()
    now = kept(arguments.store)
    answered = [uuid for uuid, status in statuses.items() if status == 200]
    refused = [uuid for uuid, status in statuses.items() if status >= 500]
    summary = {
        "notifications": len(bodies), "answered_200_full": len(answered), "answered_5xx_full": len(refused),
        "answered_other_full": len(bodies) - len(answered) - len(refused), "stored_full": len(now),
        "lost": len([uuid for uuid in answered if uuid not in now]),
        "kept_without_200": len([uuid for uuid in now if statuses.get(uuid) != 200]),
    }
    service.start()
    retried = {uuid: fastcgi(service.port, "POST", "/notifications", bodies[uuid])[0] for uuid in refused}
    summary["serve_exit"] = service.stop()
    final = kept(arguments.store)
    summary["answered_200_after"] = len([s for s in retried.values() if s == 200])
    summary["stored_after"] = len(final)
    summary["duplicates"] = len([uuid for uuid, count in final.items() if count > 1])
    print(json.dumps(summary))
    good = (summary["lost"] == 0 and summary["answered_other_full"] == 0 and refused and answered
            and summary["answered_200_after"] == len(refused) and len(final) == len(bodies)
            and summary["duplicates"] == 0 and summary["serve_exit"] == 0)
    return 0 if good else 1


def postgres_restarts(arguments, bodies, service, rng):
    """The server stopped and started again mid-burst: 5xx while it is down, never a 200 without a row."""
    control = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pg-cluster.sh")
    pending = list(bodies)
    rng.shuffle(pending)
    lock = threading.Lock()
    answered = {}
    counts = {"sent": 0, "answered_200": 0, "answered_5xx": 0, "answered_5xx_in_outage": 0,
              "answered_200_in_outage": 0, "answered_other": 0, "connection_failures": 0}
    state = {"outage": False, "restarts": 0, "done": False}
    service.start()
    started = time.monotonic()

    def sender():
        while True:
            with lock:
                if not pending:
                    return
                uuid = pending.pop()
                counts["sent"] += 1
            outage = state["outage"]
            try:
                status, _ = fastcgi(service.port, "POST", "/notifications", bodies[uuid])
            except OSError:
                status = None
            with lock:
                if status == 200:
                    answered[uuid] = answered.get(uuid, 0) + 1
                    counts["answered_200"] += 1
                    if outage and state["outage"]:
                        counts["answered_200_in_outage"] += 1
                    continue
                if status is None:
                    counts["connection_failures"] += 1
                elif status >= 500:
                    counts["answered_5xx"] += 1
                    if outage and state["outage"]:
                        counts["answered_5xx_in_outage"] += 1
                else:
                    counts["answered_other"] += 1
                    continue
                pending.append(uuid)
            time.sleep(0.01)

    def restarter():
        # At random moments of the burst (after these many 200s), each outage long enough for requests.
        marks = sorted(rng.sample(range(len(bodies) // 5, len(bodies) * 4 // 5), arguments.restarts))
        for mark in marks:
            while counts["answered_200"] < mark and not state["done"]:
                time.sleep(0.005)
            if state["done"]:
                return
            subprocess.run(["bash", control, "stop", arguments.postgres_dir], check=True, capture_output=True)
            state["outage"] = True
            time.sleep(arguments.outage)
            state["outage"] = False
            subprocess.run(["bash", control, "start", arguments.postgres_dir], check=True, capture_output=True)
            state["restarts"] += 1

    threads = [threading.Thread(target=sender) for _ in range(arguments.threads)]
    restarting = threading.Thread(target=restarter)
    restarting.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    state["done"] = True
    restarting.join()
    elapsed = time.monotonic() - started
    status = service.stop()
    final = kept(arguments.store, arguments.postgres_dir)
    missing = sorted(uuid for uuid in answered if uuid not in final)
    twice = sorted(uuid for uuid, count in final.items() if count > 1)
    summary = {
        "notifications": len(bodies), "seed": arguments.seed, "restarts": state["restarts"], **counts,
        "distinct_answered_200": len(answered), "stored": len(final), "duplicates": len(twice),
        "lost": len(missing), "kept_without_200": len([uuid for uuid in final if uuid not in answered]),
        "never_answered_200": len(set(bodies) - set(answered)), "serve_exit": status,
        "seconds": round(elapsed, 2), "lost_examples": missing[:5],
    }
    print(json.dumps(summary))
    good = (not missing and not twice and len(answered) == len(bodies) and status == 0
            and state["restarts"] == arguments.restarts and counts["answered_5xx_in_outage"] > 0
            and counts["answered_200_in_outage"] == 0 and counts["answered_other"] == 0)
    return 0 if good else 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--bodies", required=True)
    parser.add_argument("--store", required=True)
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--file-limit", type=int)
    parser.add_argument("--postgres-dir")
    parser.add_argument("--restarts", type=int, default=0)
    parser.add_argument("--outage", type=float, default=0.5)
    parser.add_argument("--log", default=os.devnull)
    parser.add_argument("serve", nargs="*")
    arguments = parser.parse_args()
    bodies = {}
    for name in sorted(os.listdir(arguments.bodies)):
        with open(os.path.join(arguments.bodies, name), "rb") as handle:
            bodies[name.removesuffix(".json")] = handle.read()
    rng = random.Random(arguments.seed)
    pending = list(bodies)
    rng.shuffle(pending)
    lock = threading.Lock()
    answered = {}  # uuid -> how many times answered 200
    counts = {"sent": 0, "answered_200": 0, "answered_5xx": 0, "answered_other": 0, "connection_failures": 0}
    # Kill after these many 200s (random moments through the burst).
    kill_at = sorted(rng.sample(range(1, len(bodies)), min(arguments.kills, max(0, len(bodies) - 1))))
    gate = threading.Condition(lock)
    state = {"down": False, "kills": 0, "missing_after_kill": [], "twice_after_kill": []}
    log = open(arguments.log, "ab")
    service = Service(arguments.binary, arguments.store, arguments.serve, log)
    if arguments.file_limit:
        return full_disk(arguments, bodies, service)
    if arguments.postgres_dir and arguments.restarts > 0:
        return postgres_restarts(arguments, bodies, service, rng)
    service.start()
    started = time.monotonic()

    def sender():
        while True:
            with gate:
                while state["down"]:
                    gate.wait()
                if not pending:
                    return
                uuid = pending.pop()
                port = service.port
                counts["sent"] += 1
            try:
                status, _ = fastcgi(port, "POST", "/notifications", bodies[uuid])
            except OSError:
                status = None
            with gate:
                if status == 200:
                    answered[uuid] = answered.get(uuid, 0) + 1
                    counts["answered_200"] += 1
                    # Apple sends an answered notification again only when it was not answered before.
                    if answered[uuid] == 1 and kill_at and counts["answered_200"] >= kill_at[0]:
                        kill_at.pop(0)
                        state["down"] = True
                        killer()
                        state["down"] = False
                        gate.notify_all()
                    continue
                if status is None:
                    counts["connection_failures"] += 1
                elif status >= 500:
                    counts["answered_5xx"] += 1
                else:
                    counts["answered_other"] += 1
                    continue  # refused for good: Apple would not be answered 200 for it either
                pending.append(uuid)
            time.sleep(0.01)

    def killer():
        # Under the lock: no request starts while the service is down, those in flight fail.
        service.kill()
        state["kills"] += 1
        now = kept(arguments.store, arguments.postgres_dir)
        state["missing_after_kill"] += [uuid for uuid in answered if uuid not in now]
        state["twice_after_kill"] += [uuid for uuid, count in now.items() if count > 1]
        service.start()

    threads = [threading.Thread(target=sender) for _ in range(arguments.threads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    status = service.stop()
    final = kept(arguments.store, arguments.postgres_dir)
    missing = sorted(set(state["missing_after_kill"]) | {uuid for uuid in answered if uuid not in final})
    twice = sorted(set(state["twice_after_kill"]) | {uuid for uuid, count in final.items() if count > 1})
    summary = {
        "notifications": len(bodies), "seed": arguments.seed, "kills": state["kills"],
        **counts, "distinct_answered_200": len(answered), "stored": len(final),
        "duplicates": len(twice), "lost": len(missing), "never_answered_200": len(set(bodies) - set(answered)),
        "serve_exit": status, "seconds": round(elapsed, 2),
        "rate_per_second": round(counts["answered_200"] / elapsed, 1) if elapsed > 0 else None,
        "lost_examples": missing[:5],
    }
    print(json.dumps(summary))
    return 1 if missing or twice or len(answered) != len(bodies) or status != 0 else 0


if __name__ == "__main__":
    sys.exit(main())
