#!/bin/bash
# Run every unit test binary in $1 and every command-line test script with
# the ecsched binary $2; print one line per test as it ends and a closing
# "N passed, N failed, N skipped"; the output of every failed test follows
# its line at the end.  Exit non-zero if anything failed.
#
# ECS_TEST_LONG=1 (make check) adds the long runs: tests/unit/testutil.h
# tu_run, tests/cli/lib.sh long_run.
#
# The tests run side by side, TEST_JOBS at a time (default: the number of
# processors; TEST_JOBS=1 runs them one after the other).  Each test works in
# its own scratch directory (tests/cli/lib.sh T_DIR, mkdtemp in the unit
# tests), so they do not see each other.  The longest start first: the wall
# time of each test is kept in $1/.times and orders the next run; before the
# first run, tests/run.times (a quiet machine's $1/.times, wall seconds side by side; a
# test it lacks starts first, command-line scripts before unit binaries).
set -u
testdir=$1
ECSCHED=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
export ECSCHED
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
if [ -z "${ECSCHED_SHARED_DATA:-}" ] && [ -d "$top/../shared/data" ]; then
  ECSCHED_SHARED_DATA=$(cd "$top/../shared/data" && pwd)
  export ECSCHED_SHARED_DATA
fi
jobs=${TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
case $jobs in '' | *[!0-9]* | 0) echo "run.sh: TEST_JOBS must be a positive number, not '$jobs'" >&2; exit 2 ;; esac
res=$(mktemp -d)
trap 'rm -rf "$res"' EXIT
times=$testdir/.times

# The tests as "KIND NAME PATH" (KIND: unit or cli), longest first.
list() {
  for t in "$testdir"/test_*; do
    [ -x "$t" ] && [ -f "$t" ] && echo "unit $(basename "$t") $t"
  done
  for t in "$here"/cli/test_*.sh; do
    [ -f "$t" ] && echo "cli $(basename "$t") $t"
  done
}
order() {
  list | while read -r kind name path; do
    w=$( { [ -f "$times" ] && sed -n "s/^$kind\\.$name \\([0-9.]*\\)\$/\\1/p" "$times"; } | head -1)
    [ -n "$w" ] || [ -f "$times" ] || w=$(sed -n "s/^$kind\\.$name \\([0-9.]*\\)\$/\\1/p" "$here/run.times" | head -1)
    # no recorded time: first (cli 1e9, unit 1e8 ahead of any real time)
    [ -n "$w" ] || { [ "$kind" = cli ] && w=1000000000 || w=100000000; }
    echo "$w $kind $name $path"
  done | sort -k1,1gr -k3,3 | cut -d' ' -f2-
}

# run_one KIND NAME PATH: run it, count, print its line, leave
# res/KIND.NAME.{out,counts,time}.
run_one() {
  local kind=$1 name=$2 path=$3 key=$1.$2 status p f s t0 t1 out
  out=$res/$key.out
  t0=$(date +%s.%N)
  if [ "$kind" = unit ]; then
    if (cd "$top" && "$path") >"$out" 2>&1; then status=ok; else status=FAIL; fi
    # cmocka prints one OK line per passed test and closes with
    # "[  FAILED  ] N test(s), listed below:" / "[  SKIPPED ] N test(s), ..."
    # (one such line per group: the quick one and, under make check, the long)
    p=$(grep -c '^\[       OK \]' "$out")
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below:.*/\1/p' "$out" | awk '{ n += $1 } END { print n + 0 }')
    s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test(s), listed below:.*/\1/p' "$out" | awk '{ n += $1 } END { print n + 0 }')
  else
    if (cd "$top" && sh "$path") >"$out" 2>&1; then status=ok; else status=FAIL; fi
    p=$(grep -c '^ok ' "$out")
    f=$(grep -c '^not ok ' "$out")
    s=$(grep -c '^skip ' "$out")
    [ "$f" -gt 0 ] && status=FAIL
  fi
  [ "$status" = FAIL ] && [ "$f" -eq 0 ] && f=1
  t1=$(date +%s.%N)
  echo "$p $f $s" >"$res/$key.counts"
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' >"$res/$key.time"
  printf '%-28s %s (%d ok, %d skipped)\n' "$name" "$status" "$p" "$s"
}

running=0
while read -r kind name path; do
  run_one "$kind" "$name" "$path" </dev/null &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done < <(order)
wait

passed=0 failed=0 skipped=0 failures=""
: >"$res/times"
while read -r kind name path; do
  key=$kind.$name
  [ -f "$res/$key.counts" ] || { failed=$((failed + 1)); failures="$failures $name"; continue; }
  read -r p f s <"$res/$key.counts"
  passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
  echo "$key $(cat "$res/$key.time")" >>"$res/times"
  if [ "$f" -gt 0 ]; then
    failures="$failures $name"
    echo "--- $name:"
    if [ "$kind" = unit ]; then cat "$res/$key.out"; else grep -v '^ok ' "$res/$key.out"; fi
  elif [ "$kind" = cli ]; then
    grep '^skip ' "$res/$key.out" | sed "s/^/$name: /"
  fi
done < <(list)
cp "$res/times" "$times" 2>/dev/null || true

[ -n "$failures" ] && echo "failed:$failures"
echo "total: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
