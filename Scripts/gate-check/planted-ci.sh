#!/usr/bin/env bash
# make gate-check's ci stage: CI's stage helpers (Scripts/ci-stages.sh) with a stage that fails, run beside
# another stage (GATE_CI=beside-fails) or as one of its own (GATE_CI=stage-fails), a stage beside the others
# whose shell is killed before it writes its status, after a passing status of no run's was written in its
# place (GATE_CI=killed: run after a clean run in the same CI_STAGE_LOGS, whose status file it must not take
# for its own either), or none (GATE_CI=clean).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=Scripts/ci-stages.sh
source Scripts/ci-stages.sh
# shellcheck disable=SC2016 # the inner shells' own variables
case ${GATE_CI:-clean} in
beside-fails) beside planted -- bash -c 'echo planted beside; sleep 1; exit 3' ;;
# nice runs the command in place, so its parent is the stage's own shell, killed here as a stage's can be,
# once a stale passing status stands where the stage's would be.
killed) beside planted -- bash -c 'echo planted beside; echo "stale 0 1" >"$1/stage-planted.status"; kill -KILL "$PPID"' \
    planted "$CI_STAGE_LOGS" ;;
*) beside planted -- bash -c 'echo planted beside' ;;
esac
case ${GATE_CI:-clean} in
stage-fails) stage planted-own -- bash -c 'exit 4' ;;
*) stage between -- sleep 2 ;;
esac
joined planted
echo "total: $((SECONDS - started)) s"
