#!/bin/sh
# Side by side on the strong MILP (issue 40): for each case of the shared
# 50-task graphs, `ecsched milp --write-lp` exports the model that `milp`
# and `solve` solve, then `ecsched solve` runs, and the peers solve the
# exported model with one thread: HiGHS (PEERS_HIGHS, default
# /work/peers/install/bin/highs) and SCIP (PEERS_SCIP, default
# /work/peers/install/bin/scip), each skipped when absent.  The peers are
# not built here: the binaries are whatever the two variables name.
# All with the same limit PEERS_LIMIT (default 120 s); PEERS_SOLVERS
# (default "ecsched highs scip") picks which run.
# Cases (PEERS_CASES, "graph:P:E" words; graphs in
# $ECSCHED_SHARED_DATA/stg/50, default ../shared/data).  Rows to
# PEERS_OUT (default bench/results/peers40.csv; PEERS_APPEND=1 appends):
# solver, status, objective (cost), bound, wall seconds, peak MB, the
# model's rows and columns; PEERS_LOGS, a directory for the peers' logs.  Run one case per call under the shared lock
# when the machine is shared: every case takes up to three limits.
set -u
: "${ECSCHED:=bin/ecsched}" "${PEERS_LIMIT:=120}"
: "${PEERS_HIGHS:=/work/peers/install/bin/highs}"
: "${PEERS_SCIP:=/work/peers/install/bin/scip}"
: "${PEERS_OUT:=bench/results/peers40.csv}"
: "${ECSCHED_SHARED_DATA:=../shared/data}"
: "${PEERS_SOLVERS:=ecsched highs scip}"
: "${PEERS_CASES:=rand0064:4:0.2 rand0064:4:0.05 rand0064:16:0.2 rand0064:16:0.05 rand0090:4:0.05 rand0090:4:0.2 rand0090:16:0.05 rand0090:16:0.2}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
want() { case " $PEERS_SOLVERS " in *" $1 "*) return 0 ;; esac; return 1; }
since() { echo "$1 $(now)" | awk '{ printf "%.2f", $2 - $1 }'; }
peak() { awk '/^peak / { printf "%.0f", $2 / 1024 }' "$1"; }
# peer NAME COMMAND...: COMMAND in $tmp, its output to $tmp/NAME.txt (and
# $PEERS_LOGS/NAME_graph_P_E.txt when PEERS_LOGS is set), w its wall seconds
peer() {
  n=$1; shift
  t0=$(now)
  (cd "$tmp" && /usr/bin/time -f "peak %M" -o t.txt timeout $((PEERS_LIMIT + 30)) \
    "$@" > "$n.txt" 2>&1)
  w=$(since "$t0")
  [ -z "${PEERS_LOGS:-}" ] || cp "$tmp/$n.txt" "$PEERS_LOGS/${n}_${g}_${P}_$E.txt"
}
[ "${PEERS_APPEND:-0}" = 1 ] ||
  echo "graph,pes,extension,solver,status,objective,bound,wall_s,peak_mb,rows,cols" > "$PEERS_OUT"
for c in $PEERS_CASES; do
  g=${c%%:*} rest=${c#*:} P=${rest%%:*} E=${rest#*:}
  f=$ECSCHED_SHARED_DATA/stg/50/$g.stg
  [ -f "$f" ] || { echo "$c: no $f"; continue; }
  rm -f "$tmp"/*
  "$ECSCHED" milp "$f" -p "$P" --extension "$E" --time-limit 0.01 \
    --write-lp "$tmp/m.lp" --json -o "$tmp/m.json" >/dev/null 2>&1
  rows=$(jq -r .rows "$tmp/m.json") cols=$(jq -r .cols "$tmp/m.json")
  dl=$(jq -r .deadline "$tmp/m.json")
  row() { echo "$g,$P,$E,$1,$2,$3,$4,$5,$6,$rows,$cols" >> "$PEERS_OUT"; }
  # solve with the exported model's D' (the base search may differ run to run)
  if want ecsched; then
  t0=$(now)
  /usr/bin/time -f "peak %M" -o "$tmp/t.txt" "$ECSCHED" solve "$f" -p "$P" \
    --deadline "$dl" --time-limit "$PEERS_LIMIT" --json -o "$tmp/s.json" >/dev/null 2>&1
  w=$(since "$t0")
  row ecsched "$(jq -r .status "$tmp/s.json")" "$(jq -r .cost "$tmp/s.json")" \
    "$(jq -r .bound "$tmp/s.json")" "$w" "$(peak "$tmp/t.txt")"
  fi
  if want highs && [ -x "$PEERS_HIGHS" ]; then
    peer highs "$PEERS_HIGHS" --model_file m.lp --time_limit "$PEERS_LIMIT" \
      --threads 1 --parallel off # Highs.log there
    st=$(grep -m1 '^ *Status ' "$tmp/highs.txt" | sed 's/^ *Status *//')
    obj=$(grep -m1 '^ *Primal bound' "$tmp/highs.txt" | awk '{ print $NF }')
    lb=$(grep -m1 '^ *Dual bound' "$tmp/highs.txt" | awk '{ print $NF }')
    row highs "$st" "$obj" "$lb" "$w" "$(peak "$tmp/t.txt")"
  fi
  if want scip && [ -x "$PEERS_SCIP" ]; then
    peer scip "$PEERS_SCIP" -c "set limits time $PEERS_LIMIT" \
      -c "set parallel maxnthreads 1" -c "read m.lp" -c optimize \
      -c "display statistics" -c quit
    st=$(grep -m1 '^SCIP Status' "$tmp/scip.txt" | sed 's/^SCIP Status *: *//; s/,/;/g')
    obj=$(grep -m1 '^Primal Bound' "$tmp/scip.txt" | awk '{ printf "%.12g", $4 }')
    lb=$(grep -m1 '^Dual Bound' "$tmp/scip.txt" | awk '{ printf "%.12g", $4 }')
    row scip "$st" "$obj" "$lb" "$w" "$(peak "$tmp/t.txt")"
  fi
done
column -s, -t "$PEERS_OUT"
