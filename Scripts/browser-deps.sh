#!/usr/bin/env bash
# What make test-browser and make screenshots need: Debian's chromium and chromium-driver (apt-get, as
# root, when missing) and .build/browser-venv, a Python virtual environment with the pinned selenium
# (made by Scripts/python-tool.sh; a newer selenium needs a certifi this machine is not served).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium > /dev/null || ! command -v chromedriver > /dev/null; then
    if [[ $(id -u) -ne 0 ]] || ! command -v apt-get > /dev/null; then
        echo "browser-deps: chromium and chromedriver are missing (Debian: apt-get install chromium chromium-driver)" >&2
        exit 1
    fi
    # shellcheck source=Scripts/apt-lists.sh
    source Scripts/apt-lists.sh
    apt_lists_for chromium chromium-driver fonts-dejavu-core
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver \
        fonts-dejavu-core > /dev/null
fi
bash Scripts/python-tool.sh browser selenium==4.51.0 > /dev/null
