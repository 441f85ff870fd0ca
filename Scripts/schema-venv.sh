#!/usr/bin/env bash
# Makes .build/schema-venv, a Python virtual environment with the pinned JSON Schema validator and
# Apple's app-store-server-library (Scripts/schema-requirements.txt) that ReportSchemaTests and
# SignPeerConformanceTests run; a no-op when it is already there.
# Needs python3 with venv (Debian: python3-venv, which Scripts/install-deps.sh test installs).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/schema-venv
requirements=Scripts/schema-requirements.txt
stamp="$venv/requirements.txt"

if [[ -x "$venv/bin/python" ]] && cmp -s "$requirements" "$stamp" \
    && "$venv/bin/python" -c 'import jsonschema, rfc3339_validator, appstoreserverlibrary' 2> /dev/null; then
    exit 0
fi
python=$(command -v python3 || true)
if [[ -z "$python" ]]; then
    echo "schema-venv: python3 is missing (Debian: apt-get install python3-venv)" >&2
    exit 1
fi
rm -rf "$venv"
mkdir -p .build
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$requirements"
cp "$requirements" "$stamp"
echo "schema-venv: installed $(grep -c '==' "$requirements") pinned packages into $venv"
