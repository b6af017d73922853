#!/usr/bin/env bash
# Builds release binaries and runs the benchmark: Benchmarks/run.sh [--sizes 1000,10000,50000] [--runs 5]
set -euo pipefail
cd "$(dirname "$0")/.."
for product in notifc EmptyProgram ProcessMeter notifc-bench; do
    swift build -c release --product "$product" >/dev/null
done
exec .build/release/notifc-bench "$@"
