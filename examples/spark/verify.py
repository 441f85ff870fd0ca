#!/usr/bin/env python3
"""Verify base64 App Store receipts with receipt-check as a Spark stage.

Each partition's lines, blank ones left out, are piped through `receipt-check --lines --format ndjson
--quiet`, which prints exactly one verdict per line that is not blank, in the same order, so `zip` pairs
every receipt with its verdict. The result is written like `paste -d '\\t' receipts.b64 verdicts.ndjson`:
one `RECEIPT<TAB>VERDICT` line per receipt, in input order.

    spark-submit examples/spark/verify.py receipts.b64 verdicts/            # on a cluster
    python3 examples/spark/verify.py --master 'local[2]' receipts.b64 out/   # with pip's pyspark

receipt-check must be on every executor's PATH (or give --receipt-check PATH).
"""

import argparse
import shlex
import time

from pyspark.sql import SparkSession

# receipt-check exits non-zero when an input is invalid (2), undecodable (65) or unreadable (66);
# those are verdicts, already on each output line, and must not fail the Spark task. A usage
# error (64) or an internal error (70) must, so the wrapper lets only those through.
WRAPPER = (
    '"$0" --lines --format ndjson --quiet; s=$?; '
    "case $s in 0|1|2|3|65|66) exit 0;; esac; exit $s"
)


def verify(receipts, receipt_check="receipt-check"):
    """The (receipt, verdict) pairs of an RDD of base64 lines, partition by partition."""
    command = "sh -c " + shlex.quote(WRAPPER) + " " + shlex.quote(receipt_check)
    # receipt-check skips a line of only these bytes (no input); leaving them out here keeps one verdict
    # per line piped.
    receipts = receipts.filter(lambda line: line.strip(" \t\n\r\x0b\x0c") != "")
    verdicts = receipts.pipe(command, checkCode=True)
    # Safe: one output line per line piped, same order, in every partition.
    return receipts.zip(verdicts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="text file(s) of base64 receipts, one a line (any Hadoop path)")
    parser.add_argument("output", help="directory for RECEIPT<TAB>VERDICT lines")
    parser.add_argument("--receipt-check", default="receipt-check", help="the receipt-check binary")
    parser.add_argument("--partitions", type=int, default=None, help="minimum number of input partitions")
    parser.add_argument("--master", default=None, help="Spark master, e.g. local[2] (default: spark-submit's)")
    args = parser.parse_args()

    builder = SparkSession.builder.appName("receipt-check")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    try:
        context = spark.sparkContext
        receipts = (
            context.textFile(args.input, minPartitions=args.partitions)
            if args.partitions
            else context.textFile(args.input)
        )
        started = time.monotonic()
        paired = verify(receipts, args.receipt_check).map(lambda pair: pair[0] + "\t" + pair[1])
        paired.saveAsTextFile(args.output)
        seconds = time.monotonic() - started
        lines = context.textFile(args.output).count()
        print(
            f"verify.py: {lines} lines in {receipts.getNumPartitions()} partitions, "
            f"{seconds:.1f} s, {lines / seconds:,.0f} lines/s"
        )
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
