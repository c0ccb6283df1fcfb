# ecsched at scale (issue 31): time, peak memory, local's cost, solve's cost
# and bound on generated graphs of 1,000 to 30,000 tasks.
#   SCALING_SHAPES  generator methods (default "layered forkjoin")
#   SCALING_TASKS   task counts (default "1000 3000 10000 30000")
#   SCALING_PES     PE counts (default "16 64")
#   SCALING_LIMITS  solve's time limits in s (default "60 600")
#   SCALING_LOCAL   local's time limit in s (default 60; 0: no local run)
#   SCALING_E       deadline extension (default 0.2)
#   SCALING_ONLY    run only the cases "shape:tasks:P:limit" listed (e.g.
#                   "layered:30000:64:600"; a local run is "...:local")
#   SCALING_CSV     CSV to append the rows to (default: stdout only)
#   SCALING_SVG     also draw the CSV as an SVG (bench/scaling_plot.sh)
# Any subset can be run: the rows are appended to SCALING_CSV, which
# bench/scaling_plot.sh draws.  The full table takes hours (the 600 s
# column alone: 16 runs of 10 minutes); bench/results/scaling.md quotes the
# subset measured.  Runs one at a time under flock /tmp/ecsched-bench.lock,
# at nice 10.  One CSV row per run:
#   shape,tasks,pes,extension,deadline,run,limit_s,time_s,peak_mb,cost,bound,gap,bound_method
set -u
E=${ECSCHED:-bin/ecsched}
SHAPES=${SCALING_SHAPES:-layered forkjoin}
TASKS=${SCALING_TASKS:-1000 3000 10000 30000}
PES=${SCALING_PES:-16 64}
LIMITS=${SCALING_LIMITS:-60 600}
LOCAL=${SCALING_LOCAL:-60}
EXT=${SCALING_E:-0.2}
ONLY=${SCALING_ONLY:-}
CSV=${SCALING_CSV:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "skip: $TIME (GNU time) absent: no peak memory"; exit 0; }
header=shape,tasks,pes,extension,deadline,run,limit_s,time_s,peak_mb,cost,bound,gap,bound_method

wanted() { # shape tasks P what
  [ -z "$ONLY" ] && return 0
  case " $ONLY " in *" $1:$2:$3:$4 "*) return 0 ;; esac
  return 1
}

# run WHAT LIMIT GRAPH P SHAPE N: one measured run, one CSV row
run() {
  what=$1 lim=$2 g=$3 p=$4 shape=$5 n=$6
  if [ "$what" = local ]; then
    set -- heuristic "$g" -p "$p" --extension "$EXT" --mode local --time-limit "$lim"
  else
    set -- solve "$g" -p "$p" --extension "$EXT" --time-limit "$lim"
  fi
  flock /tmp/ecsched-bench.lock nice -n 10 "$TIME" -f "%e %M" -o "$tmp/t" \
    "$E" "$@" --json >"$tmp/doc.json" 2>"$tmp/err"
  rc=$?
  read -r secs kb <"$tmp/t" 2>/dev/null || { secs=NA kb=0; }
  # the few keys wanted, from the pretty-printed document's top level
  awk -v shape="$shape" -v n="$n" -v p="$p" -v ext="$EXT" -v what="$what" \
      -v lim="$lim" -v secs="$secs" -v kb="$kb" -v rc="$rc" '
    function val(s) { sub(/^[^:]*: */, "", s); sub(/,$/, "", s); gsub(/"/, "", s); return s }
    /^  "deadline": / { d = val($0) } /^  "cost": / { c = val($0) }
    /^  "bound": / { b = val($0) } /^  "gap": / { gp = val($0) }
    /^  "bound_method": / { m = val($0) }
    END { if (rc != 0 && c == "") c = "exit" rc;
          printf "%s,%s,%s,%s,%s,%s,%s,%s,%.0f,%s,%s,%s,%s\n", shape, n, p, ext,
                 d, what, lim, secs, kb / 1024, c, b == "" ? "" : b,
                 gp == "" ? "" : gp, m }' "$tmp/doc.json"
}

echo "# $("$E" --version 2>/dev/null | head -1) (commit $(git rev-parse --short HEAD 2>/dev/null)), $(date -u +%Y-%m-%dT%H:%MZ), $(uname -m), $(nproc) CPUs, E = $EXT, epex-2016-10-19"
echo "$header"
[ -n "$CSV" ] && [ ! -s "$CSV" ] && echo "$header" >"$CSV"
for shape in $SHAPES; do
  for n in $TASKS; do
    g=$tmp/$shape$n.stg
    "$E" generate --tasks "$n" --seed 1 --method "$shape" -o "$g" >/dev/null || continue
    for p in $PES; do
      rows=""
      if [ "$LOCAL" != 0 ] && wanted "$shape" "$n" "$p" local; then
        rows="$rows$(run local "$LOCAL" "$g" "$p" "$shape" "$n")
"
      fi
      for lim in $LIMITS; do
        wanted "$shape" "$n" "$p" "$lim" || continue
        rows="$rows$(run solve "$lim" "$g" "$p" "$shape" "$n")
"
      done
      printf '%s' "$rows"
      [ -n "$CSV" ] && printf '%s' "$rows" >>"$CSV"
    done
  done
done
if [ -n "${SCALING_SVG:-}" ] && [ -n "$CSV" ]; then
  sh "$(dirname "$0")/scaling_plot.sh" "$CSV" >"$SCALING_SVG" &&
    echo "# plot: $SCALING_SVG"
fi
exit 0
