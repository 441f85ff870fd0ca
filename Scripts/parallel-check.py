#!/usr/bin/env python3
"""make test-parallel: the two GNU parallel commands of docs/batch-and-scale.md, run as written, checked.

The commands are read from the guide ("At scale"), so the guide cannot drift from what is
tested. The second names hosts; here they are PARALLEL_HOSTS (default `:`, GNU parallel's name for
this machine), since a test has no other hosts. Each run gets 21,000 lines (Scripts/corpus_lines.py)
in chunks of 10,000 and must give one verdict per line, in input order, with the expected status.

usage: parallel-check.py BIN_DIR CORPUS WORKDIR   (BIN_DIR holds the receipt-check to put on PATH)
"""

import os
import re
import shutil
import subprocess
import sys
import time

import corpus_lines

LINES = 21_000
CHUNK = 10_000


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
    if len(verdicts) != len(lines):
        fail(f"{name}: {len(verdicts)} verdicts for {len(lines)} lines")
    for index, (verdict, expected) in enumerate(zip(verdicts, lines)):
        problem = corpus_lines.check_verdict(index + 1, verdict, expected)
        if problem:
            fail(f"{name}: {problem}")
        # Within a chunk "-:N" counts from the chunk's first line: input order, chunk by chunk.
        if f'"input":"-:{index % CHUNK + 1}"' not in verdict:
            fail(f"{name}: line {index + 1} is not answered in order: {verdict[:200]}")


def main():
    if len(sys.argv) != 4:
        fail(__doc__.strip().splitlines()[-1])
    bin_dir, corpus, work = sys.argv[1:]
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
    for number, command in enumerate(guide_commands(), start=1):
        command = command.replace("-S host1,host2", f"-S {hosts}")
        started = time.monotonic()
        # GNU parallel exits with the number of failed chunks: the verdicts, not the status, count.
        run = subprocess.run(["bash", "-c", command], cwd=work, env=environment, capture_output=True, text=True)
        seconds = time.monotonic() - started
        if run.returncode > LINES // CHUNK + 1:
            fail(f"command {number} exited {run.returncode}: {run.stderr[-2000:]}")
        if "> verdicts.ndjson" in command:
            with open(os.path.join(work, "verdicts.ndjson")) as file:
                output = file.read()
        else:
            output = run.stdout
        check(f"command {number}", output, lines)
        print(f"test-parallel: `{command}`: {LINES} lines ({corpus_lines.summary(lines)}) in order with the "
              f"expected status, {seconds:.1f} s, {LINES / seconds:,.0f} lines/s")


if __name__ == "__main__":
    main()
