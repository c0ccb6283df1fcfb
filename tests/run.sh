#!/bin/sh
# Run every unit test binary in $1 and every command-line test script with
# the ecsched binary $2; print a closing "N passed, N failed, N skipped".
# Exit non-zero if anything failed.  ECS_TEST_LONG=1 (make check) adds the
# long runs: tests/unit/testutil.h tu_run, tests/cli/lib.sh long_run.
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
passed=0 failed=0 skipped=0
failures=""
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

for t in "$testdir"/test_*; do
  [ -x "$t" ] || continue
  name=$(basename "$t")
  if (cd "$top" && "$t") >"$tmp" 2>&1; then status=ok; else status=FAIL; fi
  # cmocka prints one OK line per passed test and closes with
  # "[  FAILED  ] N test(s), listed below:" / "[  SKIPPED ] N test(s), ..."
  p=$(grep -c '^\[       OK \]' "$tmp")
  # (one such line per group: the quick one and, under make check, the long)
  f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below:.*/\1/p' "$tmp" | awk '{ n += $1 } END { print n + 0 }')
  s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test(s), listed below:.*/\1/p' "$tmp" | awk '{ n += $1 } END { print n + 0 }')
  passed=$((passed + p)); skipped=$((skipped + s))
  if [ "$status" = FAIL ]; then
    [ "$f" -gt 0 ] || f=1
    failed=$((failed + f)); failures="$failures $name"
    cat "$tmp"
  fi
  printf '%-28s %s (%d ok, %d skipped)\n' "$name" "$status" "$p" "$s"
done

for t in "$here"/cli/test_*.sh; do
  [ -f "$t" ] || continue
  name=$(basename "$t" .sh)
  if (cd "$top" && sh "$t") >"$tmp" 2>&1; then status=ok; else status=FAIL; fi
  p=$(grep -c '^ok ' "$tmp")
  f=$(grep -c '^not ok ' "$tmp")
  s=$(grep -c '^skip ' "$tmp")
  passed=$((passed + p)); skipped=$((skipped + s))
  if [ "$status" = FAIL ] || [ "$f" -gt 0 ]; then
    [ "$f" -gt 0 ] || f=1
    failed=$((failed + f)); failures="$failures $name"
    grep -v '^ok ' "$tmp"
  else
    grep '^skip ' "$tmp" || true
  fi
  printf '%-28s %s (%d ok, %d skipped)\n' "$name" "$([ "$f" -gt 0 ] && echo FAIL || echo "$status")" "$p" "$s"
done

[ -n "$failures" ] && echo "failed:$failures"
echo "total: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
