#!/usr/bin/env bash
# What CI's stages need beyond the build, in two parts that .ci/run starts beside other stages and joins
# just before the first stage that needs each:
#   Scripts/install-ci-tools.sh tests    the Debian packages of `install-deps.sh ci`, the schema
#                                        validator's venv and make lint's (actionlint): what make lint, make
#                                        gate-check, make test and the stages up to test-browser run (beside
#                                        the build)
#   Scripts/install-ci-tools.sh rest     Chromium and selenium (Scripts/browser-deps.sh), Java
#                                        (`install-deps.sh spark`) and PySpark's venv: the largest downloads,
#                                        which only test-browser and test-spark need (beside gate-check and
#                                        make test, once the first part has let go of apt's lock)
# Each step is a no-op when its part is there. One after another: apt-get takes one lock, and the venvs
# need python3-venv.
set -euo pipefail
cd "$(dirname "$0")/.."
case ${1:-} in
tests)
    bash Scripts/install-deps.sh ci
    bash Scripts/schema-venv.sh
    bash Scripts/lint-workflows.sh --venv-only
    ;;
rest)
    bash Scripts/browser-deps.sh
    bash Scripts/install-deps.sh spark
    bash Scripts/test-spark.sh --venv-only
    ;;
*)
    echo "usage: Scripts/install-ci-tools.sh tests|rest" >&2
    exit 64
    ;;
esac
