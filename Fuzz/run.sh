#!/usr/bin/env bash
# Runs one libFuzzer target: Fuzz/run.sh manifest|plist|payload|registration|catalog|lsp [seconds] [extra libFuzzer flags…]
# The corpus grows in .build/fuzz/corpus-<target>, seeded from the test fixtures, the examples and ../shared;
# crashes, leaks and timeouts are written to Fuzz/findings/<target>/ to become regression fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: Fuzz/run.sh manifest|plist|payload|registration|catalog|lsp [seconds]}
seconds=${2:-60}
shift $(( $# > 1 ? 2 : 1 ))
out=.build/fuzz
binary=$out/fuzz
[ -x "$binary" ] || Fuzz/build.sh
corpus=$out/corpus-$target
findings=Fuzz/findings/$target
mkdir -p "$corpus" "$findings"
seed() { while IFS= read -r -d '' file; do cp "$file" "$corpus/seed-$(basename "$(dirname "$file")")-$(basename "$file")"; done; }
case $target in
    manifest) find manifests Tests/ManifestCompilerTests/Fixtures -name '*.notif' -print0 | seed ;;
    plist)
        find Tests/ManifestCompilerTests/Fixtures -name '*.plist' -print0 | seed
        find Fuzz/Seeds/plist -type f -print0 | seed
        [ -d ../shared/corpus/plists ] && find ../shared/corpus/plists -name '*.plist' -print0 | seed ;;
    payload) find Tests/ManifestCompilerTests/Fixtures -name '*.json' -size -64k -print0 | seed ;;
    registration)
        find Tests/ManifestCompilerTests/Fixtures/registration \( -name '*.swift' -o -name '*.m' \) -print0 | seed
        [ -d ../shared/corpus/registrations ] && find ../shared/corpus/registrations \( -name '*.swift' -o -name '*.m' -o -name '*.h' \) -print0 | seed ;;
    catalog)
        find Tests/ManifestCompilerTests/Fixtures \( -name '*.xcstrings' -o -name '*.strings' \) -size -64k -print0 | seed
        [ -d ../shared/corpus/xcstrings ] && find ../shared/corpus/xcstrings -name '*.xcstrings' -size -64k -print0 | seed ;;
    lsp) find Fuzz/Seeds/lsp -type f -print0 | seed ;;
esac
NOTIFC_FUZZ_TARGET=$target exec "$binary" "$corpus" -dict="Fuzz/Dictionaries/$target.dict" -max_total_time="$seconds" -max_len=65536 \
    -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1 "$@"
