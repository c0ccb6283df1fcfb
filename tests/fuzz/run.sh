#!/bin/sh
# Run the libFuzzer targets built by `make fuzz`, one after the other, each
# for SECONDS seconds: tests/fuzz/run.sh BUILD SECONDS [TARGET...]
#
# Each target starts from its regression corpus (tests/fuzz/corpus/TARGET:
# every input that ever crashed or misbehaved; its expected message is a
# test in tests/cli/test_harden.sh) and seeds (test fixtures, bundled data,
# the shared data when $ECSCHED_SHARED_DATA or ../shared/data exists), with
# its dictionary tests/fuzz/TARGET.dict.  New inputs go to BUILD/corpus/
# TARGET (not committed); a crash is saved as BUILD/crash-TARGET-* and makes
# the run fail.  Prints one summary line per target.
set -u
build=$1
secs=$2
shift 2
targets=${*:-stg prices doc}
mkdir -p "$build" || exit 2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
shared=${ECSCHED_SHARED_DATA:-$top/../shared/data}
[ -d "$shared" ] || shared=""
status=0

seeds() { # TARGET DIR: copy the seed files of TARGET into DIR
  case $1 in
    stg) pat='*.stg' ;;
    prices) pat='*.csv' ;;
    doc) pat='*.json' ;;
    dot) pat='*.dot' ;;
    wfformat) pat='*.json' ;;
    cawosched) pat='*.input' ;;
    platform) pat='*.json' ;;
  esac
  for d in "$top/tests/fixtures" "$top/data" ${shared:+"$shared"}; do
    find "$d" -type f \( -name "$pat" -o -name "${pat%.dot}.gv" \) -size -200k
  done | while read -r f; do
    cp "$f" "$2/$(echo "$f" | cksum | cut -d' ' -f1)"
  done
  if [ "$1" = prices ] && [ -n "$shared" ]; then # OMIE files have no .csv
    find "$shared/prices" -type f -name '*.1' | while read -r f; do
      cp "$f" "$2/$(echo "$f" | cksum | cut -d' ' -f1)"
    done
  fi
}

for t in $targets; do
  bin=$build/fuzz_$t
  [ -x "$bin" ] || { echo "fuzz: $bin missing (make fuzz builds it)"; exit 2; }
  corpus=$build/corpus/$t
  seed=$build/seeds/$t
  mkdir -p "$corpus" "$seed"
  seeds "$t" "$seed"
  log=$build/fuzz_$t.log
  # -timeout: one input taking 10 s is a finding; -rss_limit_mb likewise
  "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 \
    -dict="$here/$t.dict" -artifact_prefix="$build/crash-$t-" \
    "$corpus" "$here/corpus/$t" "$seed" >"$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  slow=$(sed -n 's/^stat::slowest_unit_time_sec: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  if [ $rc -eq 0 ]; then res=ok; else res=FAIL; status=1; fi
  printf 'fuzz %-7s %s: %s runs in %s s, slowest unit %s s (libFuzzer, whole seconds), peak RSS %s MB, corpus %s files\n' \
    "$t" "$res" "${runs:-?}" "$secs" "${slow:-?}" "${rss:-?}" \
    "$(ls "$corpus" | wc -l | tr -d ' ')"
  # the slowest and largest input of the corpus, timed one by one
  if [ -x "$build/replay_$t" ] && [ -n "$(ls "$corpus")" ]; then
    printf 'fuzz %-7s replay: ' "$t"
    "$build/replay_$t" "$corpus"/* | tail -1
  fi
  if [ $rc -ne 0 ]; then
    grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -5
  fi
done
exit $status
