#!/usr/bin/env bash
# Builds release binaries and runs the benchmark: Benchmarks/run.sh [--static-swift-stdlib] [--sizes 1000,10000,50000] [--runs 5]
# With --static-swift-stdlib every binary (notifc and the empty program it is compared with) links the Swift runtime
# statically, as a Linux release binary is shipped; it is built in .build/static so the usual build is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
build=(swift build -c release)
if [ "${1:-}" = "--static-swift-stdlib" ]; then
    build+=(--static-swift-stdlib --scratch-path .build/static)
    shift
fi
for product in notifc EmptyProgram ProcessMeter PlainLowerBound notifc-bench; do
    "${build[@]}" --product "$product" >/dev/null
done
exec "$("${build[@]}" --show-bin-path)/notifc-bench" "$@"
