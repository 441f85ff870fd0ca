#!/usr/bin/env bash
# make bench-serve: POST /verifyReceipt of a production receipt (tpinapp-11) on loopback, behind nginx
# (examples/verifyreceipt-endpoint/serve.sh), for receipt-check serve and for the fcgiwrap path, at each
# concurrency: requests/s, p50 and p99, answers that were not 2xx and socket errors; the service's RSS over
# N requests; receipt-bench's in-process rate beside them. One table, from one run on one machine.
#
#   Scripts/serve-bench.sh RECEIPT_CHECK RECEIPT_BENCH CORPUS
#
# Environment: BENCH_SECONDS (each run's length, default 10), BENCH_CONCURRENCY (default "8 64 2000"),
# BENCH_RSS_REQUESTS (N, default 1000000; 0 skips it), BENCH_WORKERS (the service's worker threads; default:
# half the cores, at least 1, leaving the rest to nginx and the load: on 2 cores two workers starved nginx,
# and fewer answers came, later), BENCH_CGI_WORKERS (fcgiwrap's processes; default: the cores). wrk
# (Debian: wrk) drives the load, ApacheBench (apache2-utils) where wrk is missing. Run it on a quiet machine:
# everything shares its cores.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 3 ] || { sed -n '7p' "$0" >&2; exit 64; }
binary=$(readlink -f "$1") bench=$2 corpus=$3
seconds=${BENCH_SECONDS:-10}
concurrency=${BENCH_CONCURRENCY:-8 64 2000}
rss_requests=${BENCH_RSS_REQUESTS:-1000000}
workers=${BENCH_WORKERS:-$(( $(nproc) / 2 > 0 ? $(nproc) / 2 : 1 ))}
cgi_workers=${BENCH_CGI_WORKERS:-$(nproc)}
if command -v wrk >/dev/null 2>&1; then
    driver=wrk
elif command -v ab >/dev/null 2>&1; then
    driver=ab
else
    echo "serve-bench: neither wrk nor ab: apt-get install wrk (or apache2-utils)" >&2
    exit 69
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/serve-bench.XXXXXX")
chmod 755 "$work"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

body=$work/body.json
printf '{"receipt-data":"%s"}' "$(base64 -w0 "$corpus/receipts/tpinapp-11.receipt")" >"$body"
cat >"$work/post.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = io.open(os.getenv("BENCH_BODY"), "rb")
wrk.body = file:read("*a")
file:close()
LUA

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# start MODE: serve.sh in that mode on a free port; sets url and prefix.
start() {
    local mode=$1 port
    port=$(free_port)
    prefix=$work/$mode
    mkdir -p "$prefix"
    local threads=$workers
    [ "$mode" = service ] || threads=$cgi_workers
    SERVE_MODE=$mode RECEIPT_CHECK=$binary WORKERS=$threads VERIFYRECEIPT_PREFIX=$prefix \
        bash examples/verifyreceipt-endpoint/serve.sh "$port" >"$work/$mode.log" 2>&1 &
    pids+=($!)
    url=http://127.0.0.1:$port/verifyReceipt
    for _ in $(seq 300); do
        [ "$(curl -s -o /dev/null -w '%{http_code}' "$url")" = 405 ] && return 0
        sleep 0.1
    done
    echo "serve-bench: serve.sh $mode did not come up (see $work/$mode.log)" >&2
    exit 1
}

# load CONNECTIONS [REQUESTS]: prints "requests/s p50-ms p99-ms non-2xx errors". A run of REQUESTS (the RSS
# run) is ApacheBench's where it is installed: it counts requests, where wrk runs for a time.
load() {
    local connections=$1 requests=${2:-0} threads=2 out=$work/load.txt
    [ "$connections" -ge "$threads" ] || threads=$connections
    if [ $driver = wrk ] && { [ "$requests" = 0 ] || ! command -v ab >/dev/null 2>&1; }; then
        local duration=${seconds}s
        # No ab: a run long enough for REQUESTS at the rate the 64-connection run measured.
        if [ "$requests" -gt 0 ]; then duration=$((requests / (${rate64[service]:-1000} + 1) + 1))s; fi
        BENCH_BODY=$body wrk -t "$threads" -c "$connections" -d "$duration" --timeout 10s \
            --latency -s "$work/post.lua" "$url" >"$out" 2>&1 || true
        awk '
            function ms(t) { if (t ~ /us$/) return t / 1000; if (t ~ /ms$/) return t + 0; if (t ~ /s$/) return t * 1000; return t }
            /Requests\/sec/ { rate = $2 }
            $1 == "50%" { p50 = ms($2) }
            $1 == "99%" { p99 = ms($2) }
            /Non-2xx or 3xx responses/ { bad = $NF }
            /Socket errors/ { gsub(/,/, ""); errors = $4 + $6 + $8 + $10 }
            END { printf "%d %.2f %.2f %d %d\n", rate, p50, p99, bad, errors }' "$out"
    else
        local count=$requests
        [ "$count" -gt 0 ] || count=$((connections * 50))
        ab -q -n "$count" -c "$connections" -s 10 -r -p "$body" -T application/json "$url" >"$out" 2>&1 || true
        awk '
            /^Requests per second/ { rate = $4 }
            $1 == "50%" { p50 = $2 }
            $1 == "99%" { p99 = $2 }
            /^Non-2xx responses/ { bad = $3 }
            # Length failures are no errors: each answer carries its own request_date.
            /\(Connect: / { gsub(/[(),]/, ""); errors = $2 + $4 + $8 }
            END { printf "%d %.2f %.2f %d %d\n", rate, p50, p99, bad, errors }' "$out"
    fi
}

rss_kb() { awk '/^VmRSS/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }

rows=()
declare -A rate64=()
for mode in service cgi; do
    start "$mode"
    label=$([ "$mode" = service ] && echo "receipt-check serve" || echo "fcgiwrap + verify --cgi")
    for connections in $concurrency; do
        read -r rate p50 p99 bad errors < <(load "$connections")
        [ "$connections" != 64 ] || rate64[$mode]=$rate
        rows+=("$(printf '%-26s %6s %12s %9s %9s %9s %9s' "$label" "$connections" "$rate" "$p50" "$p99" "$bad" "$errors")")
    done
    if [ "$mode" = service ] && [ "$rss_requests" -gt 0 ]; then
        service_pid=$(pgrep -f -- "serve --socket $prefix/run/receipt-check.sock" | head -n 1)
        rss_before=$(rss_kb "$service_pid") rss_max=$rss_before
        ( while kill -0 "$service_pid" 2>/dev/null; do rss_kb "$service_pid"; sleep 1; done >"$work/rss.txt" ) &
        sampler=$!
        read -r rss_rate _ rss_p99 rss_bad rss_errors < <(load 64 "$rss_requests")
        kill "$sampler" 2>/dev/null || true
        rss_after=$(rss_kb "$service_pid")
        rss_max=$(printf '%s\n' "$rss_before" "$rss_after" | cat - "$work/rss.txt" | sort -n | tail -n 1)
    fi
    kill -TERM "${pids[-1]}"
    wait "${pids[-1]}" || true
    unset 'pids[-1]'
done

inprocess=$(RECEIPT_CORPUS=$corpus "$bench" floor 2>/dev/null | awk '/^ReceiptKit verify\+decode, production receipt/ { print $(NF-3) }')
cores=$(nproc)

echo "serve-bench: POST /verifyReceipt (tpinapp-11, $(wc -c <"$body") bytes) on 127.0.0.1 behind nginx, $driver, ${seconds} s a run,"
echo "  $workers service workers, $cgi_workers fcgiwrap workers, $cores cores ($(uname -m), $(nproc) online, load $(cut -d' ' -f1-3 /proc/loadavg) at the end)"
printf '%-26s %6s %12s %9s %9s %9s %9s\n' path conns requests/s "p50 ms" "p99 ms" non-2xx errors
for row in "${rows[@]}"; do echo "$row"; done
printf '%-26s %6s %12s %9s %9s %9s %9s\n' "receipt-bench, in process" 1 "${inprocess:-?}" - - - -
if [ "$rss_requests" -gt 0 ]; then
    echo "RSS of receipt-check serve over $rss_requests requests (64 at a time, $rss_rate/s, p99 $rss_p99 ms," \
        "$rss_bad non-2xx, $rss_errors errors): $((rss_before / 1024)) MB before, $((rss_after / 1024)) MB after," \
        "$((rss_max / 1024)) MB at most"
fi
if [ -n "${rate64[service]:-}" ] && [ -n "${rate64[cgi]:-}" ] && [ "${rate64[cgi]}" -gt 0 ]; then
    echo "at 64: the service answers $(awk -v a="${rate64[service]}" -v b="${rate64[cgi]}" 'BEGIN { printf "%.1f", a / b }')x the fcgiwrap path;" \
        "$(awk -v a="${rate64[service]}" -v b="${inprocess:-0}" -v c="$cores" 'BEGIN { if (b > 0) printf "%.2f", a / (b * c); else printf "?" }')x in-process on all $cores cores"
fi
