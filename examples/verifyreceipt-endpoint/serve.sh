#!/usr/bin/env bash
# Serves Apple's verifyReceipt at http://127.0.0.1:PORT/verifyReceipt, in the foreground, with its own prefix
# (no system configuration is read or written), one of two ways (SERVE_MODE):
#   cgi (the default): nginx and fcgiwrap (Debian packages) running receipt-check as a CGI program, one
#       process a request;
#   service: nginx in front of `receipt-check serve`, a long-running FastCGI responder (libfcgi) that also
#       answers POST /verify and GET /health. SIGTERM or SIGINT stops both and removes the prefix, exit 0;
# nginx or fcgiwrap failing to start or stopping on its own is exit 70, bad arguments 64, a missing program 69,
# and any other failure keeps its own status (the service refusing its options: 64).
#
#   serve.sh PORT [receipt-check verify options...]
#
# The options are passed to every `receipt-check verify --cgi`: --bundle-id ID (a receipt of another
# app is then never status 0), --environment production|sandbox (which of Apple's endpoints to emulate).
# Environment: RECEIPT_CHECK (the binary; default: receipt-check on PATH), WORKERS (CGI processes at
# once; default: the number of cores), MAX_BODY_BYTES (largest request body; default 4194304),
# VERIFYRECEIPT_PREFIX (the directory to run in; default: a new temporary one, removed at exit),
# SERVE_MODE (cgi or service; default cgi). In service mode WORKERS is the service's worker threads.
set -euo pipefail

usage() {
  echo "usage: serve.sh PORT [receipt-check verify options...]" >&2
  exit 64
}
[ $# -ge 1 ] || usage
port=$1
shift
[[ $port =~ ^[0-9]+$ ]] && [ "$port" -ge 1 ] && [ "$port" -le 65535 ] || usage
here=$(cd "$(dirname "$0")" && pwd)
binary=${RECEIPT_CHECK:-$(command -v receipt-check || true)}
[ -n "$binary" ] && [ -x "$binary" ] || { echo "serve.sh: receipt-check not found; set RECEIPT_CHECK" >&2; exit 69; }
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
nginx=$(command -v nginx || echo /usr/sbin/nginx)
fcgiwrap=$(command -v fcgiwrap || echo /usr/sbin/fcgiwrap)
mode=${SERVE_MODE:-cgi}
case $mode in
  cgi) tools=("$nginx" "$fcgiwrap") ;;
  service) tools=("$nginx") ;;
  *) echo "serve.sh: SERVE_MODE is cgi or service, not '$mode'" >&2; exit 64 ;;
esac
for tool in "${tools[@]}"; do
  [ -x "$tool" ] || { echo "serve.sh: $tool missing (Debian: apt-get install nginx fcgiwrap)" >&2; exit 69; }
done
workers=${WORKERS:-$(nproc)}
max_body=${MAX_BODY_BYTES:-4194304}
[[ $workers =~ ^[0-9]+$ && $max_body =~ ^[0-9]+$ ]] || usage

# The options are checked once here, so a typo fails now rather than as a 502 on every request (the service
# checks its own when it starts, below).
if [ "$mode" = cgi ] && ! refusal=$(REQUEST_METHOD=POST CONTENT_LENGTH=0 "$binary" verify --cgi "$@" </dev/null 2>&1 >/dev/null); then
  echo "$refusal" >&2
  exit 64
fi

prefix=${VERIFYRECEIPT_PREFIX:-}
owned=no
if [ -z "$prefix" ]; then
  prefix=$(mktemp -d "${TMPDIR:-/tmp}/verifyreceipt.XXXXXX")
  owned=yes
fi
mkdir -p "$prefix/run" "$prefix/logs" "$prefix/tmp"
prefix=$(cd "$prefix" && pwd)
# nobody (see below) reaches the socket, tmp and the CGI program through it; nothing is listed.
chmod 711 "$prefix"

# The CGI program: receipt-check with this endpoint's options, quoted once here.
{
  echo '#!/bin/sh'
  printf 'exec %q verify --cgi --max-size %q' "$binary" "$max_body"
  [ $# -eq 0 ] || printf ' %q' "$@"
  echo
} >"$prefix/verifyReceipt.cgi"
chmod 755 "$prefix/verifyReceipt.cgi"

# fcgiwrap runs whatever program the client of its socket names, so the socket is for nginx alone:
# started as root, nginx's workers and fcgiwrap (with every receipt-check it starts) run as nobody,
# which owns the socket; otherwise all run as the caller, and the umask keeps others out.
user_line=""
as_user=()
if [ "$(id -u)" = 0 ]; then
  group=$(id -gn nobody 2>/dev/null || echo nogroup)
  user_line="user nobody $group;"
  as_user=(setpriv --reuid=nobody --regid="$group" --clear-groups)
  chown -R nobody "$prefix/tmp" "$prefix/run"
fi
# In service mode nginx lets a body up to 1 MiB over --max-size through, so the service's own 413 answers.
template=$here/nginx.conf.in
[ "$mode" = cgi ] || template=$here/nginx-service.conf.in
sed -e "s|@PREFIX@|$prefix|g" -e "s|@PORT@|$port|g" -e "s|@MAX_BODY_BYTES@|$max_body|g" \
  -e "s|@NGINX_MAX_BODY_BYTES@|$((max_body + 1048576))|g" \
  -e "s|@NGINX_WORKERS@|2|g" -e "s|@USER@|$user_line|g" "$template" >"$prefix/nginx.conf"

fcgiwrap_pid=""
nginx_pid=""
stop() {
  local status=$1
  trap - TERM INT EXIT
  [ -n "$nginx_pid" ] && kill -QUIT "$nginx_pid" 2>/dev/null || true
  [ -n "$fcgiwrap_pid" ] && kill -TERM -- "-$fcgiwrap_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  if [ "$owned" = yes ]; then rm -rf "$prefix"; else rm -f "$prefix/run/fcgiwrap.sock" "$prefix/run/receipt-check.sock"; fi
  exit "$status"
}
# A signal is the asked-for way to stop (exit 0); every other end keeps the status it had (an exit 70, a
# command failing under errexit), which a bare `trap stop EXIT` would turn into 0.
trap 'stop 0' TERM INT
trap 'stop $?' EXIT

if [ "$mode" = cgi ]; then
  socket=$prefix/run/fcgiwrap.sock
  rm -f "$socket"
  # Its own process group: fcgiwrap's pre-forked children outlive a signal to the parent alone.
  setsid "${as_user[@]}" "$fcgiwrap" -c "$workers" -s "unix:$socket" &
else
  socket=$prefix/run/receipt-check.sock
  rm -f "$socket"
  # The service finishes the requests it accepted on SIGTERM; its access log (JSON lines) goes to logs/.
  setsid "${as_user[@]}" "$binary" serve --socket "$socket" --workers "$workers" --max-size "$max_body" "$@" \
    2>>"$prefix/logs/service.log" &
fi
fcgiwrap_pid=$!
for _ in $(seq 100); do
  [ -S "$socket" ] && break
  kill -0 "$fcgiwrap_pid" 2>/dev/null || break
  sleep 0.05
done
if ! [ -S "$socket" ]; then
  status=70
  if ! kill -0 "$fcgiwrap_pid" 2>/dev/null; then
    wait "$fcgiwrap_pid" || status=$?
    [ "$status" = 64 ] || status=70
  fi
  responder=fcgiwrap
  [ "$mode" = cgi ] || { responder="receipt-check serve"; cat "$prefix/logs/service.log" >&2; }
  echo "serve.sh: $responder did not start" >&2
  fcgiwrap_pid=""
  exit "$status"
fi

"$nginx" -p "$prefix" -e "$prefix/logs/error.log" -c "$prefix/nginx.conf" -g 'daemon off;' &
nginx_pid=$!
echo "serve.sh: POST http://127.0.0.1:$port/verifyReceipt ($mode, $workers workers, prefix $prefix)" >&2
# wait returns early when a trapped signal arrives; stop() then ends both.
wait -n "$nginx_pid" "$fcgiwrap_pid" || true
echo "serve.sh: nginx or the $mode responder stopped on its own; its log is kept in $prefix/logs" >&2
owned=no
stop 70
