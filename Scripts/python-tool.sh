#!/usr/bin/env bash
# Prints the directory of a virtual environment under .build holding exactly the PyPI packages
# given, made (or remade) when missing or when the packages asked for change.
# usage: python-tool.sh NAME PACKAGE==VERSION...
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1
shift
venv=.build/$name-venv
want="$*"
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.requirements" 2>/dev/null)" != "$want" ]; then
    python=${PYTHON:-python3}
    command -v "$python" >/dev/null || { echo "$name: $python missing (apt-get install python3 python3-venv)" >&2; exit 1; }
    rm -rf "$venv"
    "$python" -m venv "$venv" >&2 || { echo "$name: cannot make a virtual environment (apt-get install python3-venv)" >&2; exit 1; }
    "$venv/bin/pip" install --quiet --disable-pip-version-check "$@" >&2
    echo "$want" >"$venv/.requirements"
fi
echo "$PWD/$venv"
