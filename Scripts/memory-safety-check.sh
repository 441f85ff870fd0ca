#!/usr/bin/env bash
# make memory-safety: builds the package's products with strict memory safety checking (SE-0458,
# -strict-memory-safety) and fails when any unsafe construct is used outside the walls around C, which are
# these folders and no other of the same name: ReceiptKit's OpenSSL/ and Curl/ (its libcurl transport),
# ReceiptKitTesting's OpenSSL/ (the minting's), the ReceiptSystem target (Sources/ReceiptSystem/: the C
# library's descriptors, files, the clock, malloc_trim and the bench's child processes), the ReceiptFastCGI
# target (Sources/ReceiptFastCGI/: libfcgi, the service's threads and signals), the ReceiptSQLite and
# ReceiptPostgres targets (libsqlite3 and libpq, the notification store's), and ReceiptKit's
# Bytes/ (the parsers' few byte loops over buffers: base64 and base64url quads, eight-byte words), which
# calls no C. An `unsafe` mark outside them is one too: it is looked for in the code alone, outside comments
# and string literals (Scripts/swift-code.awk). Paths are compared as the file system resolves them, so a
# package reached through a symbolic link is judged as the compiler names its files.
# Prints the diagnostics per folder (target/top folder), and each one outside a wall.
#
#   Scripts/memory-safety-check.sh [--target T | --product P]   (default: every product, the bench included)
#   Scripts/memory-safety-check.sh --with-build COMMAND...       COMMAND (the ordinary build), then the check
#   Scripts/memory-safety-check.sh --planted                     the gate shown failing on planted faults
#
# Its own scratch path (.build/memory-safety) keeps the flag out of the ordinary build; the checked modules'
# objects are removed first, since a module not recompiled would not show its warnings again.
# --with-build runs the ordinary build first (CI's build stage): the manifest turns strict memory safety on
# in every target, so a build in which none of the checked modules was built before prints every
# diagnostic, and the check reads them there instead of building again. When any of them was built before,
# its files may not be compiled again and their diagnostics would be missing: the check then builds in its
# own scratch path as without the option.
set -uo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
scratch=${MEMORY_SAFETY_SCRATCH:-.build/memory-safety}

if [ "${1:-}" = --planted ]; then
    # The planted faults are make gate-check's memory stage (Scripts/gate-check/planted-memory.sh).
    exec bash Scripts/gate-check.sh memory
fi

log=$(mktemp "${TMPDIR:-/tmp}/memory-safety-log.XXXXXX")
trap 'rm -f "$log"' EXIT
build_status=0
# The modules of Sources/ (a target's module is its name with - as _).
mapfile -t modules < <(git ls-files -- 'Sources/*.swift' | sed -E 's#^Sources/([^/]+)/.*#\1#; s/-/_/g' | sort -u)
fresh=no
if [ "${1:-}" = --with-build ]; then
    shift
    [ $# -gt 0 ] || { echo "memory-safety: --with-build needs the build command" >&2; exit 64; }
    # Whether the build is the first is judged by .build, the default scratch path.
    case " $* " in *" --scratch-path"* | *" --build-path"*)
        echo "memory-safety: --with-build judges .build; the command must not name a scratch path: $*" >&2
        exit 64
        ;;
    esac
    fresh=yes
    for module in "${modules[@]}"; do
        if compgen -G ".build/*/debug/$module.build" >/dev/null; then
            fresh=no
            echo "memory-safety: $module was built before this build, whose output then lacks its diagnostics:" \
                "checking in a build of its own ($scratch)"
            break
        fi
    done
    status=0
    "$@" 2>&1 | tee "$log" || status=$?
    # The build's own status, whatever the check finds.
    [ "$status" = 0 ] || exit "$status"
    set -- 
fi
if [ $fresh = no ]; then
    selection=("$@")
    for module in "${modules[@]}"; do
        # Every file but the output file map, which SwiftPM writes only when it plans the build anew: without
        # it a second run with no change to the package failed before compiling.
        find "$scratch/debug/$module.build" "$scratch"/*/debug/"$module".build -type f ! -name output-file-map.json \
            -delete 2>/dev/null || true
    done
    "$swift" build --scratch-path "$scratch" "${selection[@]}" -Xswiftc -strict-memory-safety >"$log" 2>&1 ||
        build_status=$?
fi

# The package's real path: the compiler names files by theirs.
root=$(pwd -P)/
walls='^Sources/ReceiptKit/(OpenSSL|Curl|Bytes)/|^Sources/ReceiptKitTesting/OpenSSL/|^Sources/ReceiptSystem/|^Sources/ReceiptFastCGI/|^Sources/ReceiptSQLite/|^Sources/ReceiptPostgres/'
# One line per diagnostic place (a construct is reported once, whichever frontend printed it), in the
# package's products (Sources/; the tests' own support target is not one), each file by its real path.
places=$(grep -E '^/[^:]+:[0-9]+:[0-9]+: (warning|error): .*\[#StrictMemorySafety\]' "$log" |
    sed -E 's/^([^:]+:[0-9]+:[0-9]+):.*/\1/' | sort -u | while IFS= read -r place; do
        file=${place%%:*}
        real=$(realpath -m -- "$file")
        [[ $real != "$root"* ]] || printf '%s%s\n' "${real#"$root"}" "${place#"$file"}"
    done | grep '^Sources/' | sort -u)
outside=$(printf '%s\n' "$places" | grep -vE "$walls" | grep -v '^$')

# An `unsafe` (or `@unsafe`, `@safe`) outside the walls silences the compiler where no wall type vouches for
# the use: each is listed as one. Read in the code alone: a word in a comment or a string is none, and a //
# inside a string cuts nothing. A file whose literals cannot be told from its code fails the check.
mapfile -t unwalled < <(git ls-files -- 'Sources/*.swift' | grep -vE "$walls")
code=""
if [ ${#unwalled[@]} -gt 0 ] && ! code=$(awk -f Scripts/swift-code.awk "${unwalled[@]}"); then
    echo "memory-safety: FAIL: the sources outside the walls could not be read (Scripts/swift-code.awk)"
    exit 1
fi
marked=$(
    grep -v '^ERROR ' <<<"$code" | grep -E '^[^:]+:[0-9]+:.*(^|[^A-Za-z0-9_."-])(@unsafe|@safe|unsafe)([[:space:]]|$)' |
        sed -E 's/^([^:]+:[0-9]+):.*/\1 (marked unsafe outside a wall)/'
    grep '^ERROR ' <<<"$code" | sed -E 's/^ERROR (.*)$/\1 (literals not told from code)/'
)
if [ -n "$marked" ]; then
    outside=$(printf '%s\n%s\n' "$outside" "$marked" | grep -v '^$')
fi

echo "strict memory safety diagnostics per folder (target/folder):"
if [ -z "$places" ]; then
    echo "    none"
else
    printf '%s\n' "$places" | sed -E 's#^Sources/([^/]+)/([^/]+)/.*#\1/\2#; s#^Sources/([^/]+)/[^/]+$#\1#' |
        sort | uniq -c | sort -rn | sed 's/^/    /'
fi

other=$(grep -E '^/[^:]+:[0-9]+:[0-9]+: error: ' "$log" | grep -v '\[#StrictMemorySafety\]' | sort -u)
if [ -n "$other" ]; then
    echo "memory-safety: FAIL: the build failed for another reason:"
    printf '%s\n' "$other" | head -n 20
    exit 1
fi
if [ "$build_status" != 0 ] && [ -z "$places" ]; then
    echo "memory-safety: FAIL: the build failed before any diagnostic:"
    tail -n 30 "$log"
    exit 1
fi
if [ -n "$outside" ]; then
    echo "memory-safety: FAIL: $(printf '%s\n' "$outside" | wc -l) unsafe uses outside ReceiptKit's OpenSSL/, Curl/ and Bytes/," \
        "ReceiptKitTesting's OpenSSL/, ReceiptSystem, ReceiptFastCGI, ReceiptSQLite and ReceiptPostgres (mark" \
        "them only inside a wall type, with why they are sound; ARCHITECTURE.md, \"The wall around C\"):"
    printf '%s\n' "$outside" | sed 's/^/    /'
    exit 1
fi
if [ "$build_status" != 0 ]; then
    echo "memory-safety: the build failed:"
    tail -n 30 "$log"
    exit 1
fi
echo "memory-safety: OK: $(printf '%s\n' "$places" | grep -c .) diagnostics, all inside ReceiptKit's OpenSSL/, Curl/ and Bytes/," \
    "ReceiptKitTesting's OpenSSL/, ReceiptSystem, ReceiptFastCGI, ReceiptSQLite and ReceiptPostgres"
