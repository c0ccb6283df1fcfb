#!/bin/sh
# compare's whole-command budget and peak memory (issue 36, item 5):
# `compare --time-limit S` on one graph, with the MILP alone and with the
# local heuristic before it; wall time and peak RSS per run (GNU time).
# Usage: sh bench/bench_compare_budget.sh [ECSCHED] [GRAPH] [P] [S]
# Results: bench/results/compare_budget.md.  Run it alone on the machine
# (flock /work/bench.lock ...): it is a measurement of wall time.
set -u
E=${1:-bin/ecsched}
G=${2:-data/stg/rand0000.stg}
P=${3:-4}
S=${4:-20}
command -v /usr/bin/time >/dev/null 2>&1 || { echo "needs GNU time (/usr/bin/time)"; exit 2; }
printf '| methods | --time-limit | wall s | peak RSS MB |\n|---|---|---|---|\n'
for methods in milp local,milp base,sweep,binary,local,milp; do
  out=$(/usr/bin/time -f '%e %M' "$E" compare "$G" -p "$P" --extension 0.2 \
    --time-limit "$S" --methods "$methods" 2>&1 >/dev/null | tail -1)
  set -- $out
  printf '| %s | %s | %s | %.0f |\n' "$methods" "$S" "$1" "$(echo "$2" | awk '{ print $1 / 1024 }')"
done
