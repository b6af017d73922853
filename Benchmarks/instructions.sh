#!/usr/bin/env bash
# Counts the instructions of whole-process `notifc build` runs with callgrind: exact and repeatable, unlike wall
# time on a shared machine. Benchmarks/instructions.sh [sizes, default 1000,10000] [--keep DIR]
# Prints one line per size; with --keep, leaves callgrind.out.<size> in DIR for `callgrind_annotate --inclusive=yes`.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${1:-1000,10000}
keep=""
if [ "${2:-}" = "--keep" ]; then keep=${3:?--keep needs a directory}; mkdir -p "$keep"; fi
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 69; }
for product in notifc notifc-bench; do swift build -c release --product "$product" >/dev/null; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for size in ${sizes//,/ }; do
    .build/release/notifc-bench generate --categories "$size" > "$work/big.notif"
    out=${keep:+$keep/callgrind.out.$size}
    out=${out:-$work/callgrind.out}
    valgrind --tool=callgrind --callgrind-out-file="$out" \
        .build/release/notifc build "$work/big.notif" --output "$work/out-$size" 2> "$work/valgrind.log"
    total=$(grep -E 'Collected|I +refs' "$work/valgrind.log" | tail -1 | sed -E 's/.*: *//')
    bytes=$(wc -c < "$work/big.notif" | tr -d ' ')
    printf '%s categories (%s bytes): %s instructions, %s per input byte\n' "$size" "$bytes" "$total" \
        "$(( ${total//,/} / bytes ))"
done
