# Pipelines whose branches are chains (issue 40): solve's cost, bound, gap,
# time and peak memory on fork-join pipelines with chain branches of 2..4
# tasks (generate --method forkjoin --chain 2:4), 1,000 tasks, work 1..10
# and 1..30, P = 4 and 16, E = 0.05 and 0.2.
#   CHAINS_TASKS   task counts (default 1000)
#   CHAINS_WORK    max work values (default "10 30")
#   CHAINS_PES     PE counts (default "4 16")
#   CHAINS_E       extensions (default "0.05 0.2")
#   CHAINS_LIMIT   solve's time limit in s (default 600)
#   CHAINS_GAP     solve's --gap (default 0.02: the target)
#   ECSCHED_BENCH_LOCK  the lock every run takes (default /work/bench.lock
#                  when it exists, else /tmp/ecsched-bench.lock)
# One CSV row per run, at nice 10, one run at a time under the lock:
#   tasks,max_work,pes,extension,deadline,limit_s,time_s,peak_mb,cost,bound,gap,bound_method,found_by
set -u
E=${ECSCHED:-bin/ecsched}
TASKS=${CHAINS_TASKS:-1000}
WORKS=${CHAINS_WORK:-10 30}
PES=${CHAINS_PES:-4 16}
EXTS=${CHAINS_E:-0.05 0.2}
LIMIT=${CHAINS_LIMIT:-600}
GAP=${CHAINS_GAP:-0.02}
LOCK=${ECSCHED_BENCH_LOCK:-}
if [ -z "$LOCK" ]; then
  if [ -e /work/bench.lock ]; then LOCK=/work/bench.lock; else LOCK=/tmp/ecsched-bench.lock; fi
fi
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "skip: $TIME (GNU time) absent: no peak memory"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# $("$E" --version 2>/dev/null | head -1) (commit $(git rev-parse --short HEAD 2>/dev/null)), $(date -u +%Y-%m-%dT%H:%MZ), $(uname -m), $(nproc) CPUs, epex-2016-10-19, --gap $GAP"
echo "tasks,max_work,pes,extension,deadline,limit_s,time_s,peak_mb,cost,bound,gap,bound_method,found_by"
for n in $TASKS; do
  for w in $WORKS; do
    g=$tmp/chains$n-$w.stg
    "$E" generate --tasks "$n" --seed 1 --method forkjoin --chain 2:4 \
      --max-work "$w" -o "$g" >/dev/null || continue
    for p in $PES; do
      for x in $EXTS; do
        flock "$LOCK" nice -n 10 "$TIME" -f "%e %M" -o "$tmp/t" \
          "$E" solve "$g" -p "$p" --extension "$x" --time-limit "$LIMIT" \
          --gap "$GAP" --json >"$tmp/doc.json" 2>"$tmp/err"
        rc=$?
        read -r secs kb <"$tmp/t" 2>/dev/null || { secs=NA kb=0; }
        awk -v n="$n" -v w="$w" -v p="$p" -v x="$x" -v lim="$LIMIT" \
            -v secs="$secs" -v kb="$kb" -v rc="$rc" '
          function val(s) { sub(/^[^:]*: */, "", s); sub(/,$/, "", s); gsub(/"/, "", s); return s }
          /^  "deadline": / { d = val($0) } /^  "cost": / { c = val($0) }
          /^  "bound": / { b = val($0) } /^  "gap": / { gp = val($0) }
          /^  "bound_method": / { m = val($0) } /^  "found_by": / { f = val($0) }
          END { if (rc != 0 && c == "") c = "exit" rc;
                printf "%s,%s,%s,%s,%s,%s,%s,%.0f,%s,%s,%s,%s,%s\n", n, w, p, x, d,
                       lim, secs, kb / 1024, c, b, gp, m, f }' "$tmp/doc.json"
      done
    done
  done
done
exit 0
