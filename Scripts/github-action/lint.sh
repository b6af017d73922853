#!/usr/bin/env bash
# The composite action's lint step (action.yml): runs `notifc lint --diagnostics-format github` on the action's
# `paths` input, one path or bash glob (`**` included) per line, so paths may hold spaces; a glob that matches
# nothing is passed as written, so that notifc reports it. `args` is split on spaces. An error that is not a
# diagnostic (a path that cannot be read, a wrong option) becomes an annotation too.
# Environment: NOTIFC (the binary), NOTIFC_PATHS, NOTIFC_ARGS.
# Written for bash 3.2 too (macOS's /bin/bash), where `**` is `*`.
set -o pipefail
shopt -s globstar 2>/dev/null || true
paths=()
while IFS= read -r line; do
    line=${line%$'\r'}
    line=${line#"${line%%[![:space:]]*}"}   # leading blanks
    line=${line%"${line##*[![:space:]]}"}   # trailing blanks
    [ -n "$line" ] || continue
    matches=()
    if [[ $line == *[\*\?\[]* ]]; then
        while IFS= read -r -d '' match; do matches+=("$match"); done < <(compgen -G "$line" | tr '\n' '\0')
    fi
    if [ ${#matches[@]} -eq 0 ]; then paths+=("$line"); else paths+=("${matches[@]}"); fi
done <<< "${NOTIFC_PATHS:-.}"
[ ${#paths[@]} -gt 0 ] || paths=(.)
# Before paths were one per line, they were separated by spaces: read such a line as before, with a warning.
if [ ${#paths[@]} -eq 1 ] && [ ! -e "${paths[0]}" ] && [[ ${paths[0]} == *" "* ]] && [[ ${paths[0]} != *[\*\?\[]* ]]; then
    read -r -a words <<< "${paths[0]}"
    all_exist=1
    for word in "${words[@]}"; do [ -e "$word" ] || all_exist=0; done
    if [ "$all_exist" = 1 ]; then
        printf '::warning title=notifc::paths are one per line now; "%s" was read as %d paths\n' "${paths[0]}" "${#words[@]}"
        paths=("${words[@]}")
    fi
fi
read -r -d '' -a args <<< "${NOTIFC_ARGS:-}" || true   # every line of it
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
status=0
"$NOTIFC" lint --diagnostics-format github ${args[@]+"${args[@]}"} -- "${paths[@]}" 2> "$errors" || status=$?
cat "$errors" >&2
if [ "$status" -ge 64 ]; then   # usage (64) or I/O (74) errors: plain text on stderr, not annotations
    grep -E '^(notifc: )?error: ' "$errors" | while IFS= read -r message; do
        message=${message//'%'/'%25'}
        message=${message//$'\r'/'%0D'}
        printf '::error title=notifc::%s\n' "$message"
    done
fi
exit "$status"
