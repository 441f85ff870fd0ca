#!/usr/bin/env bash
# make figures: the counts the documents state, computed from the tree and written where a document marks
# one (`84<!-- figure: public-types -->`: the number right before the mark). A count of these stated
# without a mark is one nobody keeps true: check refuses it (FiguresTests runs check).
#
#   Scripts/figures.sh             rewrite every marked figure in the project's Markdown files
#   Scripts/figures.sh check [MD]  rewrite nothing; exit 1 naming each stale figure (of MD, the given files)
#
# Figures: tests (@Test functions of the product's test targets, make test's), script-tests (those of
# Tests/ScriptTests, make test-scripts'), mutations (blocks of Scripts/mutations.txt), public-types
# (top-level public types of ReceiptKit), fuzz-targets (Scripts/fuzz.sh's targets).
set -euo pipefail
cd "$(dirname "$0")/.."

figure() { # name
    case $1 in
    tests) grep -rhoE --exclude-dir=ScriptTests '@Test\b' Tests | wc -l ;;
    script-tests) grep -rhoE '@Test\b' Tests/ScriptTests | wc -l ;;
    mutations) grep -c '^## ' Scripts/mutations.txt ;;
    public-types) grep -rhE '^public (final |indirect )?(struct|enum|class|protocol|actor|typealias) ' Sources/ReceiptKit | wc -l ;;
    # shellcheck disable=SC1090
    fuzz-targets) (source <(sed -n '/^TARGETS=(/,/)$/p' Scripts/fuzz.sh) && echo "${#TARGETS[@]}") ;;
    *) return 1 ;;
    esac
}

mode=${1:-write}
[[ $mode == write || $mode == check ]] || { echo "figures: usage: figures.sh [check [FILE.md...]]" >&2; exit 2; }
shift $(($# > 0 ? 1 : 0))
files=("$@")
[[ ${#files[@]} -gt 0 ]] || mapfile -t files < <(git ls-files '*.md' 2>/dev/null || find . -name '*.md' -not -path './.build/*')

stale=0
for file in "${files[@]}"; do
    grep -q -- '<!-- figure: ' "$file" || continue
    text=$(< "$file")
    out=""
    # Each mark in turn: the text before it ends with the number it keeps.
    while [[ $text =~ ^(.*[^0-9,]|)([0-9][0-9,]*)'<!-- figure: '([a-z-]+)' -->' ]]; do
        before=${BASH_REMATCH[1]} stated=${BASH_REMATCH[2]} name=${BASH_REMATCH[3]}
        after=${text:${#BASH_REMATCH[0]}}
        actual=$(figure "$name") || { echo "figures: $file: no figure named '$name'" >&2; exit 2; }
        actual=$((actual))
        if [[ ${stated//,/} != "$actual" ]]; then
            echo "figures: $file: $name is $actual, the text says $stated"
            stale=$((stale + 1))
        fi
        out="$actual<!-- figure: $name -->$after$out"
        text=$before
    done
    if [[ $mode == write ]]; then
        printf '%s\n' "$text$out" > "$file"
    fi
done
# A count of what these figures count, stated without its mark, would drift unseen (CHANGELOG.md records
# what was true at each release, so it keeps its numbers).
if [[ $mode == check ]]; then
    for file in "${files[@]}"; do
        [[ $(basename "$file") != CHANGELOG.md ]] || continue
        while IFS= read -r line; do
            echo "figures: $file: a count without its mark (N<!-- figure: NAME -->): $line"
            stale=$((stale + 1))
        done < <(grep -nE '\b[0-9][0-9,]* (tests|mutations|mutation blocks|public types|fuzz targets)\b' "$file" || true)
    done
fi
if [[ $mode == check && $stale -gt 0 ]]; then
    echo "figures: $stale to mend (make figures rewrites the marked ones)" >&2
    exit 1
fi
exit 0
