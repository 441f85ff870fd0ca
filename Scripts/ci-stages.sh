# CI's stages (sourced by .ci/run): each prints its wall time (`stage NAME: N s`); the first that fails ends
# the run with its status, after the times so far and the total. CI_STAGE_LOGS (default .build) keeps the
# output of the stages run beside others.
# shellcheck shell=bash
CI_STAGE_LOGS=${CI_STAGE_LOGS:-.build}
mkdir -p "$CI_STAGE_LOGS"
started=$SECONDS
# A stage beside the others writes its status under this run's id: a status file an earlier run left in
# CI_STAGE_LOGS (or anything else wrote) never stands for a stage of this one that died before writing its
# own. The id is the one guard: no file is removed first.
ci_run_id="$$-$(date +%s%N)"
times=()
# failed NAME STATUS: ends CI with STATUS, after the times so far.
failed() {
    echo "stage $1 FAILED with exit $2" >&2
    printf '%s\n' "${times[@]}" "total: $((SECONDS - started)) s" >&2
    exit "$2"
}
# stage NAME -- COMMAND...: runs COMMAND as a stage of its own; its failure stops CI with COMMAND's status.
stage() {
    local name=$1 begun=$SECONDS status=0
    shift 2
    echo "== stage $name: $*"
    "$@" || status=$?
    times+=("stage $name: $((SECONDS - begun)) s")
    echo "${times[-1]}"
    [ "$status" = 0 ] || failed "$name" "$status"
}

# beside NAME -- COMMAND...: starts COMMAND as a stage that runs beside the stages after it, at the lowest
# priority (so it takes only the cores they leave idle), its output kept for `joined`.
# beside_waiting NAME -- COMMAND...: the same at the stages' own priority, for a stage that mostly waits (on
# the network, the disk), whose little work would otherwise wait behind a build's.
declare -A beside_pids=()
beside() {
    beside_at 19 "$@"
}
beside_waiting() {
    beside_at 0 "$@"
}
beside_at() {
    local niceness=$1 name=$2
    shift 3
    echo "== stage $name, beside the next stages: $*"
    (
        begun=$SECONDS status=0
        nice -n "$niceness" "$@" >"$CI_STAGE_LOGS/stage-$name.log" 2>&1 || status=$?
        echo "$ci_run_id $status $((SECONDS - begun))" >"$CI_STAGE_LOGS/stage-$name.status"
    ) &
    beside_pids[$name]=$!
}
# joined NAME: waits for a stage started by `beside`, shows its output, and ends CI as a failed stage would.
joined() {
    local name=$1 run="" status=70 seconds=0
    wait "${beside_pids[$name]}" || true
    cat "$CI_STAGE_LOGS/stage-$name.log"
    # No status written by this run: the stage's own shell died, which is a failure.
    read -r run status seconds <"$CI_STAGE_LOGS/stage-$name.status" || true
    if [ "$run" != "$ci_run_id" ]; then
        echo "stage $name wrote no status in this run (its shell died)" >&2
        status=70
    fi
    times+=("stage $name: $seconds s (beside the stages before it)")
    echo "${times[-1]}"
    # A status that is not a number (a torn write) fails too.
    [ "$status" -eq 0 ] 2>/dev/null || failed "$name" "$status"
}
