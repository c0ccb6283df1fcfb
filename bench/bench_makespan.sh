#!/bin/sh
# Makespan benchmark (issue 4):
#  1. every published-optimum case (shared data, stg/known_optima.csv) with
#     the default 10 s limit: proven optimal or not, makespan vs. the
#     published optimum, time per case;
#  2. the open cases (stg/known_bounds.csv): makespan and bound vs. the
#     published bounds;
#  3. list scheduling alone (--time-limit 0) on the 300-task graphs, and
#     the full search on them with the default limit;
#  4. list scheduling on generated 5,000-task graphs (and a 20,000-task
#     one, the generator's maximum), and the full search on the 5,000-task
#     graphs.
# Run from the project root with $ECSCHED set (make bench does both).
set -u
: "${ECSCHED:=bin/ecsched}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

field() { sed -n "s/^$1  *//p" "$tmp/out" | head -1; }

data=${ECSCHED_SHARED_DATA:-}
if [ -n "$data" ] && [ -f "$data/stg/known_optima.csv" ]; then
  echo "-- published optima, default time limit (10 s)"
  printf '%-18s %3s %5s %5s %5s %-7s %10s %8s\n' graph P opt ours bound proven nodes time_s
  total=0 proven=0 wrong=0 maxt=0 sumt=0
  while IFS=, read -r f p opt rest; do
    "$ECSCHED" makespan "$data/stg/$f" -p "$p" >"$tmp/out" 2>&1
    ms=$(field makespan) lb=$(field 'lower bound') nodes=$(field nodes)
    t=$(field time | cut -d' ' -f1)
    pr=$(field optimal | cut -d' ' -f1)
    total=$((total + 1))
    [ "$pr" = yes ] && proven=$((proven + 1))
    if [ "$ms" != "$opt" ] && [ "$pr" = yes ]; then wrong=$((wrong + 1)); fi
    [ "$ms" -lt "$opt" ] 2>/dev/null && wrong=$((wrong + 1))
    maxt=$(awk -v a="$maxt" -v b="$t" 'BEGIN { print (b > a) ? b : a }')
    sumt=$(awk -v a="$sumt" -v b="$t" 'BEGIN { print a + b }')
    printf '%-18s %3s %5s %5s %5s %-7s %10s %8s\n' "$f" "$p" "$opt" "$ms" "$lb" "$pr" "$nodes" "$t"
  done <<EOF
$(tail -n +2 "$data/stg/known_optima.csv")
EOF
  echo "proven optimal: $proven of $total; disagreeing with the published optimum: $wrong"
  echo "time per case: max $maxt s, total $sumt s"
  echo
  echo "-- open cases (published lower bound .. best known), default time limit"
  printf '%-18s %3s %9s %5s %5s %-7s %8s\n' graph P published ours bound proven time_s
  while IFS=, read -r f p lb ub rest; do
    "$ECSCHED" makespan "$data/stg/$f" -p "$p" >"$tmp/out" 2>&1
    printf '%-18s %3s %9s %5s %5s %-7s %8s\n' "$f" "$p" "$lb..$ub" \
      "$(field makespan)" "$(field 'lower bound')" \
      "$(field optimal | cut -d' ' -f1)" "$(field time | cut -d' ' -f1)"
  done <<EOF
$(tail -n +2 "$data/stg/known_bounds.csv")
EOF
  echo
  echo "-- list scheduling on the 300-task graphs (--time-limit 0)"
  printf '%-18s %3s %6s %6s %9s %9s\n' graph P list bound list_ms bound_ms
  for g in "$data"/stg/300/*.stg; do
    for p in 2 4 8 16; do
      "$ECSCHED" makespan "$g" -p "$p" --time-limit 0 >"$tmp/out" 2>&1
      t=$(field time)
      printf '%-18s %3s %6s %6s %9s %9s\n' "300/$(basename "$g")" "$p" \
        "$(field makespan)" "$(field 'lower bound')" \
        "$(echo "$t" | sed 's/.*list \([0-9.]*\) ms.*/\1/')" \
        "$(echo "$t" | sed 's/.*bound \([0-9.]*\) ms.*/\1/')"
    done
  done
  echo
  echo "-- branch-and-bound on the 300-task graphs, default time limit"
  printf '%-18s %3s %6s %6s %6s %-7s %10s %8s\n' graph P list ours bound proven nodes time_s
  for g in "$data"/stg/300/*.stg; do
    for p in 2 4 8 16; do
      "$ECSCHED" makespan "$g" -p "$p" >"$tmp/out" 2>&1
      printf '%-18s %3s %6s %6s %6s %-7s %10s %8s\n' "300/$(basename "$g")" "$p" \
        "$(field 'list makespan')" "$(field makespan)" "$(field 'lower bound')" \
        "$(field optimal | cut -d' ' -f1)" "$(field nodes)" "$(field time | cut -d' ' -f1)"
    done
  done
  echo
else
  echo "skip: shared data not found (set ECSCHED_SHARED_DATA): published optima, open cases and 300-task graphs"
fi

# gen N SEED METHOD: a random STG graph (ecsched generate, work 1..10,
# 2 predecessors per task on average).
gen() {
  "$ECSCHED" generate --tasks "$1" --seed "$2" --method "$3"
}

echo "-- list scheduling on generated graphs (ecsched generate, --time-limit 0)"
printf '%-18s %3s %8s %8s %9s %9s\n' graph P list bound list_ms bound_ms
for spec in 5000:sameprob 5000:layered 20000:sameprob; do
  n=${spec%%:*} method=${spec#*:}
  gen "$n" 7 "$method" >"$tmp/g$n$method.stg" || exit 1
  for p in 4 16; do
    if ! "$ECSCHED" makespan "$tmp/g$n$method.stg" -p "$p" --time-limit 0 >"$tmp/out" 2>&1; then
      cat "$tmp/out"; exit 1
    fi
    t=$(field time)
    printf '%-18s %3s %8s %8s %9s %9s\n' "$n $method" "$p" "$(field makespan)" \
      "$(field 'lower bound')" \
      "$(echo "$t" | sed 's/.*list \([0-9.]*\) ms.*/\1/')" \
      "$(echo "$t" | sed 's/.*bound \([0-9.]*\) ms.*/\1/')"
  done
done
echo
echo "-- branch-and-bound on the generated 5,000-task graphs, default time limit"
for spec in sameprob:4 sameprob:16 layered:4 layered:16; do
  method=${spec%%:*} p=${spec#*:}
  "$ECSCHED" makespan "$tmp/g5000$method.stg" -p "$p" >"$tmp/out" 2>&1
  echo "$method P=$p: list $(field 'list makespan'), makespan $(field makespan), bound $(field 'lower bound'), optimal $(field optimal), nodes $(field nodes), $(field time | cut -d' ' -f1) s"
done
