#!/bin/sh
# Benchmark of the local heuristic (`ecsched heuristic --mode local`,
# issue 13).  Every timed or heavy command runs under
# `flock /tmp/ecsched-bench.lock` (one benchmark at a time on the shared
# machine).
#
#  1. data/paper32 x P in LOCAL_PES (default "2 4 8 16") for each setting of
#     LOCAL_SETS (E:prices; default E = 0.2 and 0.05 with the day-ahead
#     prices, E = 0.2 with flat, increasing and alternating): cost over the
#     MILP's proven optimum (mean, max, how many at the optimum), the sweep's
#     for comparison, local's time per case (mean, max).  The optima come
#     from `ecsched milp --time-limit LOCAL_LIMIT` (default 60) and are
#     cached in bench/results/local_optima.csv (delete it to recompute).
#  2. the shared 50-task STG graphs (LOCAL_STG50 of them, default 16) x P in
#     LOCAL_PES, E = 0.2: local over the MILP's best bound after
#     LOCAL_STG50_LIMIT s (default 60), cached in
#     bench/results/local_stg50.csv; where the MILP proved the optimum, over
#     the optimum.
#  3. generated graphs of LOCAL_BIG tasks (default "1000 2000", sameprob and
#     layered, seed 1) x P in LOCAL_BIG_PES (default "4 16"), E = 0.2: wall
#     time and peak memory of the whole command (/usr/bin/time), local's
#     own time, why it stopped, cost against the sweep.
# LOCAL_PARTS selects parts (default "1 2 3").  The report goes to stdout
# and to bench/results/local.txt.
set -u
: "${ECSCHED:=bin/ecsched}"
: "${LOCAL_PARTS:=1 2 3}" "${LOCAL_PES:=2 4 8 16}" "${LOCAL_LIMIT:=60}"
: "${LOCAL_SETS:=0.2:epex-2016-10-19 0.05:epex-2016-10-19 0.2:flat 0.2:increasing 0.2:alternating}"
: "${LOCAL_STG50:=16}" "${LOCAL_STG50_LIMIT:=60}"
: "${LOCAL_BIG:=1000 2000}" "${LOCAL_BIG_PES:=4 16}"
res=bench/results
OPT=$res/local_optima.csv
STG=$res/local_stg50.csv
REPORT=$res/local.txt
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$res"

if command -v flock >/dev/null 2>&1; then
  locked() { flock /tmp/ecsched-bench.lock "$@"; }
else
  locked() { "$@"; }
fi

key() { # FILE KEY: a scalar of the JSON document
  sed -n "s/^  \"$2\": \"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}\$/\1/p" "$1" | head -1
}

# milp_case GRAPH P E PRICES LIMIT: "status,cost,bound" of the MILP
milp_case() {
  locked "$ECSCHED" milp "$1" -p "$2" --extension "$3" --prices "$4" \
    --time-limit "$5" -o "$dir/m.json" >/dev/null 2>&1
  if [ -s "$dir/m.json" ]; then
    echo "$(key "$dir/m.json" status),$(key "$dir/m.json" cost),$(key "$dir/m.json" bound)"
  else
    echo "error,null,null"
  fi
  rm -f "$dir/m.json"
}

# cached CACHE GRAPH P E PRICES LIMIT: the cached MILP line, computed if
# missing ("graph,pes,extension,prices,limit,status,cost,bound")
cached() {
  line=$(grep -F "$2,$3,$4,$5,$6," "$1" 2>/dev/null | head -1)
  if [ -z "$line" ]; then
    [ -s "$1" ] || echo "graph,pes,extension,prices,limit,status,cost,bound" >"$1"
    line="$2,$3,$4,$5,$6,$(milp_case "$2" "$3" "$4" "$5" "$6")"
    echo "$line" >>"$1"
  fi
  echo "$line"
}

# local_case GRAPH P E PRICES: "cost start_cost local_s stop" of local
local_case() {
  locked "$ECSCHED" heuristic "$1" -p "$2" --extension "$3" --prices "$4" \
    --mode local -o "$dir/l.json" >/dev/null 2>&1
  if [ -s "$dir/l.json" ]; then
    echo "$(key "$dir/l.json" cost) $(key "$dir/l.json" start_cost) $(key "$dir/l.json" local_s) $(key "$dir/l.json" local_stop)"
  else
    echo "null null null error"
  fi
  rm -f "$dir/l.json"
}

part1() {
  echo "## 1. data/paper32 x P {$LOCAL_PES}: cost over the MILP's proven optimum"
  echo "(optima: ecsched milp --time-limit $LOCAL_LIMIT, cached in $OPT)"
  echo
  printf '%-26s %6s %6s %9s %9s %7s %9s %9s %8s %8s\n' setting cases proven \
    local_mean local_max at_opt sweep_mean sweep_max t_mean_s t_max_s
  for set in $LOCAL_SETS; do
    E=${set%%:*}; PR=${set#*:}
    : >"$dir/rows"
    for g in data/paper32/*.stg; do
      for P in $LOCAL_PES; do
        m=$(cached "$OPT" "$g" "$P" "$E" "$PR" "$LOCAL_LIMIT")
        echo "$g $P $(echo "$m" | cut -d, -f6-8 | tr ',' ' ') $(local_case "$g" "$P" "$E" "$PR")" >>"$dir/rows"
      done
    done
    # rows: graph P status opt bound local sweep local_s stop
    awk -v name="E $E, $PR" '
      { n++; t = $8 + 0; ts += t; if (t > tm) tm = t
        if ($3 == "optimal" && $6 != "null") { k++
          r = $6 / $4; rs += r; if (r > rm) rm = r; if (r < 1 + 1e-6) at++
          q = $7 / $4; qs += q; if (q > qm) qm = q
          if ($6 < $4 - 1e-6 * ($4 < 0 ? -$4 : $4) - 1e-9) below++ }
        if ($6 != "null" && $6 > $7 + 1e-9) above++ }
      END {
        printf "%-26s %6d %6d %9.4f %9.4f %7d %9.4f %9.4f %8.3f %8.3f\n", name, n, k,
          k ? rs / k : 0, rm, at, k ? qs / k : 0, qm, n ? ts / n : 0, tm
        if (below + above > 0) printf "  !! %d below a proven optimum, %d above the sweep\n", below, above }' "$dir/rows"
  done
  echo
}

part2() {
  sd=${ECSCHED_SHARED_DATA:-../shared/data}
  if [ ! -d "$sd/stg/50" ]; then
    echo "## 2. skipped: $sd/stg/50 not found (set ECSCHED_SHARED_DATA)"
    echo
    return
  fi
  echo "## 2. shared 50-task STG graphs x P {$LOCAL_PES}, E = 0.2: local over the MILP's bound"
  echo "(MILP: ecsched milp --time-limit $LOCAL_STG50_LIMIT, cached in $STG)"
  echo
  printf '%-12s %3s %-11s %12s %12s %12s %9s %9s %8s\n' graph P milp_status \
    bound milp_cost local local/bnd local/milp local_s
  : >"$dir/stg"
  for g in $(ls "$sd"/stg/50/*.stg | head -n "$LOCAL_STG50"); do
    for P in $LOCAL_PES; do
      m=$(cached "$STG" "$g" "$P" 0.2 epex-2016-10-19 "$LOCAL_STG50_LIMIT")
      st=$(echo "$m" | cut -d, -f6); mc=$(echo "$m" | cut -d, -f7); mb=$(echo "$m" | cut -d, -f8)
      set -- $(local_case "$g" "$P" 0.2 epex-2016-10-19)
      echo "$(basename "$g" .stg) $P $st $mb $mc $1 $3" >>"$dir/stg"
    done
  done
  awk '{ rb = ($4 != "null" && $4 + 0 > 0) ? $6 / $4 : -1; rm = ($5 != "null" && $5 + 0 > 0) ? $6 / $5 : -1
         printf "%-12s %3s %-11s %12s %12s %12.4f %9s %9s %8.3f\n", $1, $2, $3, $4, $5, $6,
           rb < 0 ? "-" : sprintf("%.4f", rb), rm < 0 ? "-" : sprintf("%.4f", rm), $7 }' "$dir/stg"
  awk '{ n++; if ($4 != "null" && $4 + 0 > 0) { b++; r = $6 / $4; s += r; if (r > mx) mx = r; if (r <= 1.03) w++ }
         if ($3 == "optimal") { o++; q = $6 / $5; so += q; if (q > mo) mo = q }
         if ($5 != "null" && $6 < $5 - 1e-9) better++ }
    END { printf "\n%d cases; local / bound: mean %.4f, max %.4f, within 3%% in %d of %d with a bound; ", n, b ? s / b : 0, mx, w, b
          printf "local / proven optimum (%d cases): mean %.4f, max %.4f; local below the MILP incumbent in %d\n", o, o ? so / o : 0, mo, better }' "$dir/stg"
  echo
}

part3() {
  echo "## 3. generated graphs, E = 0.2: time and memory of heuristic --mode local (default limit 10 s)"
  echo
  printf '%-22s %3s %6s %9s %9s %8s %-10s %9s %12s %12s %7s\n' graph P D wall_s local_s maxrss_MB stop kicks sweep local saving
  for n in $LOCAL_BIG; do
    for method in sameprob layered; do
      g=$dir/g${n}_$method.stg
      "$ECSCHED" generate --tasks "$n" --seed 1 --method "$method" -o "$g" >/dev/null
      for P in $LOCAL_BIG_PES; do
        if [ -x /usr/bin/time ]; then
          locked /usr/bin/time -v -o "$dir/time" "$ECSCHED" heuristic "$g" -p "$P" \
            --extension 0.2 --mode local -o "$dir/l.json" >/dev/null 2>&1
          wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/time" |
            awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
          rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/time")
        else
          t0=$(date +%s.%N)
          locked "$ECSCHED" heuristic "$g" -p "$P" --extension 0.2 --mode local \
            -o "$dir/l.json" >/dev/null 2>&1
          wall=$(echo "$(date +%s.%N) - $t0" | bc); rss=0
        fi
        f=$dir/l.json
        awk -v g="${n}_$method" -v P="$P" -v D="$(key "$f" deadline)" -v w="$wall" \
            -v ls="$(key "$f" local_s)" -v rss="$rss" -v st="$(key "$f" local_stop)" \
            -v k="$(key "$f" local_kicks)" -v sw="$(key "$f" start_cost)" -v c="$(key "$f" cost)" 'BEGIN {
          printf "%-22s %3s %6s %9.2f %9.2f %8.1f %-10s %9s %12.4f %12.4f %6.2f%%\n", g, P, D, w, ls, rss / 1024, st, k, sw, c, 100 * (1 - c / sw) }'
        rm -f "$f"
      done
    done
  done
  echo
}

{
  echo "# bench_local: $(date -u +%Y-%m-%dT%H:%MZ), $(uname -m), $(nproc 2>/dev/null || echo ?) CPUs (shared; timings under flock)"
  echo
  for p in $LOCAL_PARTS; do
    case $p in
      1) part1 ;;
      2) part2 ;;
      3) part3 ;;
    esac
  done
} | tee "$REPORT"
