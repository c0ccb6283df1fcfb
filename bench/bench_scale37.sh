#!/bin/sh
# issue 37, "at scale": `solve --time-limit SCALE_LIMIT` (default 120) on
# the extended platforms of bench/platforms at P = 8 (mix: 2 fast, 2 mid,
# 4 slow, solar + wind, cap 5.6 kW; three: three sites, 2 + 2 + 4) with
# E = 0.2, and on CaWoSched's converted platforms (docs/cawosched.md
# "Converting": atacseq1000, 72 PEs in 6 classes, --freqs 1, the setup's
# deadline).  SCALE_CASES: the cases, words of
#   fj1000:mix fj300:three lay300:three lay1000:mix stg100:three stg100:mix
#   stg50:mix (the shared 50-task STG graph rand0000)
#   wf:NAME:three (a shared workflow, ../shared/data/workflows/NAME.json)
#   cws:SETTING_D (e.g. cws:setting3_143: atacseq1000_small's setup)
# One row per case to SCALE_OUT (default bench/results/scale37.csv,
# appended): case, tasks, deadline, status, cost, bound, gap, phases
# (name:seconds), wall s, max RSS KB.  Run it under flock /work/bench.lock.
set -u
: "${ECSCHED:=bin/ecsched}" "${SCALE_LIMIT:=120}"
: "${SCALE_CASES:=fj1000:mix lay300:three lay1000:mix}"
: "${SCALE_OUT:=bench/results/scale37.csv}"
shared=${ECSCHED_SHARED_DATA:-../shared/data}
tmp=$(mktemp -d)
plat=bench/platforms
trap 'rm -rf "$tmp"; rm -f "$plat"/.scale37_*.json' EXIT
jq '.classes[0].count = 2 | .classes[1].count = 2 | .classes[2].count = 4
    | .sites[0].power_cap_kw = 5.6' "$plat/mix.json" > "$plat/.scale37_mix.json"
jq '.classes[0].count = 2 | .classes[1].count = 2 | .classes[2].count = 4' \
  "$plat/three_sites.json" > "$plat/.scale37_three.json"
[ -f "$SCALE_OUT" ] ||
  echo "case,tasks,deadline,status,cost,bound,gap,found_by,phases,wall_s,max_rss_kb" > "$SCALE_OUT"
for c in $SCALE_CASES; do
  g="" pf="" extra="--extension 0.2"
  case $c in
    fj1000:*) "$ECSCHED" generate --tasks 1000 --seed 37 --method forkjoin -o "$tmp/g.stg" 2>/dev/null; g=$tmp/g.stg ;;
    fj300:*) "$ECSCHED" generate --tasks 300 --seed 37 --method forkjoin -o "$tmp/g.stg" 2>/dev/null; g=$tmp/g.stg ;;
    lay300:*) "$ECSCHED" generate --tasks 300 --seed 37 --method layered -o "$tmp/g.stg" 2>/dev/null; g=$tmp/g.stg ;;
    lay1000:*) "$ECSCHED" generate --tasks 1000 --seed 37 --method layered -o "$tmp/g.stg" 2>/dev/null; g=$tmp/g.stg ;;
    stg100:*) g=$shared/stg/100/rand0000.stg ;;
    stg50:*) g=$shared/stg/50/rand0000.stg ;;
    wf:*) n=${c#wf:}; n=${n%:*}; g=$shared/workflows/$n.json ;;
    cws:*) s=${c#cws:}; d=${s#*_}; set=${s%_*}
      f=""
      for x in "$shared"/cawosched/Profiles/atacseq1000_small/"${set}"_atacseq1000_72_"${d}"_*.input; do
        [ -f "$x" ] && { f=$x; break; }
      done
      "$ECSCHED" convert "$shared/cawosched/SchedulingGraphs/atacseq1000s1.dot" --to stg -o "$tmp/g.stg" \
        --platform "$f" --platform-out "$tmp/cws.json" >/dev/null 2>&1 || { echo "$c: convert failed"; continue; }
      g=$tmp/g.stg pf=$tmp/cws.json extra="--deadline $d --freqs 1" ;;
  esac
  case $c in cws:*) ;; *) pf=$plat/.scale37_${c##*:}.json ;; esac
  # shellcheck disable=SC2086
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$ECSCHED" solve "$g" --platform "$pf" $extra \
    --time-limit "$SCALE_LIMIT" --json -o "$tmp/s.json" > /dev/null 2> "$tmp/err"
  [ -s "$tmp/s.json" ] || { echo "$c: $(head -1 "$tmp/err")"; continue; }
  row=$(jq -r --arg c "$c" '[$c, .graph.tasks, .deadline, .status, .cost, .bound, .gap, .found_by,
        ([.phases[] | "\(.phase):\(.used_s * 10 | round / 10)"] | join(" "))] | map(tostring) | join(",")' "$tmp/s.json")
  echo "$row,$(awk '{print $1 "," $2}' "$tmp/time")" | tee -a "$SCALE_OUT"
done
