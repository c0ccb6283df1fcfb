#!/bin/sh
# Benchmark of re-planning (issue 39; docs/MODEL.md "Re-planning"): a week
# simulated on the real German day-ahead prices of 23 to 30 October 2016
# (the shared energidataservice file, hours in UTC, EUR/MWh).  Each day d of
# the week (RP_DAYS, default 7) a workflow arrives at 00:00 UTC (the day's
# graph of data/paper32, RP_GRAPHS) on RP_PES PEs (default 4, its own; 400 W
# a PE at f = 1) with 48 hourly slots to finish (days d and d + 1).  At
# 00:00 the prices of day d are known (published at noon of d - 1), those
# of d + 1 arrive at 12:00.  Four strategies, each judged under the real
# prices of both days:
#   forecast  plan once at 00:00 (solve) on day d's prices and, for day
#             d + 1, yesterday's (day d's again), then run that plan;
#   replan    the same plan, re-planned at 12:00 (slot 12) when day d + 1's
#             prices arrive (ecsched replan, --method milp);
#   asap      every task at f = 1 as soon as possible (the base schedule);
#   oracle    plan at 00:00 knowing both days (solve on the real prices): a
#             reference no strategy can beat without knowing more.
# solve and replan get RP_LIMIT seconds (default 20).  Rows to
# bench/results/replan.csv (day,graph,strategy,eur,kwh,cost,status); a
# table per strategy to stdout; the plots (render layer, bench/replan_plot.c)
# to bench/results/replan.svg (EUR) and replan_kwh.svg.  Run it alone: flock /work/bench.lock sh
# bench/bench_replan.sh (about 4 x RP_LIMIT s a day at most).
set -u
: "${ECSCHED:=bin/ecsched}" "${RP_LIMIT:=20}" "${RP_PES:=4}" "${RP_DAYS:=7}"
: "${RP_GRAPHS:=g06_n12 g07_n13 g09_n14 g10_n15 g11_n16 g13_n18 g19_n22}"
data=${ECSCHED_SHARED_DATA:-../shared/data}
raw=$data/prices/raw/energidataservice_elspot_DE_2016-10-18_2016-10-31.csv
if [ ! -f "$raw" ]; then
  echo "skipped: $raw not found (set ECSCHED_SHARED_DATA)"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=bench/results/replan.csv
cc -std=c11 -O2 -Iinclude bench/replan_plot.c build/libecsched.a -lglpk -lcsv -ljansson -lm -o "$tmp/plot" || exit 1
# the hours in order: "2016-10-23T00:00Z price"
awk -F, 'NR > 1 && $3 == "DE" { sub(" ", "T", $1); print $1 "Z", $5 }' "$raw" | sort > "$tmp/hours"
# day D (2016-10-DD) and the next day as a 48-hour CSV; FORECAST=1: the
# next day takes day D's prices
window() { # DD FORECAST
  awk -v d="2016-10-$1" -v fc="$2" '
    BEGIN { n = 0; m = 0 }
    substr($1, 1, 10) == d { p[n] = $2; t[n] = $1; n++; next }
    n >= 24 && m < 24 { q[m] = $2; u[m] = $1; m++ }
    END { print "timestamp,price"
          for (i = 0; i < 24; i++) print t[i] "," p[i]
          for (i = 0; i < 24; i++) print u[i] "," (fc ? p[i] : q[i]) }' "$tmp/hours"
}
W=400
flags="-p $RP_PES --freqs 1,0.8,0.6,0.4,0.2,0 --deadline 48 --watts $W --unit EUR/MWh"
echo "day,graph,strategy,eur,kwh,cost,status" > "$out"
i=0
for g in $RP_GRAPHS; do
  i=$((i + 1))
  [ "$i" -le "$RP_DAYS" ] || break
  dd=$((22 + i))
  day=2016-10-$dd
  window "$dd" 1 > "$tmp/fc.csv"
  window "$dd" 0 > "$tmp/real.csv"
  [ "$(wc -l < "$tmp/real.csv")" -eq 49 ] || { echo "bench_replan: $day: not 48 hours"; exit 1; }
  G=data/paper32/$g.stg
  # forecast: plan once; its cost under the real prices (replan --method keep)
  "$ECSCHED" solve "$G" $flags --prices "$tmp/fc.csv" --time-limit "$RP_LIMIT" -o "$tmp/a.json" > /dev/null || exit 1
  "$ECSCHED" replan "$tmp/a.json" --prices "$tmp/real.csv" --now 12 --method keep --unit EUR/MWh -o "$tmp/k.json" > /dev/null || exit 1
  "$ECSCHED" replan "$tmp/a.json" --prices "$tmp/real.csv" --now 12 --time-limit "$RP_LIMIT" --unit EUR/MWh -o "$tmp/r.json" > /dev/null || exit 1
  "$ECSCHED" solve "$G" $flags --prices "$tmp/real.csv" --time-limit "$RP_LIMIT" -o "$tmp/o.json" > /dev/null || exit 1
  row() { # STRATEGY FILE
    jq -r --arg d "$day" --arg g "$g" --arg s "$1" \
      '[$d, $g, $s, .cost_money, .energy_kwh, .cost, .status] | map(tostring) | join(",")' "$2" >> "$out"
  }
  row forecast "$tmp/k.json"
  row replan "$tmp/r.json"
  # asap: the base schedule under the real prices, every task at f = 1
  jq -r --arg d "$day" --arg g "$g" --argjson w "$W" \
    '[$d, $g, "asap", (.base_cost * .prices.normalized_by * $w | round / 1e6),
      ([.tasks[].work] | add) * $w / 1000, .base_cost, "base"] | map(tostring) | join(",")' "$tmp/o.json" >> "$out"
  row oracle "$tmp/o.json"
done
"$tmp/plot" "$out" eur > bench/results/replan.svg || exit 1
"$tmp/plot" "$out" kwh > bench/results/replan_kwh.svg || exit 1
# the week per strategy
awk -F, 'NR > 1 { e[$3] += $4; k[$3] += $5; if (!($3 in seen)) { seen[$3] = 1; o[++n] = $3 } }
  END { printf "%-9s %10s %9s %9s\n", "strategy", "EUR", "kWh", "vs asap"
        for (i = 1; i <= n; i++) { s = o[i]
          printf "%-9s %10.2f %9.1f %+8.1f%%\n", s, e[s], k[s], 100 * (e[s] - e["asap"]) / e["asap"] } }' "$out"
