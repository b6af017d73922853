#!/usr/bin/env bash
# The composite action's first step (action.yml): a key for the cache of notifc's build, from its sources, written
# to $GITHUB_OUTPUT as `hash=…`, and NOTIFC_HOME (this checkout, as the job sees it, also inside a container) to
# $GITHUB_ENV for the steps after it. Runs on Linux and macOS runners (macOS has shasum but no sha256sum).
set -euo pipefail
home=$(cd "$(dirname "$0")/../.." && pwd)
cd "$home"
if command -v sha256sum >/dev/null; then digest=(sha256sum); else digest=(shasum -a 256); fi
sum=$(find Package.swift Sources -type f -print0 | LC_ALL=C sort -z | xargs -0 cat | "${digest[@]}" | cut -c1-16)
[ ${#sum} -eq 16 ] || { echo "::error title=notifc::cannot hash notifc's sources" >&2; exit 1; }
echo "hash=$sum" >> "$GITHUB_OUTPUT"
echo "NOTIFC_HOME=$home" >> "$GITHUB_ENV"
