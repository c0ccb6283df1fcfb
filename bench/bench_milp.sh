#!/bin/sh
# Benchmark of `ecsched milp` (issue 6).  Run under nice on a shared machine.
#
#  1. paper-sized instances: MILP_GRAPHS generated graphs (default 32) of 8
#     to 32 tasks (`ecsched generate`, sameprob, work 1..10, seeds 1..),
#     P in MILP_PES (default "2 4 8 16"), E = 0.2, default prices, strong
#     formulation, limit MILP_LIMIT s (default 60): time, nodes, root gap.
#  2. the shared 50-task STG graphs (MILP_STG50 of them, default 16) at P in
#     MILP_STG50_PES (default "2 4 8 16"), E = 0.2, limit MILP_STG50_LIMIT s
#     (default 300): how many are proven optimal.
#  3. the paper formulation on the first MILP_PAPER_GRAPHS (default 32)
#     paper-sized instances (every MILP_PAPER_STEP-th, default 1) at P in
#     MILP_PAPER_PES (default "2 4 8 16"), limit MILP_PAPER_LIMIT s (default
#     60): status and gap.
#  4. the limit honoured: `--time-limit S` for S in MILP_LIMITS (default
#     "1 2 5") on the first MILP_LIMIT_GRAPHS (default 3) shared 50-task
#     graphs at P = 2 (strong and paper formulation): wall time of the whole
#     command and the solver's runtime against the limit.
# MILP_PARTS selects parts (default "1 2 3"; add 4 for the limit check).
set -u
: "${ECSCHED:=bin/ecsched}"
: "${MILP_GRAPHS:=32}" "${MILP_PES:=2 4 8 16}" "${MILP_LIMIT:=60}"
: "${MILP_STG50:=16}" "${MILP_STG50_PES:=2 4 8 16}" "${MILP_STG50_LIMIT:=300}"
: "${MILP_PAPER_GRAPHS:=32}" "${MILP_PAPER_PES:=2 4 8 16}" "${MILP_PAPER_LIMIT:=60}"
: "${MILP_PAPER_STEP:=1}" "${MILP_PARTS:=1 2 3}"
: "${MILP_LIMITS:=1 2 5}" "${MILP_LIMIT_GRAPHS:=3}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

key() { # FILE KEY: a scalar of the JSON document
  sed -n "s/^  \"$2\": \"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}\$/\1/p" "$1" | head -1
}

# one GRAPH P LIMIT FORMULATION LABEL: run and print one table line
one() {
  out=$dir/r.json
  t0=$(date +%s.%N)
  "$ECSCHED" milp "$1" -p "$2" --extension 0.2 --time-limit "$3" \
    --formulation "$4" -o "$out" >/dev/null 2>"$dir/err"
  rc=$?
  t1=$(date +%s.%N)
  if [ ! -s "$out" ]; then
    printf '%-22s %3s %5s %-11s %8.2f  exit %d: %s\n' "$5" "$2" - error \
      "$(echo "$t1 - $t0" | bc)" "$rc" "$(head -1 "$dir/err")"
    return
  fi
  awk -v name="$5" -v P="$2" -v D="$(key "$out" deadline)" \
      -v st="$(key "$out" status)" -v cost="$(key "$out" cost)" \
      -v base="$(key "$out" base_cost)" -v root="$(key "$out" root_bound)" \
      -v bound="$(key "$out" bound)" -v gap="$(key "$out" gap)" \
      -v nodes="$(key "$out" nodes)" -v rt="$(key "$out" runtime_s)" \
      -v cols="$(key "$out" cols)" 'BEGIN {
    rg = (cost != "null" && root != "null" && cost + 0 != 0) ? (cost - root) / (cost < 0 ? -cost : cost) * 100 : -1
    printf "%-22s %3s %5s %-11s %8.3f %7s %8s %10s %10s %7s %8s\n", name, P, D, st, rt, nodes, cols,
      cost == "null" ? "-" : sprintf("%.4f", cost), sprintf("%.4f", base), rg < 0 ? "-" : sprintf("%.2f%%", rg), gap == "null" ? "-" : sprintf("%.2f%%", gap * 100)
  }'
}

header() {
  printf '%-22s %3s %5s %-11s %8s %7s %8s %10s %10s %7s %8s\n' instance P "D'" status \
    time_s nodes cols cost base_cost rootgap gap
}

summary() { # FILE: optimal count, median and max time of the table
  awk 'NR > 1 && $4 != "" { n++; t[n] = $5; if ($4 == "optimal") o++; if ($5 > mx) mx = $5 }
    END { if (n == 0) exit; for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (t[j] < t[i]) { x = t[i]; t[i] = t[j]; t[j] = x }
      med = n % 2 ? t[(n + 1) / 2] : (t[n / 2] + t[n / 2 + 1]) / 2
      printf "summary: %d runs, %d proven optimal, median %.2f s, max %.2f s\n", n, o, med, mx }' "$1"
}

gen_graphs() {
  k=0
  while [ $k -lt "$MILP_GRAPHS" ]; do
    n=$((8 + (k * 24) / 31))
    "$ECSCHED" generate --tasks $n --seed $((k + 1)) --max-work 10 -o "$dir/g$k.stg" >/dev/null
    k=$((k + 1))
  done
}

for part in $MILP_PARTS; do
  case $part in
  1)
    echo "-- strong formulation, paper-sized: $MILP_GRAPHS generated graphs (8..32 tasks), P in {$MILP_PES}, E = 0.2, limit ${MILP_LIMIT}s"
    gen_graphs
    header | tee "$dir/t1"
    k=0
    while [ $k -lt "$MILP_GRAPHS" ]; do
      n=$((8 + (k * 24) / 31))
      for P in $MILP_PES; do
        one "$dir/g$k.stg" "$P" "$MILP_LIMIT" strong "gen-n$n-seed$((k + 1))" | tee -a "$dir/t1"
      done
      k=$((k + 1))
    done
    summary "$dir/t1"
    ;;
  2)
    S=${ECSCHED_SHARED_DATA:-}/stg/50
    if [ -z "${ECSCHED_SHARED_DATA:-}" ] || [ ! -d "$S" ]; then
      echo "-- skipped: shared 50-task graphs absent"
      continue
    fi
    echo "-- strong formulation, shared 50-task STG graphs ($MILP_STG50), P in {$MILP_STG50_PES}, E = 0.2, limit ${MILP_STG50_LIMIT}s"
    header | tee "$dir/t2"
    for f in $(ls "$S"/rand*.stg | head -n "$MILP_STG50"); do
      for P in $MILP_STG50_PES; do
        one "$f" "$P" "$MILP_STG50_LIMIT" strong "$(basename "$f")" | tee -a "$dir/t2"
      done
    done
    summary "$dir/t2"
    ;;
  3)
    echo "-- paper formulation, paper-sized: every ${MILP_PAPER_STEP}th of the first $MILP_PAPER_GRAPHS graphs, P in {$MILP_PAPER_PES}, limit ${MILP_PAPER_LIMIT}s"
    [ -f "$dir/g0.stg" ] || gen_graphs
    header | tee "$dir/t3"
    k=0
    while [ $k -lt "$MILP_PAPER_GRAPHS" ]; do
      n=$((8 + (k * 24) / 31))
      for P in $MILP_PAPER_PES; do
        one "$dir/g$k.stg" "$P" "$MILP_PAPER_LIMIT" paper "gen-n$n-seed$((k + 1))" | tee -a "$dir/t3"
      done
      k=$((k + MILP_PAPER_STEP))
    done
    summary "$dir/t3"
    ;;
  4)
    S=${ECSCHED_SHARED_DATA:-}/stg/50
    if [ -z "${ECSCHED_SHARED_DATA:-}" ] || [ ! -d "$S" ]; then
      echo "-- skipped: shared 50-task graphs absent"
      continue
    fi
    echo "-- limit honoured: shared 50-task graphs ($MILP_LIMIT_GRAPHS), P = 2, E = 0.2, --time-limit in {$MILP_LIMITS}"
    printf '%-14s %-7s %5s %-11s %9s %8s %8s\n' instance form limit status runtime_s wall_s over_s | tee "$dir/t4"
    for f in $(ls "$S"/rand*.stg | head -n "$MILP_LIMIT_GRAPHS"); do
      for form in strong paper; do
        for L in $MILP_LIMITS; do
          out=$dir/r.json
          rm -f "$out"
          t0=$(date +%s.%N)
          "$ECSCHED" milp "$f" -p 2 --extension 0.2 --time-limit "$L" \
            --formulation "$form" -o "$out" >/dev/null 2>"$dir/err"
          t1=$(date +%s.%N)
          st=$( [ -s "$out" ] && key "$out" status || echo error)
          rt=$( [ -s "$out" ] && key "$out" runtime_s || echo 0)
          awk -v n="$(basename "$f")" -v fm="$form" -v L="$L" -v st="$st" \
              -v rt="$rt" -v w="$(echo "$t1 - $t0" | bc)" 'BEGIN {
            printf "%-14s %-7s %5s %-11s %9.3f %8.3f %8.3f\n", n, fm, L, st, rt, w, w - L }' | tee -a "$dir/t4"
        done
      done
    done
    awk 'NR > 1 { n++; if ($7 > mx || n == 1) mx = $7; if ($5 - $3 > mr || n == 1) mr = $5 - $3 }
      END { if (n) printf "summary: %d runs, largest overrun %.3f s wall (command), %.3f s solver runtime\n", n, mx, mr }' "$dir/t4"
    ;;
  esac
done
