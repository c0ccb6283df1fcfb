#!/bin/sh
# Benchmark of local search on the extended model (issue 26): data/paper32
# on a two-class platform (bench/hetero_local.c: fast and slow nodes, half
# each) of HL_PES PEs in total (default "4 8"), E = 0.2 over the
# heterogeneous list schedule, the DE-LU day-ahead prices of 2018-10-01 and
# free solar from the DE PV profile of the same day (Open Power System
# Data, in the shared data; HL_PV_KW kW of panels per 4 PEs, default 1),
# local search from its own start with HL_LIMIT s (default 10), seed 1.
# With HL_MILP=SECONDS the MILP runs too (warm-started with local's
# schedule), and the summary gives local over the proven optima.
# Builds the driver against build/libecsched.a.  Runs under
# `flock /tmp/ecsched-bench.lock`.  Rows to bench/results/hetero_local.csv,
# a summary to stdout.
set -u
: "${HL_PES:=4 8}" "${HL_LIMIT:=10}" "${HL_PV_KW:=1}" "${HL_MILP:=}"
data=${ECSCHED_SHARED_DATA:-../shared/data}
opsd=$data/prices/raw/opsd_time_series_60min_singleindex_filtered_2018-09-30_2018-10-01.csv
if [ ! -f "$opsd" ]; then
  echo "skipped: $opsd not found (set ECSCHED_SHARED_DATA)"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the hours of 2018-10-01 (local) with a price: 2018-09-30T23:00Z to
# 2018-10-01T21:00Z, 23 of them (the file has no price for 22:00Z), price
# and PV profile, repeated cyclically over D'
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "DE_LU_price_day_ahead") pc = i; if ($i == "DE_solar_profile") sc = i } next }
         $1 >= "2018-09-30T23" && $pc != "" { print $pc, $sc }' "$opsd" > "$tmp/series"
[ "$(wc -l < "$tmp/series")" -eq 23 ] || { echo "bench_hetero_local: not 23 priced hours in $opsd"; exit 1; }
cc -std=c11 -O2 -Iinclude bench/hetero_local.c build/libecsched.a -lglpk -lcsv -ljansson -lm -o "$tmp/hl" || exit 1
out=bench/results/hetero_local.csv
if [ -n "$HL_MILP" ]; then
  echo "graph,n,pes,M,D,start_cost,cost,runtime_s,moves,kicks,stop,milp_status,milp_cost,milp_bound,milp_s" > "$out"
else
  echo "graph,n,pes,M,D,start_cost,cost,runtime_s,moves,kicks,stop" > "$out"
fi
for P in $HL_PES; do
  kw=$(awk -v p="$P" -v k="$HL_PV_KW" 'BEGIN { print k * p / 4 }')
  for g in data/paper32/g*.stg; do
    flock /tmp/ecsched-bench.lock "$tmp/hl" "$tmp/series" "$g" "$P" "$kw" "$HL_LIMIT" $HL_MILP >> "$out" || exit 1
  done
done
awk -F, 'NR > 1 { k = $3; n[k]++; t[k] += $8; if ($8 > mt[k]) mt[k] = $8;
                  g = ($6 - $7) / ($6 > 0 ? $6 : 1); gain[k] += g }
         END { printf "%-4s %6s %12s %12s %14s\n", "P", "cases", "mean time s", "max time s", "mean gain %";
               for (k in n) printf "%-4s %6d %12.3f %12.3f %14.2f\n", k, n[k], t[k] / n[k], mt[k], 100 * gain[k] / n[k] }' "$out"
if [ -n "$HL_MILP" ]; then
  awk -F, 'NR > 1 && $12 == "optimal" { k = $3; n[k]++; r = ($7 - $13) / ($13 > 0 ? $13 : 1); s[k] += r; if (r > m[k]) m[k] = r; eq[k] += (r < 1e-9) }
           END { printf "%-4s %8s %16s %15s %10s\n", "P", "optimal", "mean over opt %", "max over opt %", "at opt";
                 for (k in n) printf "%-4s %8d %16.3f %15.3f %10d\n", k, n[k], 100 * s[k] / n[k], 100 * m[k], eq[k] }' "$out"
fi
