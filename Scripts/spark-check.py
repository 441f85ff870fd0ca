#!/usr/bin/env python3
"""make test-spark: examples/spark/verify.py over 20,000 lines in local[2], 4 partitions, checked.

The lines (Scripts/corpus_lines.py) are genuine corpus receipts and JWS, tampered copies of them,
garbage and blank lines, in a seeded random order. The job's output must hold one verdict per
line that is not blank (the example leaves those out), in input order, each with its expected status.

usage: spark-check.py PYTHON RECEIPT_CHECK CORPUS WORKDIR
"""

import json
import os
import shutil
import subprocess
import sys
import time

import corpus_lines

LINES = 20_000
PARTITIONS = 4


def fail(message):
    print(f"test-spark: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) != 5:
        fail(__doc__.strip().splitlines()[-1])
    python, receipt_check, corpus, work = sys.argv[1:]
    if not os.path.isfile(os.path.join(corpus, "MANIFEST.json")):
        fail(f"receipt corpus not found in {corpus} (set RECEIPT_CORPUS)")
    lines = corpus_lines.lines(corpus, LINES)

    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    source = os.path.join(work, "receipts.b64")
    output = os.path.join(work, "verdicts")
    with open(source, "w") as file:
        for line, _, _ in lines:
            file.write(line + "\n")

    example = os.path.join(os.path.dirname(__file__), "..", "examples", "spark", "verify.py")
    started = time.monotonic()
    job = subprocess.run(
        [python, example, "--master", "local[2]", "--partitions", str(PARTITIONS),
         "--receipt-check", receipt_check, source, output],
        capture_output=True, text=True)
    seconds = time.monotonic() - started
    if job.returncode != 0:
        sys.stderr.write(job.stderr[-4000:])
        fail(f"verify.py exited {job.returncode}")
    report = [line for line in job.stdout.splitlines() if line.startswith("verify.py:")]
    if f"in {PARTITIONS} partitions" not in " ".join(report):
        fail(f"the job did not run in {PARTITIONS} partitions: {report}")

    parts = sorted(name for name in os.listdir(output) if name.startswith("part-"))
    paired = []
    for name in parts:
        with open(os.path.join(output, name)) as file:
            paired.extend(file.read().splitlines())
    answered = corpus_lines.answered(lines)
    if len(paired) != len(answered):
        fail(f"{len(paired)} output lines for {len(answered)} input lines that are not blank (of {LINES})")

    restarts = 0
    previous = 0
    for row, (line, expected) in zip(paired, answered):
        receipt, _, verdict_text = row.partition("\t")
        if receipt != expected[0]:
            fail(f"line {line}: the output is not in input order")
        problem = corpus_lines.check_verdict(line, verdict_text, expected)
        if problem:
            fail(problem)
        verdict = json.loads(verdict_text)
        # Within a partition the verdicts count lines from 1: "-:N" answers the Nth line piped.
        number = int(verdict["input"].removeprefix("-:"))
        if number == 1:
            restarts += 1
        elif number != previous + 1:
            fail(f"line {line}: verdict for -:{number} after -:{previous}")
        previous = number
    if restarts != PARTITIONS:
        fail(f"verdict numbering restarted {restarts} times, expected once per partition ({PARTITIONS})")

    for line in report:
        print(line)
    print(f"test-spark: {LINES} lines ({corpus_lines.summary(lines)}), {len(parts)} partitions in order with the expected status; "
          f"job {seconds:.1f} s with Spark start-up, {LINES / seconds:,.0f} lines/s")


if __name__ == "__main__":
    main()
