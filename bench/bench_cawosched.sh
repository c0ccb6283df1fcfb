#!/bin/sh
# BENCH=cawosched make bench: CaWoSched's fixed-mapping problem on its own
# instances (../shared/data/cawosched), CaWoSched's heuristics against
# ecsched's (docs/cawosched.md).
#
#   CAWOSCHED_SRC     CaWoSched's source (the repository, or its CaWoSched/
#                     folder with CMakeLists.txt): built once, with
#                     bench/cawosched/export.patch, in $CAWOSCHED_BUILD
#                     (default build/cawosched).  Without it, ecsched's side
#                     only (and any CaWoSched results already cached).
#   CAWOSCHED_SETS    instance sets (default "ilp atacseq1000 eager10000
#                     methylseq30000"): ilp is the paper's ILP set
#                     (ilp_instances.yml), the others every profile of that size.
#   CAWOSCHED_MAX_TASKS  run CaWoSched only on graphs of at most this many
#                     tasks (default 1000: its greedy is quadratic, about 45 s
#                     a variant at 10,000 tasks and hours at 30,000);
#                     CAWOSCHED_NO_LS_ABOVE: above this many tasks only its 8
#                     greedy variants, without local search (default 1000).
#   CAWOSCHED_MATCH   only the instances whose name matches this grep
#                     pattern; CAWOSCHED_CSV: the output file (default
#                     bench/results/cawosched.csv).
#   CWS_TIME_LIMIT    seconds per ecsched run (default 0: none).
#   CAWOSCHED_FREE    seconds per ecsched solve with free mapping on the
#                     converted platform (default 0: not run); with
#                     CAWOSCHED_FREE_FREQS (default 1,0.8,0.6) a second solve
#                     with frequency scaling; rows in CAWOSCHED_FREE_CSV
#                     (default bench/results/cawosched_free.csv), the fixed
#                     mapping's figures joined from CAWOSCHED_FIXED_CSV;
#                     solve starts from the fixed mapping's schedule
#                     (convert --mapping: P.base.json) unless
#                     CAWOSCHED_FREE_BASE=0.
#   CAWOSCHED_FREE_ONLY=1  only the free-mapping part (the fixed mapping's
#                     figures from CAWOSCHED_FIXED_CSV, default
#                     bench/results/cawosched.csv; CAWOSCHED_FREE default 60)
#   CAWOSCHED_MILP    seconds for the exact MILP (GLPK) on the ilp set where
#                     the bound does not already prove the heuristic optimal
#                     (default 60; 0: none).
#
# CaWoSched's exported schedules are cached in $CAWOSCHED_BUILD/runs/NAME/ and
# reused.  Output: bench/results/cawosched.csv (one row per instance) and a
# summary on standard output.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
data=${ECSCHED_SHARED_DATA:-$top/../shared/data}/cawosched
if [ ! -d "$data" ]; then
  echo "skipped: $data not found (set ECSCHED_SHARED_DATA)"
  exit 0
fi
sets=${CAWOSCHED_SETS:-ilp atacseq1000 eager10000 methylseq30000}
max_tasks=${CAWOSCHED_MAX_TASKS:-1000}
no_ls_above=${CAWOSCHED_NO_LS_ABOVE:-1000}
cbuild=${CAWOSCHED_BUILD:-$top/build/cawosched}
mkdir -p build/bench "$cbuild/runs" bench/results
runner=build/bench/cws_run
cc -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -O2 -Iinclude \
  bench/cawosched/cws_run.c build/libecsched.a -lglpk -lcsv -ljansson -lm -o "$runner" || exit 1

# ---- CaWoSched, when asked
cws=""
if [ -n "${CAWOSCHED_SRC:-}" ]; then
  src=$CAWOSCHED_SRC
  [ -f "$src/CMakeLists.txt" ] || src=$src/CaWoSched
  if [ ! -f "$src/CMakeLists.txt" ]; then
    echo "CAWOSCHED_SRC=$CAWOSCHED_SRC has no CMakeLists.txt (nor CaWoSched/CMakeLists.txt)"
    exit 1
  fi
  if [ ! -x "$cbuild/bin/multi_machine_scheduler" ]; then
    rm -rf "$cbuild/src" "$cbuild/obj"
    cp -r "$src" "$cbuild/src" &&
      (cd "$cbuild/src" && patch -p1 -s < "$top/bench/cawosched/export.patch") &&
      mkdir -p "$cbuild/obj" "$cbuild/bin" &&
      (cd "$cbuild/obj" && cmake -DCMAKE_BUILD_TYPE=Release ../src >/dev/null &&
        make -j1 >/dev/null) &&
      cp "$cbuild/obj/multi_machine_scheduler" "$cbuild/bin/" || {
        echo "building CaWoSched failed"; exit 1; }
  fi
  cws=$cbuild/bin/multi_machine_scheduler
fi

# ---- the instances: NAME DOT MAPPING SETUP
list=$(mktemp)
trap 'rm -f "$list"' EXIT
# shellcheck disable=SC2086
sh bench/cawosched/instances.sh "$data" $sets > "$list"

if [ -n "${CAWOSCHED_MATCH:-}" ]; then
  grep -e "^[^ ]*${CAWOSCHED_MATCH}" "$list" > "$list.m"; mv "$list.m" "$list"
fi
csv=${CAWOSCHED_CSV:-bench/results/cawosched.csv}
free_only=${CAWOSCHED_FREE_ONLY:-0}
[ "$free_only" = 1 ] && { [ "${CAWOSCHED_FREE:-0}" != 0 ] || CAWOSCHED_FREE=60; }
if [ "$free_only" != 1 ]; then
echo "instance,tasks,transfers,processors,deadline,cws_variants,cws_best_variant,cws_best_cost,cws_best_ms,cws_total_ms,agree,ours,bound,gap,ours_s,bound_s,warm,warm_s,heuristic,milp,milp_optimal,milp_s" > "$csv"
while read -r name dot map setup; do
  run=$cbuild/runs/$name
  tasks=$(grep -c 'weight=' "$data/$dot")
  if [ -n "$cws" ] && [ "$tasks" -le "$max_tasks" ] && [ ! -f "$run/done" ]; then
    rm -rf "$run"; mkdir -p "$run"
    CAWOSCHED_EXPORT=$run "$cws" "$data/$dot" "$data/$map" "$data/$setup" --no_LS > "$run/greedy.csv" 2>/dev/null
    if [ "$tasks" -le "$no_ls_above" ]; then
      CAWOSCHED_EXPORT=$run "$cws" "$data/$dot" "$data/$map" "$data/$setup" > "$run/ls.csv" 2>/dev/null
    fi
    touch "$run/done"
  fi
  set -- "$run"/*.sched
  [ -f "$1" ] && [ -f "$run/done" ] || set --
  milp=0
  case $dot in *1000*|*10000*|*30000*) ;; *) milp=${CAWOSCHED_MILP:-60} ;; esac
  out=$(CWS_MILP=$milp "$runner" "$data/$dot" "$data/$map" "$data/$setup" "$@") || { echo "$name: cws_run failed"; continue; }
  echo "$out" | awk -v name="$name" -v run="$run" '
    function val(s, k,   r) { r = s; if (!match(r, "\"" k "\": [-0-9.]+")) return ""; r = substr(r, RSTART, RLENGTH); sub(/.*: /, "", r); return r }
    function str(s, k,   r) { r = s; if (!match(r, "\"" k "\": \"[^\"]*\"")) return ""; r = substr(r, RSTART, RLENGTH); sub(/.*: "/, "", r); sub(/"$/, "", r); return r }
    /"export"/ { nv++; if (val($0, "theirs") != val($0, "ours") && val($0, "valid") == 1) bad++; if (val($0, "valid") != 1) invalid++ }
    /"ours"/ && !/"export"/ { o = $0 }
    END {
      heur = val(o, "ours"); ours = heur; bound = val(o, "bound")
      milp = val(o, "milp"); mb = val(o, "milp_bound")
      if (milp != "-1" && milp + 0 < ours + 0) ours = milp
      if (mb + 0 > bound + 0) bound = mb
      if (milp == "-1") milp = ""
      gap = (ours > 0) ? sprintf("%.4f", (ours - bound) / ours) : "0"
      bv = str(o, "best_export"); sub(/\.sched$/, "", bv)
      bc = val(o, "best_export_cost"); if (bc == "-1") bc = ""
      agree = nv ? ((bad ? "NO" : "yes") (invalid ? "(" invalid " invalid)" : "")) : ""
      # CaWoSched times from its own CSV output
      bms = ""; tms = 0
      for (f = 0; f < 2; f++) {
        file = run (f ? "/ls.csv" : "/greedy.csv")
        while ((getline line < file) > 0) {
          split(line, c, ",")
          if (c[1] == "Variant") continue
          tms += c[9]; if (c[1] == bv) bms = c[9]
        }
        close(file)
      }
      if (!nv) tms = ""
      printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", name, val(o, "tasks"), val(o, "transfers"),
        val(o, "processors"), val(o, "deadline"), nv, bv, bc, bms, tms, agree, ours, bound, gap,
        val(o, "seconds"), val(o, "bound_seconds"), (val(o, "warm") == "-1" ? "" : val(o, "warm")), (nv ? val(o, "warm_seconds") : ""),
        heur, milp, (milp == "" ? "" : val(o, "milp_optimal")), (milp == "" ? "" : val(o, "milp_seconds"))
    }' >> "$csv"
done < "$list"

# ---- summary
awk -F, 'NR > 1 {
    n++; set = $1; sub(/_.*/, "", set)
    if ($14 == "0.0000" || $12 == $13) proven++
    if ($20 != "") { milpn++; if ($21 == 1) milpopt++; if ($20 + 0 < $19 + 0) milpbetter++ }
    if ($8 != "") {
      m++; if ($12 + 0 > $8 + 0) worse++
      if ($12 + 0 < $8 + 0) better++
      if ($8 + 0 > 0) { pos++; save += ($8 - $12) / $8 }
      if ($11 !~ /^yes/) disagree++
    }
    if ($12 > 0) { gsum += $14; gn++ }
    if ($15 + 0 > tmax) tmax = $15 + 0
  }
  END {
    printf "instances %d, proven optimal (bound = cost) %d, mean gap where cost > 0 %.2f%% (%d), slowest heuristic run %.1f s\n", n, proven, gn ? 100 * gsum / gn : 0, gn, tmax
    if (milpn) printf "MILP (GLPK) on %d instances the bound left open: proven optimal %d, cheaper than the heuristic %d\n", milpn, milpopt, milpbetter
    if (m) printf "with CaWoSched: %d instances; cost agreement on every exported schedule: %s; ecsched cheaper %d, equal %d, dearer %d; mean saving where CaWoSched > 0: %.1f%% (%d)\n", m, disagree ? "NO (" disagree ")" : "yes", better, m - better - worse, worse, pos ? 100 * save / pos : 0, pos
  }' "$csv"
fi

# ---- ecsched with free mapping (and frequency scaling) on the same
# platform: `ecsched convert --platform SETUP --platform-out` (docs/cawosched.md
# "Converting"; no communication, the mapping free: a relaxation of
# CaWoSched's problem), then `ecsched solve` with --freqs 1 and with
# $CAWOSCHED_FREE_FREQS.  Costs in CaWoSched's units: C x ecsched's cost
# plus the links' idle draw the budget does not cover (the constant K the
# platform's description states).
free=${CAWOSCHED_FREE:-0}
if [ "$free" != 0 ]; then
  fcsv=${CAWOSCHED_FREE_CSV:-${csv%.csv}_free.csv}
  fixed=${CAWOSCHED_FIXED_CSV:-$csv}
  freqs=${CAWOSCHED_FREE_FREQS:-1,0.8,0.6}
  fdir=build/bench/cws_free
  mkdir -p "$fdir"
  echo "instance,brown_cost,link_shortfall,cws_best_cost,fixed_cost,fixed_bound,free_cost,free_bound,free_gap,free_s,freq_cost,freq_bound,freq_gap,freq_s" > "$fcsv"
  while read -r name dot map setup; do
    base=""
    if [ "${CAWOSCHED_FREE_BASE:-1}" = 1 ]; then base="--mapping $data/$map"; fi
    # shellcheck disable=SC2086
    bin/ecsched convert "$data/$dot" --to stg -o "$fdir/$name.stg" --platform "$data/$setup" \
      --platform-out "$fdir/$name.json" $base >/dev/null 2>&1 || { echo "$name: convert failed"; continue; }
    [ -n "$base" ] && base="--base $fdir/$name.base.json"
    c=$(sed -n 5p "$data/$setup" | tr -d ' \r')
    d=$(sed -n 1p "$data/$setup" | tr -d ' \r')
    k=$(sed -n 's/.*the \([0-9]*\) units of it the budget does not cover cost \([0-9]*\).*/\2/p' "$fdir/$name.json")
    fx=$(awk -F, -v n="$name" '$1 == n {print $8 "," $12 "," $13}' "$fixed")
    [ -n "$fx" ] || fx=",,"
    row="$name,$c,$k,$fx"
    for f in 1 "$freqs"; do
      # shellcheck disable=SC2086
      nice bin/ecsched solve "$data/$dot" --platform "$fdir/$name.json" --deadline "$d" $base \
        --freqs "$f" --time-limit "$free" --json > "$fdir/$name.out" 2>/dev/null
      row="$row,$(jq -r --argjson c "$c" --argjson k "$k" '
        if .cost == null then ",,," else
        [(.cost * $c + $k | . * 100 | round / 100), (if .bound == null then "" else ([.bound * $c + $k, 0] | max | . * 100 | floor / 100) end),
         (if .cost * $c + $k > 0 and .bound != null then ((.cost - .bound) * $c / (.cost * $c + $k) * 10000 | round / 10000) else 0 end),
         .runtime_s] | map(tostring) | join(",") end' "$fdir/$name.out" 2>/dev/null || echo ",,,")"
    done
    echo "$row" >> "$fcsv"
    echo "$row"
  done < "$list"
  echo "free mapping rows: $fcsv"
fi

if [ "$free_only" != 1 ]; then
  md=${csv%.csv}_table.md
  awk -F, -f bench/cawosched/table.awk "$csv" > "$md"
  echo "rows: $csv; tables: $md"
fi
