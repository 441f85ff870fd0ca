#!/usr/bin/env bash
# What CI's stages need beyond the build (.ci/run runs it beside the build): the Debian packages of
# `install-deps.sh ci`, then the browser (Scripts/browser-deps.sh), then the Python tools' virtual
# environments in .build: the schema validator (make test), PySpark (make test-spark). Each step is a no-op
# when its part is there. One after another: apt-get takes one lock, and the venvs need python3-venv.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-deps.sh ci
bash Scripts/browser-deps.sh
bash Scripts/schema-venv.sh
bash Scripts/test-spark.sh --venv-only
