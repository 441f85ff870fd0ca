#!/usr/bin/env bash
# make test-spark: examples/spark/verify.py in Spark local[2] over 20,000 lines in 4 partitions
# (Scripts/spark-check.py says what is checked). PySpark comes from PyPI into .build/spark-venv;
# Spark needs Java 17 or later (Debian: openjdk-17-jre-headless, which .ci/run installs).
#   Scripts/test-spark.sh [RECEIPT_CHECK]    the check
#   Scripts/test-spark.sh --venv-only        only .build/spark-venv (CI makes it beside the build)
set -euo pipefail
cd "$(dirname "$0")/.."
pyspark=pyspark==4.3.0
if [ "${1:-}" = --venv-only ]; then
    bash Scripts/python-tool.sh spark "$pyspark" >/dev/null
    exit 0
fi
receipt_check=${1:-.build/release/receipt-check}
corpus=${RECEIPT_CORPUS:-../shared/corpus}

java_version=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1) || true
if [ -z "$java_version" ] || [ "$java_version" -lt 17 ]; then
    echo "test-spark: Java 17 or later is needed (apt-get install openjdk-17-jre-headless)" >&2
    exit 1
fi
venv=$(bash Scripts/python-tool.sh spark "$pyspark")
export PYSPARK_PYTHON="$venv/bin/python" SPARK_LOCAL_IP=127.0.0.1
# Local files are split in 32 MiB blocks; larger blocks let --partitions 4 give exactly 4 splits.
export PYSPARK_SUBMIT_ARGS="--conf spark.hadoop.fs.local.block.size=1073741824 pyspark-shell"
"$venv/bin/python" Scripts/spark-check.py "$venv/bin/python" "$PWD/$receipt_check" "$corpus" .build/spark-check
