#!/bin/sh
# BENCH=cawosched_remap make bench: mapping and scheduling together in
# CaWoSched's model (ecsched solve --remap; docs/cawosched.md "Choosing the
# mapping") on CaWoSched's shared instances (../shared/data/cawosched),
# against CaWoSched's best variant on its given mapping and ecsched's own
# fixed-mapping result (bench/results/cawosched.csv, bench_cawosched.sh).
# Every schedule is re-checked by tests/cws_eval.py (an evaluator written
# from docs/cawosched.md alone).
#
#   REMAP_SETS      instance sets (default "ilp atacseq1000"; see
#                   bench/cawosched/instances.sh)
#   REMAP_MATCH     only the instances whose name matches this grep pattern
#   REMAP_TIME      seconds per solve (default 10)
#   REMAP_DEADLINE  own (default): the setup's deadline; 2x: twice the
#                   makespan of ecsched's carbon-agnostic list schedule
#                   (remap.h), CWM's setting, the interval bounds scaled by
#                   the same factor (rounded, kept rising), the budgets kept
#   REMAP_FREQS     a frequency set (e.g. 1,0.8,0.6): solve --remap --freqs
#                   as well, the further saving (default: none)
#   CAWOSCHED_BIN   CaWoSched's multi_machine_scheduler built with
#                   bench/cawosched/export.patch (bench_cawosched.sh builds
#                   one in build/cawosched/bin): with REMAP_DEADLINE=2x its
#                   16 variants run on the scaled setup and the given mapping
#                   (its best valid cost is the comparison); at the own
#                   deadline its costs come from REMAP_FIXED_CSV
#   REMAP_FIXED_CSV ecsched's fixed-mapping rows (default
#                   bench/results/cawosched.csv: cws_best_cost, ours)
#   REMAP_CSV       output rows (default bench/results/cawosched_remap.csv);
#                   REMAP_APPEND=1 appends to it (several bounded runs)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
data=${ECSCHED_SHARED_DATA:-$top/../shared/data}/cawosched
if [ ! -d "$data" ]; then
  echo "skipped: $data not found (set ECSCHED_SHARED_DATA)"
  exit 0
fi
sets=${REMAP_SETS:-ilp atacseq1000}
T=${REMAP_TIME:-10}
mode=${REMAP_DEADLINE:-own}
freqs=${REMAP_FREQS:-}
fixed=${REMAP_FIXED_CSV:-bench/results/cawosched.csv}
csv=${REMAP_CSV:-bench/results/cawosched_remap.csv}
cws=${CAWOSCHED_BIN:-}
E=${ECSCHED:-bin/ecsched}
work=build/bench/cws_remap
mkdir -p "$work" bench/results
list=$(mktemp)
trap 'rm -f "$list"' EXIT
# shellcheck disable=SC2086
sh bench/cawosched/instances.sh "$data" $sets > "$list"
if [ -n "${REMAP_MATCH:-}" ]; then
  grep -e "^[^ ]*${REMAP_MATCH}" "$list" > "$list.m"; mv "$list.m" "$list"
fi
[ "${REMAP_APPEND:-0}" = 1 ] && [ -f "$csv" ] ||
  echo "instance,setting,tasks,deadline,cws_best,fixed_ours,given_cost,list_cost,relax_cost,remap_cost,bound,gap,list_makespan,evaluations,accepted,seconds,max_rss_kb,independent,freqs_cost,freqs_independent" > "$csv"

while read -r name dot map setup; do
  tasks=$(grep -c 'weight=' "$data/$dot")
  S=$data/$setup
  cwsbest="" fx=""
  if [ "$mode" = 2x ]; then
    # the carbon-agnostic list schedule's makespan (the search is not needed)
    "$E" heuristic "$data/$dot" --mode local --platform "$S" --remap --time-limit 0.001 --json \
      > "$work/$name.lm.json" 2>/dev/null
    lm=$(jq -r '.remap.list_makespan // empty' "$work/$name.lm.json" 2>/dev/null)
    [ -n "$lm" ] || { echo "$name: no list makespan"; continue; }
    S=$work/$name.2x.input
    awk -v D2=$((2 * lm)) 'NR == 1 { D = $1; print D2; next }
      NR == 7 { for (k = 1; k <= NF; k++) { b = int($k * D2 / D + 0.5); if (k > 1 && b <= prev) b = prev + 1; if (k == NF) b = D2; printf "%s%d", (k > 1 ? " " : ""), b; prev = b } print ""; next }
      { print }' "$data/$setup" > "$S"
    if [ -n "$cws" ]; then
      run=$work/$name.cws2x
      if [ ! -f "$run/done" ]; then
        rm -rf "$run"; mkdir -p "$run"
        CAWOSCHED_EXPORT=$run "$cws" "$data/$dot" "$data/$map" "$S" --no_LS > /dev/null 2>&1
        [ "$tasks" -le 1000 ] && CAWOSCHED_EXPORT=$run "$cws" "$data/$dot" "$data/$map" "$S" > /dev/null 2>&1
        touch "$run/done"
      fi
      cwsbest=$(for f in "$run"/*.sched; do [ -f "$f" ] && awk '/^valid 1/{v=1} /^cost /{c=$2} END{if (v) print c}' "$f"; done | sort -n | head -1)
    fi
  else
    row=$(awk -F, -v n="$name" '$1 == n {print $8 "," $12}' "$fixed")
    cwsbest=${row%,*}
    fx=${row#*,}
  fi
  D=$(sed -n 1p "$S" | tr -d ' \r')
  doc=$work/$name.$mode.json
  /usr/bin/time -f %M -o "$work/rss" nice "$E" solve "$data/$dot" --platform "$S" \
    --mapping "$data/$map" --remap --time-limit "$T" --mapping-out "$work/$name.$mode.map" \
    --json -o "$doc" > /dev/null 2> "$work/$name.err"
  rss=$(tail -1 "$work/rss")
  ind=$(python3 tests/cws_eval.py "$data/$dot" "$S" "$doc" "$work/$name.$mode.map" 2>&1 | cut -d' ' -f1)
  fc="" fi=""
  if [ -n "$freqs" ]; then
    fdoc=$work/$name.$mode.freqs.json
    nice "$E" solve "$data/$dot" --platform "$S" --mapping "$data/$map" --remap \
      --freqs "$freqs" --time-limit "$T" --json -o "$fdoc" > /dev/null 2>&1
    fc=$(jq -r '.cost // empty' "$fdoc" 2>/dev/null)
    fi=$(python3 tests/cws_eval.py "$data/$dot" "$S" "$fdoc" 2>&1 | cut -d' ' -f1)
  fi
  r=$(jq -r '[.remap.given_cost, .remap.list_cost, .remap.relax_cost, .cost, .bound, .gap, .remap.list_makespan, .remap.evaluations, .remap.accepted, .runtime_s] | map(if . == null then "" else tostring end) | join(",")' "$doc" 2>/dev/null)
  [ -n "$r" ] || { echo "$name: solve failed: $(head -1 "$work/$name.err")"; r=",,,,,,,,,"; }
  line="$name,$mode,$tasks,$D,$cwsbest,$fx,$r,$rss,$ind,$fc,$fi"
  echo "$line" >> "$csv"
  echo "$line"
done < "$list"

# ---- summary: saving against CaWoSched's best where it is positive
awk -F, -v mode="$mode" 'NR > 1 && $2 == mode && $10 != "" {
    n++; set = $1; sub(/_.*/, "", set)
    if ($18 != "valid") bad++
    if ($6 != "" && $10 + 0 > $6 + 0) dearer_fixed++
    if ($7 != "" && $10 + 0 > $7 + 0) dearer_given++
    if ($5 != "" && $5 + 0 > 0) { m++; s[m] = ($5 - $10) / $5 }
    if ($16 + 0 > tmax) tmax = $16 + 0
    if ($17 + 0 > rmax) rmax = $17 + 0
    if ($19 != "" && $10 + 0 > 0) { fn++; fs += ($10 - $19) / $10 }
  }
  END {
    # median of the savings
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (s[j] < s[i]) { t = s[i]; s[i] = s[j]; s[j] = t }
    med = m ? (m % 2 ? s[(m + 1) / 2] : (s[m / 2] + s[m / 2 + 1]) / 2) : 0
    printf "%s deadline: %d instances; independent evaluator: %s; dearer than ecsched fixed: %d, than the given mapping scheduled: %d; median saving vs CaWoSched best where > 0: %.1f%% (%d); slowest %.1f s, max RSS %.0f MB\n",
      mode, n, bad ? bad " NOT valid" : "all valid", dearer_fixed, dearer_given, 100 * med, m, tmax, rmax / 1024
    if (fn) printf "with --freqs: mean further saving %.1f%% (%d instances with remap cost > 0)\n", 100 * fs / fn, fn
  }' "$csv"
echo "rows: $csv"
