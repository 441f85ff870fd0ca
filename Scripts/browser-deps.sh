#!/usr/bin/env bash
# What make test-browser and make screenshots need: Debian's chromium and chromium-driver (apt-get, as
# root, when missing) and .build/browser-venv, a Python virtual environment with the pinned selenium
# (Scripts/browser-requirements.txt); a no-op when both are there.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/browser-venv
requirements=Scripts/browser-requirements.txt
stamp="$venv/requirements.txt"

if ! command -v chromium > /dev/null || ! command -v chromedriver > /dev/null; then
    if [[ $(id -u) -ne 0 ]] || ! command -v apt-get > /dev/null; then
        echo "browser-deps: chromium and chromedriver are missing (Debian: apt-get install chromium chromium-driver)" >&2
        exit 1
    fi
    if ! apt-cache show chromium-driver > /dev/null 2>&1; then
        apt-get update -qq
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver \
        fonts-dejavu-core > /dev/null
fi
if [[ -x "$venv/bin/python" ]] && cmp -s "$requirements" "$stamp" \
    && "$venv/bin/python" -c 'import selenium' 2> /dev/null; then
    exit 0
fi
python=$(command -v python3 || true)
if [[ -z "$python" ]]; then
    echo "browser-deps: python3 is missing (Debian: apt-get install python3-venv)" >&2
    exit 1
fi
rm -rf "$venv"
mkdir -p .build
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$requirements"
cp "$requirements" "$stamp"
echo "browser-deps: installed $(grep -c '==' "$requirements") pinned package into $venv"
