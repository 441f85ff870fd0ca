#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks to build and test receipt-check.
# Usage: install-deps.sh build|test|endpoint|ci|spark|install. Elsewhere (no apt-get, or not root) it lists what is
# missing, runs `make doctor` for the build tools, and fails.
set -euo pipefail
level=${1:-build}

need=()
pkg-config --version >/dev/null 2>&1 || need+=(pkg-config)
pkg-config --exists 'openssl >= 3' 2>/dev/null || need+=(libssl-dev)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
if [ "$level" != build ] && [ "$level" != spark ]; then
  # The tests cross-check signatures with openssl, render the man page and load each completion.
  command -v groff >/dev/null 2>&1 || need+=(groff-base)
  command -v man >/dev/null 2>&1 || need+=(man-db)
  command -v zsh >/dev/null 2>&1 || need+=(zsh)
  command -v fish >/dev/null 2>&1 || need+=(fish)
  # The verifyreceipt tests compare the Pacific time rules with the system's time zone database.
  [ -e /usr/share/zoneinfo/America/Los_Angeles ] || need+=(tzdata)
  # receipt-check api opens libcurl when it sends a request; its tests send some.
  ldconfig -p 2>/dev/null | grep -q 'libcurl\.so\.4 ' || need+=(libcurl4)
  # receipt-check serve opens libfcgi when it starts; ServiceTests start it.
  ldconfig -p 2>/dev/null | grep -q 'libfcgi\.so\.0 ' || need+=(libfcgi0ldbl)
  # A notification store (serve --store, customer, store import) opens libsqlite3; the store's tests open one.
  ldconfig -p 2>/dev/null | grep -q 'libsqlite3\.so\.0 ' || need+=(libsqlite3-0)
  # A PostgreSQL store opens libpq (libpq5); the store's tests run a throwaway cluster (Scripts/pg-cluster.sh).
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
  ldconfig -p 2>/dev/null | grep -q 'libpq\.so\.5 ' || need+=(libpq5)
  # The report schema tests run PyPI's jsonschema from a venv (Scripts/schema-venv.sh).
  python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
  # GateCheckTests run the gates of make test-parallel and make leak-check on planted faults.
  command -v parallel >/dev/null 2>&1 || need+=(parallel)
  command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
  # FutureClockTests run the examples with the clock ten years ahead (libfaketime).
  command -v faketime >/dev/null 2>&1 || need+=(faketime)
fi
if [ "$level" = ci ] || [ "$level" = endpoint ]; then
  # make test-endpoint: examples/verifyreceipt-endpoint runs receipt-check behind nginx and fcgiwrap.
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
  command -v fcgiwrap >/dev/null 2>&1 || [ -x /usr/sbin/fcgiwrap ] || need+=(fcgiwrap)
  # receipt-check serve opens libfcgi when it starts; its headers let the build check the request's layout.
  [ -e /usr/include/fcgiapp.h ] || need+=(libfcgi-dev)
  # Its headers let the build hold the store's copies of SQLite's constants to them.
  [ -e /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
  # And the PostgreSQL store's copies of libpq's constants to libpq-fe.h.
  [ -e /usr/include/postgresql/libpq-fe.h ] || need+=(libpq-dev)
  command -v curl >/dev/null 2>&1 || need+=(curl)
  command -v python3 >/dev/null 2>&1 || need+=(python3)
fi
if [ "$level" = ci ]; then
  # valgrind (make leak-check), parallel (make test-parallel), python3-venv (PyPI tools in .build/*-venv),
  # man and groff: every level but build's, above.
  command -v make >/dev/null 2>&1 || need+=(make)
  # make lint: actionlint checks the workflows' run: scripts with shellcheck when it finds one, and only then.
  command -v shellcheck >/dev/null 2>&1 || need+=(shellcheck)
fi
if [ "$level" = ci ] || [ "$level" = install ]; then
  # make test-install: the .deb built (dpkg-buildpackage, debhelper) and installed into a debootstrapped
  # root (make test-openssl35's too), the installed man page read with man -l, the Homebrew formula's steps
  # (python3, which the ci level has from the endpoint's line above).
  command -v dpkg-buildpackage >/dev/null 2>&1 || need+=(dpkg-dev)
  command -v dh >/dev/null 2>&1 || need+=(debhelper)
  command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
fi
if [ "$level" = install ]; then
  command -v python3 >/dev/null 2>&1 || need+=(python3)
fi
if [ "$level" = spark ]; then
  # make test-spark: Spark runs on Java 17 or later, PySpark from a venv.
  command -v java >/dev/null 2>&1 || need+=(openjdk-17-jre-headless)
  python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || need+=(python3-venv)
fi
[ ${#need[@]} -eq 0 ] && exit 0

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "installing: ${need[*]}"
  # The package lists are fetched again only when they offer no version of a package (a fresh machine's are empty).
  # shellcheck source=Scripts/apt-lists.sh
  source "$(dirname "$0")/apt-lists.sh"
  apt_lists_for "${need[@]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
  exit 0
fi
echo "missing: ${need[*]} (Debian: sudo apt-get install ${need[*]})" >&2
sh "$(dirname "$0")/doctor.sh" >&2 || true
exit 1
