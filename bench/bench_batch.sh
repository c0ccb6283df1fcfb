# Benchmark: ecsched batch throughput (heuristic-only cases per second with
# -j 2) and overhead per case over the bare method run (fork, problem set-up,
# JSON line, write + fdatasync), on generated 50-task graphs.
: "${ECSCHED:=bin/ecsched}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
METHODS=""
for m in sweep binary; do
  if "$ECSCHED" compare tests/fixtures/tiny.stg -p 2 --prices flat --methods $m >/dev/null 2>&1; then
    METHODS="${METHODS:+$METHODS,}$m"
  fi
done
if [ -z "$METHODS" ]; then
  METHODS=base
  echo "note: no heuristic in this build; measuring with --methods base"
fi
for s in 1 2 3 4 5 6 7 8; do
  "$ECSCHED" generate --tasks 50 --seed $s -o "$tmp/g$s.stg" >/dev/null
done
ARGS="$tmp/g1.stg $tmp/g2.stg $tmp/g3.stg $tmp/g4.stg $tmp/g5.stg $tmp/g6.stg $tmp/g7.stg $tmp/g8.stg
      -p 2,4,8,16 --extension 0,0.05,0.1,0.2 --prices flat,epex-2016-10-19 --methods $METHODS
      --makespan-limit 1"
now() { date +%s%N; }
# shellcheck disable=SC2086
run_batch() { # JOBS OUT -> wall ns
  t0=$(now)
  "$ECSCHED" batch $ARGS -j "$1" --out "$2" >/dev/null 2>&1
  echo $(( $(now) - t0 ))
}
w1=$(run_batch 1 "$tmp/j1.jsonl")
w2=$(run_batch 2 "$tmp/j2.jsonl")
n=$(wc -l <"$tmp/j1.jsonl" | tr -d ' ')
# sum of the in-process runtimes of the methods (the bare work)
bare=$(sed -n 's/.*"runtime_s":\([^,]*\),.*/\1/p' "$tmp/j1.jsonl" | awk '{ s += $1 } END { printf "%.6f", s }')
# the base schedule (makespan search, once per graph and P) is part of the
# overhead: measure it with a base-only batch (one line per unit with E = 0, flat)
# shellcheck disable=SC2086
"$ECSCHED" batch $(echo "$ARGS" | sed 's/--methods [a-z,]*/--methods base/') -j 2 --out "$tmp/base.jsonl" >/dev/null 2>&1
basems=$(grep '"extension":0.0,"prices":"flat"' "$tmp/base.jsonl" | sed -n 's/.*"runtime_s":\([^,]*\),.*/\1/p' | awk '{ s += $1 } END { printf "%.6f", s }')
awk -v n="$n" -v w1="$w1" -v w2="$w2" -v bare="$bare" -v m="$METHODS" -v base="$basems" 'BEGIN {
  printf "%-44s %s\n", "cases (8 graphs x 4 P x 4 E x 2 prices)", n " (" m ")"
  printf "%-44s %.1f\n", "cases/s with -j 1", n / (w1 / 1e9)
  printf "%-44s %.1f\n", "cases/s with -j 2", n / (w2 / 1e9)
  printf "%-44s %.3f\n", "bare method time per case (ms)", bare / n * 1e3
  printf "%-44s %.3f\n", "wall time per case with -j 1 (ms)", w1 / 1e6 / n
  printf "%-44s %.3f\n", "overhead per case over the bare run (ms)", w1 / 1e6 / n - bare / n * 1e3
  printf "%-44s %.3f\n", "  of which base schedules, amortised (ms)", base / n * 1e3
  printf "%-44s %.3f\n", "  the rest: fork, set-up, JSON, I/O (ms)", w1 / 1e6 / n - bare / n * 1e3 - base / n * 1e3
}'
# resuming a complete file: reading the keys only
t0=$(now)
# shellcheck disable=SC2086
"$ECSCHED" batch $ARGS -j 2 --out "$tmp/j2.jsonl" >/dev/null 2>&1
printf '%-44s %.1f\n' "rerun of a complete batch (ms)" "$(echo "$(( $(now) - t0 ))" | awk '{ print $1 / 1e6 }')"
