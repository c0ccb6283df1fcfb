#!/bin/sh
# Benchmark of `ecsched heuristic`: time of the heuristic itself (the
# document's heuristic_s: ecs_heur_run, without graph reading and base
# schedule) per run, best of 3, at P = 16, E = 0.2, flat prices.
#  1. sweep (I = 100) and binary on 50-, 100-, 300-task STG graphs (shared
#     data, rand0000) and a 5,000-task graph from `ecsched generate`;
#  2. growth with I (sweep, 5,000 tasks);
#  3. growth with the number of tasks (generated graphs, sweep I = 100);
#  4. growth with the deadline extension E (5,000 tasks, sweep I = 100).
# Base schedules are list schedules made here (awk), passed with --base, so
# that the makespan solver's time does not count and cannot dominate.
# Run it under nice on a shared machine: `BENCH=heuristic make bench`.
set -u
: "${ECSCHED:=bin/ecsched}"
if [ -z "${ECSCHED_SHARED_DATA:-}" ] && [ -d ../shared/data ]; then
  ECSCHED_SHARED_DATA=$(cd ../shared/data && pwd)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
P=16

# gen N SEED: a random STG graph (ecsched generate, sameprob, work 1..10,
# 2 predecessors per task on average).
gen() {
  "$ECSCHED" generate --tasks "$1" --seed "$2"
}

# base GRAPH P: a list schedule at f = 1 (tasks in id order, earliest free
# PE) as a --base document.  STG ids are topological in these graphs.
base() {
  awk -v P="$2" '
    /^#/ { exit }
    NR == 1 { n = $1; next }
    NF >= 3 {
      id = $1; w = $2; np = $3; r = 0
      for (j = 0; j < np; j++) { p = $(4 + j); if (fin[p] > r) r = fin[p] }
      if (w == 0) { fin[id] = r; next }
      best = 0; bs = -1
      for (q = 0; q < P; q++) { s = (free[q] > r) ? free[q] : r
        if (bs < 0 || s < bs) { bs = s; best = q } }
      fin[id] = bs + w; free[best] = bs + w
      printf "%s{\"id\": %d, \"pe\": %d, \"start\": %d, \"stop\": %d}", sep, id, best, bs, bs + w - 1
      sep = ",\n"
    }
    BEGIN { printf "{\"tasks\": [\n" }
    END { print "]}" }' "$1"
}

# t GRAPH BASE ARGS...: best of 3 heuristic_s, in ms
t() {
  g=$1; b=$2; shift 2
  best=""
  for r in 1 2 3; do
    "$ECSCHED" heuristic "$g" -p $P --prices flat --base "$b" "$@" --json \
      >"$tmp/out.json" 2>"$tmp/err" || { cat "$tmp/err" >&2; echo "n/a"; return; }
    s=$(sed -n 's/^  "heuristic_s": \(.*\),$/\1/p' "$tmp/out.json")
    best=$(awk -v a="$best" -v b="$s" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  awk -v s="$best" 'BEGIN { printf "%.2f", s * 1000 }'
}

info() { # JSON -> "tasks D' saving"
  sed -n -e 's/^  "deadline": \(.*\),$/\1/p' -e 's/^  "saving_pct": \(.*\),$/\1/p' "$1" | tr '\n' ' '
}

graphs=""
add_graph() { # NAME FILE
  base "$2" $P >"$tmp/$1.base.json"
  graphs="$graphs $1=$2"
}
D=${ECSCHED_SHARED_DATA:-}
for s in 50 100 300; do
  f="$D/stg/$s/rand0000.stg"
  [ -n "$D" ] && [ -f "$f" ] && add_graph "stg$s" "$f"
done
gen 5000 1 >"$tmp/gen5000.stg"
add_graph gen5000 "$tmp/gen5000.stg"
[ -n "$D" ] || echo "(shared data absent: only the generated graph)"

echo "1. P = $P, E = 0.2, flat prices: ms per run (best of 3)"
printf '%-10s %6s %6s %10s %10s\n' graph tasks "D'" "sweep100" binary
for gv in $graphs; do
  name=${gv%%=*}; f=${gv#*=}
  tasks=$(head -1 "$f" | tr -d ' \r')
  sw=$(t "$f" "$tmp/$name.base.json" --extension 0.2 --steps 100)
  "$ECSCHED" heuristic "$f" -p $P --prices flat --base "$tmp/$name.base.json" \
    --extension 0.2 --json >"$tmp/i.json"
  dl=$(sed -n 's/^  "deadline": \(.*\),$/\1/p' "$tmp/i.json")
  bi=$(t "$f" "$tmp/$name.base.json" --extension 0.2 --mode binary)
  printf '%-10s %6s %6s %10s %10s\n' "$name" "$tasks" "$dl" "$sw" "$bi"
done

G5=$tmp/gen5000.stg; B5=$tmp/gen5000.base.json
echo
echo "2. growth with I (sweep, gen5000, E = 0.2): ms per run"
for I in 25 50 100 200 400; do
  printf '  I = %-5s %10s\n' "$I" "$(t "$G5" "$B5" --extension 0.2 --steps $I)"
done

echo
echo "3. growth with tasks (generated, sweep I = 100, E = 0.2): ms per run"
for n in 500 1000 2000 5000 10000 20000; do
  gen $n 7 >"$tmp/g$n.stg"; base "$tmp/g$n.stg" $P >"$tmp/g$n.base.json"
  printf '  n = %-6s %10s\n' "$n" "$(t "$tmp/g$n.stg" "$tmp/g$n.base.json" --extension 0.2)"
done

echo
echo "4. growth with the deadline (gen5000, sweep I = 100): ms per run"
for E in 0 0.2 0.5 1 2; do
  printf '  E = %-5s %10s\n' "$E" "$(t "$G5" "$B5" --extension $E)"
done
