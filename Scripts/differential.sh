#!/usr/bin/env bash
# Differential check of two notifc binaries: proves a refactor changed nothing observable.
#
#   Scripts/differential.sh OLD_NOTIFC NEW_NOTIFC [--mutations N] [--seed S] [--work DIR]
#
# Runs both binaries on the same inputs (from the repo root, stdin from /dev/null), each in its own fresh
# output directory, and compares exit status, stdout, stderr (each side's output directory path replaced by
# <OUT>) and every written file (diff -r). Prints one line per group, the command and a short diff for each
# difference, and a final line `differential: N runs, M differences`; exits 1 when M > 0. Deterministic for
# a given seed. See Scripts/README.md.
set -euo pipefail

usage() {
    echo "usage: $0 OLD_NOTIFC NEW_NOTIFC [--mutations N] [--seed S] [--work DIR]" >&2
    exit 2
}

[ $# -ge 2 ] || usage
absolute() { # an executable's absolute path (a bare name is looked up on PATH)
    local path=$1
    if [[ $path != */* ]]; then path=$(command -v -- "$path") || { echo "error: not found: $1" >&2; exit 2; }; fi
    [ -x "$path" ] && [ -f "$path" ] || { echo "error: not an executable file: $1" >&2; exit 2; }
    echo "$(cd "$(dirname "$path")" && pwd -P)/$(basename "$path")"
}
OLD=$(absolute "$1")
NEW=$(absolute "$2")
shift 2
MUTATIONS=300
SEED=1
WORK=
while [ $# -gt 0 ]; do
    case $1 in
        --mutations) [ $# -ge 2 ] || usage; MUTATIONS=$2; shift 2 ;;
        --seed) [ $# -ge 2 ] || usage; SEED=$2; shift 2 ;;
        --work) [ $# -ge 2 ] || usage; WORK=$2; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) usage ;;
    esac
done
[[ $MUTATIONS =~ ^[0-9]+$ ]] || { echo "error: --mutations takes a number" >&2; exit 2; }
[[ $SEED =~ ^-?[0-9]+$ ]] || { echo "error: --seed takes an integer" >&2; exit 2; }

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
ulimit -c 0 2>/dev/null || true # a crashing binary leaves no core file in the repo
cd "$ROOT"
FIXTURES=Tests/ManifestCompilerTests/Fixtures
CORPUS=/work/shared/corpus

KEEP_WORK=1
if [ -z "$WORK" ]; then
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/differential.XXXXXX")
    KEEP_WORK=0
fi
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd -P)
rm -rf "$WORK/out-old" "$WORK/out-new" "$WORK/mutations" "$WORK/generated"
mkdir -p "$WORK/mutations" "$WORK/generated"
OUT_OLD=$WORK/out-old
OUT_NEW=$WORK/out-new
sed_escape() { printf '%s' "$1" | sed 's/[][\.*^$/|&]/\\&/g'; }
NORM_OLD="s|$(sed_escape "$OUT_OLD")|<OUT>|g"
NORM_NEW="s|$(sed_escape "$OUT_NEW")|<OUT>|g"

TOTAL_RUNS=0
TOTAL_DIFFS=0
GROUP_RUNS=0
GROUP_DIFFS=0
GROUP=

begin_group() { GROUP=$1; GROUP_RUNS=0; GROUP_DIFFS=0; }
end_group() {
    echo "$GROUP: $GROUP_RUNS runs, $GROUP_DIFFS differences"
    TOTAL_RUNS=$((TOTAL_RUNS + GROUP_RUNS))
    TOTAL_DIFFS=$((TOTAL_DIFFS + GROUP_DIFFS))
}

# Lists files under a folder, NUL-separated, sorted bytewise (paths may hold spaces): files DIR FIND-TESTS...
files() {
    local dir=$1
    shift
    [ -d "$dir" ] || return 0
    find "$dir" -path '*/.build' -prune -o -type f \( "$@" \) -print0 | LC_ALL=C sort -z
}

# Runs one binary: invoke BINARY OUT_DIR PREFIX ARGS... (an argument's @OUT@ becomes OUT_DIR).
invoke() {
    local binary=$1 out=$2 prefix=$3
    shift 3
    local args=() argument status=0
    for argument in "$@"; do args+=("${argument//@OUT@/$out}"); done
    rm -rf "$out"
    mkdir "$out"
    timeout 120 "$binary" ${args[@]+"${args[@]}"} </dev/null >"$prefix.stdout" 2>"$prefix.stderr" || status=$?
    echo "$status" >"$prefix.status"
}

# Compares a stream of both sides (raw first; normalised only when the raw bytes differ).
same_stream() {
    local stream=$1
    cmp -s "$WORK/old.$stream" "$WORK/new.$stream" && return 0
    sed "$NORM_OLD" "$WORK/old.$stream" >"$WORK/old.$stream.norm"
    sed "$NORM_NEW" "$WORK/new.$stream" >"$WORK/new.$stream.norm"
    cmp -s "$WORK/old.$stream.norm" "$WORK/new.$stream.norm"
}

indent() { sed 's/^/    /'; }

# One comparison: check ARGS... (use @OUT@ for the output directory).
check() {
    GROUP_RUNS=$((GROUP_RUNS + 1))
    invoke "$OLD" "$OUT_OLD" "$WORK/old" "$@"
    invoke "$NEW" "$OUT_NEW" "$WORK/new" "$@"
    local report=()
    local old_status new_status
    old_status=$(<"$WORK/old.status")
    new_status=$(<"$WORK/new.status")
    [ "$old_status" = "$new_status" ] || report+=("status")
    same_stream stdout || report+=("stdout")
    same_stream stderr || report+=("stderr")
    diff -r "$OUT_OLD" "$OUT_NEW" >"$WORK/files.diff" 2>&1 || report+=("files")
    [ ${#report[@]} -eq 0 ] && return 0

    GROUP_DIFFS=$((GROUP_DIFFS + 1))
    local shown=notifc argument
    for argument in "$@"; do
        argument=${argument//@OUT@/<OUT>}
        if [[ $argument =~ ^[][A-Za-z0-9_./,:=@%+\<\>-]+$ ]]; then shown+=" $argument"; else shown+=" $(printf '%q' "$argument")"; fi
    done
    echo "DIFFERENCE [$GROUP] $shown"
    local part
    for part in "${report[@]}"; do
        case $part in
            status) echo "  exit status: old $old_status, new $new_status" ;;
            stdout|stderr)
                echo "  $part:"
                { diff -u --label old --label new "$WORK/old.$part.norm" "$WORK/new.$part.norm" || true; } \
                    | head -n 12 | cat -v | indent ;;
            files)
                echo "  written files:"
                { diff -r -u "$OUT_OLD" "$OUT_NEW" 2>&1 || true; } \
                    | sed -E "$NORM_OLD;$NORM_NEW;s/^((---|\+\+\+) [^\t]*)\t.*/\1/" \
                    | head -n 12 | cat -v | indent ;;
        esac
    done
}

BUILD=(build --emit plist,json,swift --output @OUT@)

# ---------------------------------------------------------------------------------------------- 1. help
begin_group help
subcommands=()
while IFS= read -r subcommand; do subcommands+=("$subcommand"); done < <(
    "$OLD" --help 2>/dev/null </dev/null | awk '
        /^SUBCOMMANDS:/ { inside = 1; next }
        /^[A-Z]/ { inside = 0 }
        inside && /^  [a-z][a-z0-9-]* / { print $1 }' || true)
[ ${#subcommands[@]} -gt 0 ] || subcommands=(build lint fmt diff import check-payload)
check --help
check -h
check help
check --version
check frobnicate
check
check help frobnicate
check help --help
for subcommand in "${subcommands[@]}"; do
    check "$subcommand" --help
    check "$subcommand" -h
    check help "$subcommand"
    check "$subcommand"
    check "$subcommand" --no-such-option
done
end_group

# ------------------------------------------------------------------------------------------ 2. examples
begin_group examples
examples=()
while IFS= read -r -d '' file; do examples+=("$file"); done < <(files manifests -name '*.notif')
while IFS= read -r -d '' file; do examples+=("$file"); done < <(files Examples -name '*.notif')
for dir in "$FIXTURES"/valid/*/; do
    [ -d "$dir" ] && examples+=("${dir%/}")
done
while IFS= read -r -d '' file; do examples+=("$file"); done < <(files "$FIXTURES/examples" -name '*.notif')
for manifest in "${examples[@]}"; do
    check "${BUILD[@]}" "$manifest"
    check lint "$manifest"
    check fmt "$manifest"
    check fmt --check "$manifest"
done
end_group

# ------------------------------------------------------------------------------------------ 3. fixtures
begin_group fixtures
fixtures=()
while IFS= read -r -d '' file; do fixtures+=("$file"); done < <(files "$FIXTURES" -name '*.notif')
for dir in "$FIXTURES"/invalid/*/; do # manifests split over several files
    [ -d "$dir" ] && fixtures+=("${dir%/}")
done
for manifest in "${fixtures[@]}"; do
    for format in text json sarif github; do
        check lint --diagnostics-format "$format" "$manifest"
    done
    check "${BUILD[@]}" "$manifest"
    check fmt "$manifest"
done

# check-payload: PAYLOADS... MANIFEST (payloads are the inputs ending in .json or .apns)
payloads=()
while IFS= read -r -d '' file; do payloads+=("$file"); done < <(files "$FIXTURES/payloads" -name '*.json' -o -name '*.apns')
for payload in "${payloads[@]}"; do
    check check-payload "$payload" manifests/messaging.notif
    check check-payload --diagnostics-format json "$payload" manifests/messaging.notif
done
if [ ${#payloads[@]} -gt 0 ]; then
    check check-payload "${payloads[@]}" manifests/messaging.notif
    check check-payload --voip --diagnostics-format sarif "${payloads[@]}" manifests/messaging.notif
fi

# diff: each fixture against the next (sorted), both output formats, and each example against its bundle.
pairs=()
while IFS= read -r -d '' file; do pairs+=("$file"); done < <(files manifests -name '*.notif')
pairs+=("${fixtures[@]}")
for ((i = 0; i + 1 < ${#pairs[@]}; i++)); do
    check diff "${pairs[i]}" "${pairs[i + 1]}"
    check diff --format json "${pairs[i]}" "${pairs[i + 1]}"
done
check diff manifests/messaging.notif manifests/messaging.notif
check diff --fail-on cosmetic manifests/messaging.notif manifests/bills.notif
for manifest in manifests/*.notif; do
    name=$(basename "$manifest" .notif)
    bundle=$FIXTURES/examples/$name/notifications.json
    [ -f "$bundle" ] || continue
    check diff "$bundle" "$manifest"
    check diff --format json "$manifest" "$bundle"
done

# import: the import fixture as the tests run it, its parts one by one, and every plist fixture.
project=$FIXTURES/import/project
if [ -d "$project" ]; then
    check import "$project/NotificationContent/Info.plist" "$project/Sources" "$project/notifications.json"
    check import "$project"
    check import --diagnostics-format json "$project" --output @OUT@/imported.notif
    while IFS= read -r -d '' file; do check import "$file"; done < <(files "$project" -name '*.plist' -o -name '*.json')
fi
while IFS= read -r -d '' file; do
    check import "$file"
    check lint "$file"
done < <(files "$FIXTURES/plists" -name '*.plist'; files "$FIXTURES/fuzz" -name '*.plist')
for dir in "$FIXTURES"/examples/*/; do
    [ -d "$dir" ] && check import "${dir%/}"
done
end_group

# -------------------------------------------------------------------------------------------- 4. corpus
begin_group corpus
if [ -d "$CORPUS" ]; then
    while IFS= read -r -d '' file; do
        check lint "$file"
        check import "$file"
    done < <(files "$CORPUS" -name '*Info.plist')
    end_group
else
    echo "corpus: skipped ($CORPUS is missing)"
fi

# ----------------------------------------------------------------------------------------- 5. generated
# The repo's generator (`notifc-bench generate`) when it was built next to OLD; otherwise the same text
# written here (a copy of Benchmarks/Sources/ManifestGenerator: the same arguments give the same bytes).
generate() {
    local count=$1 target=$2 bench
    bench=$(dirname "$OLD")/notifc-bench
    if [ -x "$bench" ] && "$bench" generate --categories "$count" >"$target" 2>/dev/null </dev/null && [ -s "$target" ]; then
        GENERATOR="notifc-bench generate"
        return
    fi
    GENERATOR="built-in copy of ManifestGenerator"
    python3 - "$count" "$target" <<'PYTHON'
import sys

count, target = int(sys.argv[1]), sys.argv[2]
parts = [f"// Generated by ManifestGenerator: {count} categories, 3 actions each.\n"]
for i in range(count):
    parts.append(
        f"\naction a{i}_open {{\n    title: \"Open item {i}\"\n    options: [foreground]\n}}\n"
        f"\ntextInputAction a{i}_reply {{\n    title: \"Reply to {i}\"\n    buttonTitle: \"Send\"\n"
        f"    placeholder: \"Write a reply\u2026\"\n")
    if i % 2 == 0:
        parts.append("    icon: systemImage(\"arrowshape.turn.up.left\")\n")
    parts.append(
        f"}}\n\naction a{i}_delete {{\n    title: \"Delete {i}\"\n    options: [destructive, authenticationRequired]\n}}\n"
        f"\ncategory \"com.example.category.{i}\" {{\n    actions: [a{i}_open, a{i}_reply, a{i}_delete]\n"
        f"    options: [customDismissAction]\n")
    if i % 3 == 0:
        parts.append("    hiddenPreviewsBodyPlaceholder: \"%u new items\"\n")
    if i % 4 == 0:
        parts.append(f"    categorySummaryFormat: \"%u more from item {i}\"\n")
    parts.append("}\n")
extensions = 10
group_size = max(1, (count + extensions - 1) // extensions)
group = start = 0
while start < count:
    end = min(count, start + group_size)
    names = ", ".join(f"\"com.example.category.{j}\"" for j in range(start, end))
    parts.append(
        f"\ncontentExtension Content{group} {{\n    categories: [{names}]\n"
        f"    initialContentSizeRatio: 0.{5 + group % 4}\n    storyboard: \"MainInterface\"\n}}\n")
    group += 1
    start = end
parts.append("\nserviceExtension Enricher {\n    principalClass: \"$(PRODUCT_MODULE_NAME).NotificationService\"\n}\n")
with open(target, "w", encoding="utf-8", newline="\n") as out:
    out.write("".join(parts))
PYTHON
}

begin_group generated
for count in 1000 10000; do
    manifest=$WORK/generated/categories-$count.notif
    generate "$count" "$manifest"
    check "${BUILD[@]}" "$manifest"
    check lint "$manifest"
    check fmt --check "$manifest"
done
echo "  (generated with the $GENERATOR)"
end_group

# ----------------------------------------------------------------------------------------- 6. mutations
begin_group mutations
sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done < <(
    files manifests -name '*.notif'
    files Examples -name '*.notif'
    files "$FIXTURES/valid" -name '*.notif')
if [ "$MUTATIONS" -gt 0 ] && [ ${#sources[@]} -gt 0 ]; then
    python3 - "$SEED" "$MUTATIONS" "$WORK/mutations" "${sources[@]}" >"$WORK/mutations/index.txt" <<'PYTHON'
import re
import sys

seed, count, folder, sources = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4:]
rng = __import__("random").Random(seed)
texts = [open(path, "rb").read() for path in sources]
tokens = [b"{", b"}", b"[", b"]", b"(", b")", b":", b",", b'"', b"//", b"\n",
          b"action", b"category", b"title", b"options", b"foreground"]
identifier = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
letters = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
kinds = ["delete-line", "duplicate-line", "swap-lines", "insert-byte", "insert-token", "truncate", "identifier"]

for number in range(1, count + 1):
    index = rng.randrange(len(sources))
    data = texts[index]
    kind = rng.choice(kinds)
    lines = data.splitlines(keepends=True) or [b""]
    if kind == "delete-line":
        at = rng.randrange(len(lines))
        data = b"".join(lines[:at] + lines[at + 1:])
    elif kind == "duplicate-line":
        at = rng.randrange(len(lines))
        data = b"".join(lines[:at + 1] + [lines[at]] + lines[at + 1:])
    elif kind == "swap-lines":
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
        data = b"".join(lines)
    elif kind == "insert-byte":
        at = rng.randrange(len(data) + 1)
        data = data[:at] + bytes([rng.randrange(256)]) + data[at:]
    elif kind == "insert-token":
        at = rng.randrange(len(data) + 1)
        data = data[:at] + rng.choice(tokens) + data[at:]
    elif kind == "truncate":
        data = data[:rng.randrange(len(data) + 1)]
    else:
        names = list(identifier.finditer(data))
        if names:
            name = rng.choice(names)
            at = name.start() + rng.randrange(name.end() - name.start())
            data = data[:at] + bytes([rng.choice(letters)]) + data[at + 1:]
    path = f"{folder}/mutation-{number:04d}.notif"
    with open(path, "wb") as out:
        out.write(data)
    print(f"{path}\t{kind}\t{sources[index]}")
PYTHON
    while IFS=$'\t' read -r manifest _ _; do
        check "${BUILD[@]}" "$manifest"
        check lint "$manifest"
        check fmt "$manifest"
    done <"$WORK/mutations/index.txt"
fi
end_group

# ------------------------------------------------------------------------------------------------- end
echo "differential: $TOTAL_RUNS runs, $TOTAL_DIFFS differences"
rm -rf "$OUT_OLD" "$OUT_NEW"
if [ "$TOTAL_DIFFS" -gt 0 ]; then
    echo "(inputs and outputs kept in $WORK; mutations listed in $WORK/mutations/index.txt)"
    exit 1
fi
[ "$KEEP_WORK" = 1 ] || rm -rf "$WORK"
exit 0
