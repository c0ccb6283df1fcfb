# Benchmark: ecsched generate (quadratic in the tasks: one draw per pair)
# and ecsched info (reader + critical path) on large graphs.
: "${ECSCHED:=bin/ecsched}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
printf '%-40s %10s %8s %8s\n' "case" "edges" "gen ms" "info ms"
for n in 1000 5000 20000; do
  for m in sameprob layered; do
    t0=$(date +%s%N)
    "$ECSCHED" generate --tasks $n --seed 1 --method $m --avg-preds 8 -o "$tmp/g.stg" >/dev/null
    tg=$(ms "$t0")
    t0=$(date +%s%N)
    edges=$("$ECSCHED" info --json "$tmp/g.stg" | sed -n 's/^ *"edges": \([0-9]*\),$/\1/p')
    ti=$(ms "$t0")
    printf '%-40s %10s %8s %8s\n' "$m, $n tasks, 8 preds on average" "$edges" "$tg" "$ti"
  done
done
if [ -n "${ECSCHED_SHARED_DATA:-}" ] && [ -d "$ECSCHED_SHARED_DATA/stg" ]; then
  files=$(find "$ECSCHED_SHARED_DATA/stg" -type f -name '*.stg' ! -path '*/headerless/*' | sort)
  nfiles=$(echo "$files" | wc -l)
  t0=$(date +%s%N)
  # shellcheck disable=SC2086
  "$ECSCHED" info $files >/dev/null
  printf '%-40s %10s %8s %8s\n' "info on all $nfiles shared .stg files" "" "" "$(ms "$t0")"
fi
