#!/usr/bin/env python3
"""make test-parallel: the two GNU parallel commands of docs/batch-and-scale.md, run as written, checked.

The commands are read from the guide ("At scale"), so the guide cannot drift from what is
tested. The second names hosts; here they are PARALLEL_HOSTS (default `:`, GNU parallel's name for
this machine), since a test has no other hosts. Each run gets 21,000 lines (Scripts/corpus_lines.py)
in chunks of 10,000 and must give one verdict per line, in input order, with the expected status, and
each chunk must exit with exactly the status its lines call for (the worst of them, as the man page orders
statuses), read from GNU parallel's --joblog: a chunk that crashes or exits 70 fails the check.

usage: parallel-check.py BIN_DIR CORPUS WORKDIR   (BIN_DIR holds the receipt-check to put on PATH)
"""

import csv
import os
import re
import shutil
import subprocess
import sys
import time

import corpus_lines

LINES = 21_000
CHUNK = 10_000
# receipt-check's status for a line's verdict, and the man page's order of statuses (worst first).
EXIT_STATUS = {"valid": 0, "invalid": 2, "malformed": 65}
WORST_FIRST = [74, 70, 64, 73, 66, 65, 75, 2, 1, 0]


def fail(message):
    print(f"test-parallel: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def guide_commands():
    guide = os.path.join(os.path.dirname(__file__), "..", "docs", "batch-and-scale.md")
    with open(guide) as file:
        text = file.read()
    commands = re.findall(r"^parallel --pipe .*$", text, flags=re.MULTILINE)
    if len(commands) != 2:
        fail(f"expected the guide's two GNU parallel commands, found {len(commands)}")
    return commands


def check(name, output, lines):
    verdicts = output.splitlines()
    answered = corpus_lines.answered(lines)
    if len(verdicts) != len(answered):
        fail(f"{name}: {len(verdicts)} verdicts for {len(answered)} lines that are not blank")
    for verdict, (number, expected) in zip(verdicts, answered):
        problem = corpus_lines.check_verdict(number, verdict, expected)
        if problem:
            fail(f"{name}: {problem}")
        # Within a chunk "-:N" counts from the chunk's first line (blank lines skipped, not renumbered):
        # input order, chunk by chunk.
        if f'"input":"-:{(number - 1) % CHUNK + 1}"' not in verdict:
            fail(f"{name}: line {number} is not answered in order: {verdict[:200]}")


def expected_statuses(lines):
    """The exit status each chunk of CHUNK lines must have: the worst of its lines'."""
    statuses = []
    for start in range(0, len(lines), CHUNK):
        answered = [status for _, status, _ in lines[start : start + CHUNK] if status != corpus_lines.SKIPPED]
        chunk = {EXIT_STATUS[status] for status in answered} or {EXIT_STATUS["valid"]}
        statuses.append(min(chunk, key=WORST_FIRST.index))
    return statuses


def check_jobs(name, joblog, returncode, expected):
    """Every chunk ran once, exited with its expected status and no signal; parallel counted the failures."""
    with open(joblog) as file:
        rows = list(csv.DictReader(file, delimiter="\t"))
    jobs = {int(row["Seq"]): (int(row["Exitval"]), int(row["Signal"])) for row in rows}
    if sorted(jobs) != list(range(1, len(expected) + 1)) or len(rows) != len(expected):
        fail(f"{name}: {len(rows)} jobs {sorted(jobs)} for {len(expected)} chunks")
    for number, status in enumerate(expected, start=1):
        exitval, signal = jobs[number]
        if signal != 0 or exitval != status:
            fail(f"{name}: chunk {number} exited {exitval} (signal {signal}), expected {status}")
    failed = sum(1 for status in expected if status != 0)
    if returncode != failed:
        fail(f"{name}: GNU parallel exited {returncode}, expected {failed} (the number of chunks with a status)")


def main():
    if len(sys.argv) != 4:
        fail(__doc__.strip().splitlines()[-1])
    bin_dir, corpus, work = sys.argv[1:]
    # The commands run in work, and their job logs are named from it: a relative work would name them twice.
    work = os.path.abspath(work)
    if not os.path.isfile(os.path.join(corpus, "MANIFEST.json")):
        fail(f"receipt corpus not found in {corpus} (set RECEIPT_CORPUS)")
    if shutil.which("parallel") is None:
        fail("GNU parallel not found (apt-get install parallel; .ci/run installs it)")
    lines = corpus_lines.lines(corpus, LINES, seed=16)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    with open(os.path.join(work, "receipts.b64"), "w") as file:
        for line, _, _ in lines:
            file.write(line + "\n")

    environment = dict(os.environ, PATH=os.path.abspath(bin_dir) + os.pathsep + os.environ.get("PATH", ""))
    hosts = os.environ.get("PARALLEL_HOSTS", ":")
    expected = expected_statuses(lines)
    for number, command in enumerate(guide_commands(), start=1):
        command = shown = command.replace("-S host1,host2", f"-S {hosts}")
        # GNU parallel exits with the number of failed chunks, whatever their statuses: each chunk's own
        # status and signal are read from the job log.
        joblog = os.path.join(work, f"jobs-{number}.tsv")
        command = command.replace("parallel ", f"parallel --joblog {joblog} ", 1)
        started = time.monotonic()
        run = subprocess.run(["bash", "-c", command], cwd=work, env=environment, capture_output=True, text=True)
        seconds = time.monotonic() - started
        check_jobs(f"command {number}", joblog, run.returncode, expected)
        if "> verdicts.ndjson" in command:
            with open(os.path.join(work, "verdicts.ndjson")) as file:
                output = file.read()
        else:
            output = run.stdout
        check(f"command {number}", output, lines)
        print(f"test-parallel: `{shown}`: {LINES} lines ({corpus_lines.summary(lines)}) in order with the "
              f"expected status, chunks exiting {expected}, {seconds:.1f} s, {LINES / seconds:,.0f} lines/s")


if __name__ == "__main__":
    main()
