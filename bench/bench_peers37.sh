#!/bin/sh
# Side by side on the extended MILP (issue 37): for each case, `ecsched
# milp --write-lp` exports the model that `milp` and `solve` solve (after
# dropping what cannot bind), then `ecsched solve` runs and the peers solve
# it with one thread: Debian's CBC (`cbc`), HiGHS (PEERS_HIGHS, default
# /work/peers/install/bin/highs) and SCIP (PEERS_SCIP, default
# /work/peers/install/bin/scip), HiGHS and SCIP skipped when absent; all
# with the same limit PEERS_LIMIT (default 60 s).  The peers are not built
# here: CBC is the Debian package, HiGHS and SCIP whatever binaries the two
# variables name.  PEERS_SOLVERS (default "ecsched cbc highs scip") picks
# which run.
# Cases (PEERS_CASES, "platform:P:graph" words): platforms mix and three
# (bench/platforms, as bench_ext37.sh makes them) and solar (the bundled
# solar_two_class.json without its cap, half the PEs fast), E = 0.2.
# Rows to PEERS_OUT (default bench/results/peers37.csv; PEERS_APPEND=1
# appends): solver, status, objective, bound, wall seconds; for CBC also
# its root LP and its root bound after cuts ("Cuts at root node changed
# objective from A to B").
set -u
: "${ECSCHED:=bin/ecsched}" "${PEERS_LIMIT:=60}"
: "${PEERS_HIGHS:=/work/peers/install/bin/highs}"
: "${PEERS_SCIP:=/work/peers/install/bin/scip}"
: "${PEERS_OUT:=bench/results/peers37.csv}"
: "${PEERS_SOLVERS:=ecsched cbc highs scip}"
: "${PEERS_CASES:=mix:4:g00_n08 mix:4:g04_n11 mix:4:g08_n14 mix:8:g01_n08 mix:8:g12_n17 three:4:g08_n14 three:4:g16_n20 three:8:g20_n23 solar:4:g03_n10 solar:4:g09_n14}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; rm -f bench/platforms/.bench_peers_*.json data/platforms/.bench_peers_*.json' EXIT
platform() {
  q=$(($2 / 4)) h=$(($2 - 2 * ($2 / 4))) half=$(($2 / 2))
  case $1 in
    mix) f=bench/platforms/.bench_peers_$1_$2.json
         jq --argjson q "$q" --argjson h "$h" --argjson cap "$(echo "$2" | awk '{ print 0.7 * $1 }')" \
           '.classes[0].count = $q | .classes[1].count = $q | .classes[2].count = $h
            | .sites[0].power_cap_kw = $cap' bench/platforms/mix.json > "$f" ;;
    three) f=bench/platforms/.bench_peers_$1_$2.json
         jq --argjson q "$q" --argjson h "$h" \
           '.classes[0].count = $q | .classes[1].count = $q | .classes[2].count = $h' \
           bench/platforms/three_sites.json > "$f" ;;
    solar) f=data/platforms/.bench_peers_$1_$2.json
         jq --argjson h "$half" 'del(.sites[0].power_cap_kw)
           | .classes[0].count = $h | .classes[1].count = $h' data/platforms/solar_two_class.json > "$f" ;;
  esac
  echo "$f"
}
now() { date +%s.%N; }
want() { case " $PEERS_SOLVERS " in *" $1 "*) return 0 ;; esac; return 1; }
[ "${PEERS_APPEND:-0}" = 1 ] ||
  echo "platform,pes,graph,solver,status,objective,bound,wall_s,rows,cols,root_lp,root_cuts" > "$PEERS_OUT"
for c in $PEERS_CASES; do
  pl=${c%%:*} rest=${c#*:} P=${rest%%:*} g=${rest#*:}
  [ -f "data/paper32/$g.stg" ] || { echo "$c: no data/paper32/$g.stg"; continue; }
  pf=$(platform "$pl" "$P")
  rm -f "$tmp"/*.json "$tmp"/*.lp "$tmp"/*.txt
  "$ECSCHED" milp "data/paper32/$g.stg" --platform "$pf" --extension 0.2 \
    --time-limit 0.01 --write-lp "$tmp/m.lp" --json -o "$tmp/m.json" >/dev/null 2>&1
  rows=$(jq -r .rows "$tmp/m.json") cols=$(jq -r .cols "$tmp/m.json")
  if want ecsched; then
  t0=$(now)
  "$ECSCHED" solve "data/paper32/$g.stg" --platform "$pf" --extension 0.2 \
    --time-limit "$PEERS_LIMIT" --json -o "$tmp/s.json" >/dev/null 2>&1
  t1=$(now)
  echo "$pl,$P,$g,ecsched,$(jq -r .status "$tmp/s.json"),$(jq -r .cost "$tmp/s.json"),$(jq -r .bound "$tmp/s.json"),$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }'),$rows,$cols,," >> "$PEERS_OUT"
  fi
  if want cbc; then
  t0=$(now)
  timeout $((PEERS_LIMIT + 30)) cbc "$tmp/m.lp" -sec "$PEERS_LIMIT" -threads 1 -solve -quit > "$tmp/cbc.txt" 2>&1
  t1=$(now)
  st=$(grep -m1 '^Result - ' "$tmp/cbc.txt" | sed 's/^Result - //; s/,/;/g')
  obj=$(grep -m1 '^Objective value:' "$tmp/cbc.txt" | awk '{ print $3 }')
  lb=$(grep -m1 '^Lower bound:' "$tmp/cbc.txt" | awk '{ print $3 }')
  case $st in Optimal*) lb=$obj ;; esac
  root=$(grep -m1 '^Cuts at root node changed objective from' "$tmp/cbc.txt" | awk '{ printf "%s,%s", $8, $10 }')
  echo "$pl,$P,$g,cbc,$st,$obj,$lb,$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }'),$rows,$cols,${root:-,}" >> "$PEERS_OUT"
  fi
  if want highs && [ -x "$PEERS_HIGHS" ]; then
    t0=$(now)
    (cd "$tmp" && timeout $((PEERS_LIMIT + 30)) "$PEERS_HIGHS" --model_file m.lp \
      --time_limit "$PEERS_LIMIT" --threads 1 --parallel off > highs.txt 2>&1) # Highs.log there
    t1=$(now)
    st=$(grep -m1 '^ *Status ' "$tmp/highs.txt" | sed 's/^ *Status *//')
    obj=$(grep -m1 '^ *Primal bound' "$tmp/highs.txt" | awk '{ print $NF }')
    lb=$(grep -m1 '^ *Dual bound' "$tmp/highs.txt" | awk '{ print $NF }')
    echo "$pl,$P,$g,highs,$st,$obj,$lb,$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }'),$rows,$cols,," >> "$PEERS_OUT"
  fi
  if want scip && [ -x "$PEERS_SCIP" ]; then
    t0=$(now)
    (cd "$tmp" && timeout $((PEERS_LIMIT + 30)) "$PEERS_SCIP" -c "set limits time $PEERS_LIMIT" \
      -c "set parallel maxnthreads 1" -c "read m.lp" -c optimize -c quit > scip.txt 2>&1)
    t1=$(now)
    st=$(grep -m1 '^SCIP Status' "$tmp/scip.txt" | sed 's/^SCIP Status *: *//; s/,/;/g')
    obj=$(grep -m1 '^Primal Bound' "$tmp/scip.txt" | awk '{ printf "%.12g", $4 }')
    lb=$(grep -m1 '^Dual Bound' "$tmp/scip.txt" | awk '{ printf "%.12g", $4 }')
    echo "$pl,$P,$g,scip,$st,$obj,$lb,$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }'),$rows,$cols,," >> "$PEERS_OUT"
  fi
  rm -f "$pf"
done
column -s, -t "$PEERS_OUT"
