# Slots of different lengths and merging (issue 39; docs/MODEL.md
# "Slots of different lengths" and "Merging slots"): 100 tasks (the shared
# stg/100/rand0003.stg, P = 8) over a week of 15-minute slots (D' = 672),
# on three weeks of prices:
#   es   the shared OMIE day of 1 October 2025 (prices/es_2025-10-01_15min.csv,
#        96 quarter-hours) repeated seven times by the loader;
#   de   the shared EPEX week of 6-12 May 2024 (hourly) on 15-minute slots
#        (each hour four equal quarter-hours);
#   tou  a tariff of six periods a day (tests/fixtures/slots/tou.csv: night,
#        shoulder, peak) on 15-minute slots, repeated;
# and, on the tariff's own periods (--slot-minutes prices, 42 slots of
# 2 to 6 h, a work unit of 1 h), milp, solve and heuristic --mode local
# (within SLOTS_MILP_LIMIT) on slots of different lengths.
# Per week: `milp` on the fine grid (its model's rows, columns and
# non-zeros, within SLOTS_MILP_LIMIT, default 120 s), `solve` on the fine
# grid and `solve --merge-slots` (each within SLOTS_LIMIT, default 600 s).
# SLOTS_CASES selects weeks ("es de tou lengths"), SLOTS_RUNS the runs
# ("milp solve solve-merged local"); each run waits for
# flock ${BENCH_LOCK:-/tmp/ecsched-bench.lock}.  One row per run:
#   case grid run slots status cost bound gap% model time_s
set -u
E=${ECSCHED:-bin/ecsched}
D=${ECSCHED_SHARED_DATA:-../shared/data}
LIM=${SLOTS_LIMIT:-600}
MLIM=${SLOTS_MILP_LIMIT:-120}
CASES=${SLOTS_CASES:-es de tou lengths}
RUNS=${SLOTS_RUNS:-milp solve solve-merged local}
LOCK=${BENCH_LOCK:-/tmp/ecsched-bench.lock}
G=$D/stg/100/rand0003.stg
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ ! -f "$G" ]; then
  echo "bench_slots: $G not found (set ECSCHED_SHARED_DATA)"; exit 0
fi

# run CASE GRID RUN ARGS...: one command, one row
run() {
  c=$1 grid=$2 what=$3; shift 3
  case " $RUNS " in *" $what "*) ;; *) return ;; esac
  # the time inside the lock: the command's own wall time
  flock "$LOCK" sh -c 't0=$(date +%s.%N); "$@"; echo "$t0 $(date +%s.%N)" >"'"$tmp"'/t"' \
    sh "$E" "$@" -o "$tmp/d.json" >"$tmp/out" 2>"$tmp/err"
  t=$(awk '{ printf "%.1f", $2 - $1 }' "$tmp/t")
  awk -v c="$c" -v grid="$grid" -v what="$what" -v t="$t" '
    /^deadline/ { slots = $2 }
    /^status/ { st = $2 } /^cost/ { cost = $2 }
    /^bound/ { b = $2 } /^gap/ { gap = $2; sub(/%/, "", gap) }
    /^model/ { model = $2 "/" $4 "/" $6 }
    /^merged / && $2 ~ /^[0-9]+$/ { slots = $2 "<-" $8 }
    /^merged model/ { if ($3 == "about") model = "~" $4 " nz (not run)"; else model = $3 "/" $5 "/" $7 }
    END { printf "%-7s %-8s %-14s %7s %-9s %12s %12s %8s %-26s %7.1f\n",
                 c, grid, what, slots, st, cost, b, gap, model, t }' "$tmp/out"
  [ -s "$tmp/out" ] || { echo "$c $grid $what: failed"; head -3 "$tmp/err"; }
}

week() { # CASE PRICES ARGS...: the three runs on one week
  c=$1 p=$2; shift 2
  run "$c" 15min milp milp "$G" -p 8 --prices "$p" --slot-minutes 15 \
    --deadline 672 --time-limit "$MLIM" "$@"
  run "$c" 15min solve solve "$G" -p 8 --prices "$p" --slot-minutes 15 \
    --deadline 672 --time-limit "$LIM" "$@"
  run "$c" 15min solve-merged solve "$G" -p 8 --prices "$p" --slot-minutes 15 \
    --deadline 672 --time-limit "$LIM" --merge-slots "$@"
}

printf "%-7s %-8s %-14s %7s %-9s %12s %12s %8s %-26s %7s\n" \
  case grid run slots status cost bound gap% "model (rows/cols/nz)" time_s
for c in $CASES; do
  case $c in
    es) week es "$D/prices/es_2025-10-01_15min.csv" ;;
    de) week de "$D/prices/de_lu_2024-05-06_to_2024-05-12_hourly.csv" ;;
    tou) week tou tests/fixtures/slots/tou.csv ;;
    lengths)
      run tou periods milp milp "$G" -p 8 --prices tests/fixtures/slots/tou.csv \
        --slot-minutes prices --deadline 42 --time-limit "$MLIM"
      run tou periods solve solve "$G" -p 8 --prices tests/fixtures/slots/tou.csv \
        --slot-minutes prices --deadline 42 --time-limit "$LIM"
      run tou periods local heuristic "$G" -p 8 --prices tests/fixtures/slots/tou.csv \
        --slot-minutes prices --deadline 42 --mode local --time-limit "$MLIM" ;;
  esac
done
