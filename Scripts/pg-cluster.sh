#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the store's tests, started the way the tests start nginx: initdb in a
# fresh temporary directory, the server listening on a unix socket in that directory only (no TCP port).
#
#   pg-cluster.sh run            prints "DIR URI" (URI: libpq's, for the database postgres) on its first line,
#                                then runs until its standard input closes; then the cluster is stopped and
#                                removed (the tests' process holds that input: the cluster dies with them)
#   pg-cluster.sh stop|start DIR the server of a running cluster stopped (fast: sessions ended) or started
#   pg-cluster.sh psql DIR ARGS  psql on the cluster, as its owner
#
# As root (CI), the cluster belongs to the postgres user (initdb refuses root); elsewhere to the caller.
# Fails with a message naming what is missing (exit 69) rather than letting the tests skip.
set -euo pipefail
bindir=${PG_BINDIR:-}
if [ -z "$bindir" ]; then
    for candidate in /usr/lib/postgresql/*/bin; do
        [ -x "$candidate/initdb" ] && bindir=$candidate
    done
fi
if [ -z "$bindir" ] && command -v initdb >/dev/null 2>&1; then bindir=$(dirname "$(command -v initdb)"); fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ] || [ ! -x "$bindir/pg_ctl" ]; then
    echo "pg-cluster: PostgreSQL's initdb and pg_ctl not found (/usr/lib/postgresql/*/bin, PATH, PG_BINDIR):" \
        "install postgresql (Debian: apt-get install postgresql; Scripts/install-deps.sh test does)" >&2
    exit 69
fi
as_owner=()
if [ "$(id -u)" = 0 ]; then
    if ! id postgres >/dev/null 2>&1; then
        echo "pg-cluster: running as root, and no postgres user to run the server as (install postgresql)" >&2
        exit 69
    fi
    command -v runuser >/dev/null 2>&1 || { echo "pg-cluster: runuser not found (util-linux)" >&2; exit 69; }
    as_owner=(runuser -u postgres --)
fi

case "${1:-}" in
stop) exec "${as_owner[@]}" "$bindir/pg_ctl" -D "$2/data" -m fast -w stop ;;
start) exec "${as_owner[@]}" "$bindir/pg_ctl" -D "$2/data" -l "$2/server.log" -w start >/dev/null ;;
psql)
    dir=$2
    shift 2
    exec "${as_owner[@]}" "$bindir/psql" -h "$dir" -U postgres -X -q "$@"
    ;;
run) ;;
*)
    echo "usage: pg-cluster.sh run | stop DIR | start DIR | psql DIR ARGS..." >&2
    exit 64
    ;;
esac

# In /tmp, not TMPDIR: a unix socket's path has a short limit (107 bytes), and as root the postgres user
# must reach the directory, which a TMPDIR under /root would not let it.
dir=$(mktemp -d /tmp/pg-cluster.XXXXXX)
[ ${#as_owner[@]} -eq 0 ] || chown postgres: "$dir"
cleanup() {
    "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 143' TERM INT HUP
if ! "${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-sync \
    >"$dir/initdb.log" 2>&1; then
    echo "pg-cluster: initdb failed:" >&2
    cat "$dir/initdb.log" >&2
    exit 70
fi
# A unix socket in the cluster's directory only; settings written once, so that stop and start keep them.
cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$dir'
max_connections = 200
CONF
if ! "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start >/dev/null; then
    echo "pg-cluster: the server did not start:" >&2
    cat "$dir/server.log" >&2
    exit 70
fi
echo "$dir postgresql:///postgres?host=$dir&user=postgres"
# Until the tests' process closes this input (at its end, however it ends).
cat >/dev/null
