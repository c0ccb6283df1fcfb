# ecsched solve: gap to the bound, time and memory (issue 14).
# Part 1: the 16 shared 50-task STG graphs x P {2,4,8,16}, E = 0.2, limit
#   SOLVE_LIMIT (default 300 s).  Part 2: the shared 100- and 300-task graphs
#   and generated 1,000- and 2,000-task graphs x P {4,16}, limit
#   SOLVE_LIMIT_LARGE (default 600 s), and the shared workflows in part 2.
#   Each run stops at its target gap: SOLVE_GAP (default 0.005) in part 1,
#   SOLVE_GAP_LARGE (default 0.02) in part 2.  SOLVE_PARTS="1 2" selects parts,
#   SOLVE_GRAPHS limits how many graphs per set (default all),
#   SOLVE_PES overrides the PE counts.  Runs one at a time under
#   flock /tmp/ecsched-bench.lock.  One row per run:
#   graph P tasks status mode cost bound gap% method found_by time_s maxrss_MB
set -u
E=${ECSCHED:-bin/ecsched}
D=${ECSCHED_SHARED_DATA:-../shared/data}
LIM=${SOLVE_LIMIT:-300}
LIML=${SOLVE_LIMIT_LARGE:-600}
NG=${SOLVE_GRAPHS:-1000}
GAP=${SOLVE_GAP:-0.005}
GAPL=${SOLVE_GAP_LARGE:-0.02}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TIME=/usr/bin/time
[ -x "$TIME" ] || TIME=""

one() { # GRAPH P LIMIT GAP
  if [ -n "$TIME" ]; then
    flock /tmp/ecsched-bench.lock $TIME -f "%e %M" -o "$tmp/t" \
      "$E" solve "$1" -p "$2" --extension 0.2 --time-limit "$3" --gap "$4" \
      -o "$tmp/s.json" >"$tmp/out" 2>/dev/null
  else
    flock /tmp/ecsched-bench.lock "$E" solve "$1" -p "$2" --extension 0.2 \
      --time-limit "$3" --gap "$4" -o "$tmp/s.json" >"$tmp/out" 2>/dev/null
    echo "NA 0" >"$tmp/t"
  fi
  awk -v g="$(basename "$1" | sed 's/\.stg$//; s/\.json$//' | cut -c1-24)" -v p="$2" -v tf="$tmp/t" '
    /^graph/ { n = $3; sub(/\(/, "", n) }
    /^status/ { st = $2 } /^mode/ { mode = $2 }
    /^cost/ { cost = $2 } /^bound/ { b = $2; m = $3; gsub(/[()]/, "", m) }
    /^gap/ { gap = $2; sub(/%/, "", gap) } /^found by/ { fb = $3 }
    END { getline tl < tf; split(tl, a, " ");
          printf "%-24s %3s %5s %-9s %-10s %12s %12s %8s %-20s %-6s %8s %8.0f\n",
                 g, p, n, st, mode, cost, b, gap, m, fb, a[1], a[2] / 1024 }' "$tmp/out"
}

echo "# $("$E" --version 2>/dev/null | head -1) (commit $(git rev-parse --short HEAD 2>/dev/null)), $(date -u +%Y-%m-%dT%H:%MZ), $(uname -m), $(nproc) CPUs;" \
  "E = 0.2, epex-2016-10-19; part 1: limit $LIM s, gap $GAP; part 2: limit $LIML s, gap $GAPL"
printf "%-24s %3s %5s %-9s %-10s %12s %12s %8s %-20s %-6s %8s %8s\n" \
  graph P tasks status mode cost bound gap% bound_method found_by time_s MB
for part in ${SOLVE_PARTS:-1 2}; do
  case $part in
  1)
    [ -d "$D/stg/50" ] || { echo "skip: $D/stg/50 absent"; continue; }
    for p in ${SOLVE_PES:-2 4 8 16}; do
      for g in $(ls "$D"/stg/50/*.stg | head -n "$NG"); do one "$g" "$p" "$LIM" "$GAP"; done
    done ;;
  2)
    "$E" generate --tasks 1000 --seed 1 -o "$tmp/gen1000.stg" >/dev/null
    "$E" generate --tasks 2000 --seed 2 -o "$tmp/gen2000.stg" >/dev/null
    for p in ${SOLVE_PES:-4 16}; do
      for g in $(ls "$D"/stg/100/*.stg 2>/dev/null | head -n "$NG") \
               $(ls "$D"/stg/300/*.stg 2>/dev/null | head -n "$NG") \
               $(ls "$D"/workflows/*.json 2>/dev/null | head -n "$NG") \
               "$tmp/gen1000.stg" "$tmp/gen2000.stg"; do
        one "$g" "$p" "$LIML" "$GAPL"
      done
    done ;;
  esac
done
