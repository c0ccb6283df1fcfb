# ecsched compare, batch and report: resumable loss-free batches, shards,
# crash and timeout records, report numbers checked by hand.
. tests/cli/lib.sh
G1=tests/fixtures/tiny.stg
G2=$T_DIR/g10.stg # small enough for the MILP to prove every case in ms
"$ECSCHED" generate --tasks 10 --seed 3 -o "$G2" >/dev/null
G50=data/stg/rand0000.stg

# The methods this build has (heuristic and MILP join when they land).
METHODS=base
for m in sweep binary local milp; do
  if "$ECSCHED" compare "$G1" -p 2 --prices flat --methods $m >/dev/null 2>&1; then
    METHODS="$METHODS,$m"
  fi
done
echo "# methods: $METHODS"

# strip runtime_s (the only key that differs between runs), sort
# a row without what differs between runs: times and the run context
norm() { sed 's/"runtime_s":[^,]*,//; s/"base_runtime_s":[^,]*,//; s/,"context":{[^}]*}//' "$@" | LC_ALL=C sort; }
lines() { if [ -f "$1" ]; then wc -l <"$1" | tr -d ' '; else echo 0; fi; }
# wait until file $1 has at least $2 lines (up to 20 s)
wait_lines() {
  i=0
  while [ "$(lines "$1")" -lt "$2" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
}
whole_lines() { # FILE: every byte belongs to a whole line
  [ ! -s "$1" ] || [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ]
}

ARGS="$G1 $G2 -p 2,3,4 --extension 0,0.1,0.2 --prices flat,epex-2016-10-19 --methods $METHODS"
NM=$(echo "$METHODS" | tr ',' '\n' | wc -l | tr -d ' ')
TOTAL=$((2 * 3 * 3 * 2 * NM))
HALF=$((TOTAL / 2)) # with P = 3 hanging, -j 2 finishes 3 of 6 units

# ---- an uninterrupted run ----
FULL=$T_DIR/full.jsonl
run batch $ARGS -j 2 --out "$FULL"
expect_rc 0 "batch -j 2"
expect_eq "$(lines "$FULL")" "$TOTAL" "one line per case"
expect_out "batch: $TOTAL cases: $TOTAL run now, 0 already" "summary counts the cases"
first=$(head -1 "$FULL" | jq -c 'keys_unsorted')
expect_eq "$first" '["tool","version","graph","tasks","pes","extension","prices","method","model","params","status","cost","base_cost","optimum","bound","gap","bound_method","found_by","makespan","deadline","meets_deadline","runtime_s","base_makespan","base_status","base_makespan_optimal","base_runtime_s","error","context"]' "keys in the fixed order"
W1=$(awk 'NR > 1 && !/^#/ { s += $2 } END { print s }' "$G1")
expect_eq "$(jq -c --arg g "$G1" --argjson w "$W1" 'select(.graph == $g and .prices == "flat" and .method == "base" and .cost == $w)' "$FULL" | wc -l | tr -d ' ')" 9 \
  "base cost under flat prices = total work ($W1) for every P and E"
expect_eq "$(grep -c '"method":"base".*"status":"feasible"' "$FULL")" "$(grep -c '"method":"base"' "$FULL")" "every base case feasible"
expect_eq "$(grep -c '"meets_deadline":false' "$FULL")" 0 "every schedule meets D'"
# D' = floor(M (1 + E)): the 10-task graph on 2 PEs with E = 0.1
M2=$(jq --arg g "$G2" 'select(.graph == $g and .pes == 2 and .extension == 0) | .base_makespan' "$FULL" | head -1)
D2=$(jq --arg g "$G2" 'select(.graph == $g and .pes == 2 and .extension == 0.1) | .deadline' "$FULL" | head -1)
expect_eq "$D2" "$(( M2 * 11 / 10 ))" "D' = floor(M * 1.1) exactly"
# per instance: milp <= sweep, binary <= base; a proven optimum on every line
# of the instance equals the MILP's cost
order=$(awk '{
  match($0, /"graph":"[^"]*","tasks":[0-9]*,"pes":[0-9]*,"extension":[0-9.]*,"prices":"[^"]*"/); k = substr($0, RSTART, RLENGTH)
  match($0, /"method":"[a-z]*"/); m = substr($0, RSTART + 10, RLENGTH - 11)
  match($0, /"cost":[-0-9.e]*/); c[k, m] = substr($0, RSTART + 7, RLENGTH - 7) + 0
  if (match($0, /"optimum":[-0-9.e]+/)) o[k, m] = substr($0, RSTART + 10, RLENGTH - 10) + 0
  keys[k] = 1; have[k, m] = 1
} END {
  bad = 0
  for (k in keys) {
    for (h = 1; h <= 3; h++) {
      hm = h == 1 ? "sweep" : h == 2 ? "binary" : "local"
      if (have[k, hm] && c[k, hm] > c[k, "base"] + 1e-9) { print "heuristic above base: " k; bad++ }
      if (have[k, hm] && have[k, "milp"] && c[k, "milp"] > c[k, hm] + 1e-9) { print "milp above " hm ": " k; bad++ }
      if (hm == "local" && have[k, hm] && have[k, "sweep"] && c[k, hm] > c[k, "sweep"] + 1e-9) { print "local above sweep: " k; bad++ }
    }
    if (have[k, "milp"])
      for (m2 in o) { split(m2, p, SUBSEP); if (p[1] == k && (o[m2] - c[k, "milp"])^2 > 1e-18) { print "optimum differs: " k; bad++ } }
  }
  print bad " bad"
}' "$FULL" | tail -1)
expect_eq "$order" "0 bad" "milp <= heuristic <= base per instance; optimum = MILP cost"
case ",$METHODS," in
  *,milp,*)
    expect_eq "$(grep -c '"method":"milp".*"status":"optimal"' "$FULL")" "$((TOTAL / NM))" "the MILP proves every small case optimal" ;;
  *) skip "no MILP in this build" ;;
esac

# ---- the same command again does nothing ----
cp "$FULL" "$T_DIR/copy"
run batch $ARGS -j 2 --out "$FULL"
expect_rc 0 "rerun"
expect_out "0 run now, $TOTAL already" "rerun finds every case done"
if cmp -s "$FULL" "$T_DIR/copy"; then ok "rerun leaves the file unchanged"; else notok "rerun changed the file"; fi

# ---- kill -9 part-way, then resume ----
K=$T_DIR/killed.jsonl
ECSCHED_BATCH_FAULT=hang:base:3 "$ECSCHED" batch $ARGS -j 2 --out "$K" >/dev/null 2>&1 &
pid=$!
wait_lines "$K" $HALF
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
n_killed=$(lines "$K")
if [ "$n_killed" -ge 1 ] && [ "$n_killed" -lt "$TOTAL" ]; then ok "killed part-way ($n_killed of $TOTAL lines)"; else notok "kill -9 part-way: $n_killed lines"; fi
if whole_lines "$K"; then ok "kill -9 leaves whole lines"; else notok "partial line after kill -9"; fi
run batch $ARGS -j 2 --out "$K"
expect_rc 0 "resume after kill -9"
expect_out "$((TOTAL - n_killed)) run now, $n_killed already" "resume runs only the missing cases"
if [ "$(norm "$K")" = "$(norm "$FULL")" ]; then ok "killed + resumed = uninterrupted"; else notok "killed + resumed differs from the uninterrupted run"; fi

# kill -9 at random moments, several times, then resume
R=$T_DIR/random.jsonl
for d in 0.01 0.03 0.05 0.08 0.13; do
  "$ECSCHED" batch $ARGS -j 2 --out "$R" >/dev/null 2>&1 &
  pid=$!
  sleep $d
  kill -9 $pid 2>/dev/null
  wait $pid 2>/dev/null
done
run batch $ARGS -j 2 --out "$R"
expect_rc 0 "resume after random kills"
if [ "$(norm "$R")" = "$(norm "$FULL")" ]; then ok "random kills + resume = uninterrupted"; else notok "random kills + resume differ"; fi

# a partial last line (killed in the middle of a write) is cut on restart
P=$T_DIR/partial.jsonl
head -n 5 "$FULL" >"$P"
sed -n 6p "$FULL" | head -c 40 >>"$P"
run batch $ARGS -j 2 --out "$P"
expect_rc 0 "resume after a partial line"
expect_err "cut a partial last line" "says it cut the partial line"
if [ "$(norm "$P")" = "$(norm "$FULL")" ]; then ok "partial line + resume = uninterrupted"; else notok "partial line + resume differs"; fi

# ---- Ctrl-C: exit 130, whole lines, nothing recorded as failed ----
I=$T_DIR/int.jsonl
ECSCHED_BATCH_FAULT=hang:base:3 "$ECSCHED" batch $ARGS -j 2 --out "$I" >"$T_DIR/int.out" 2>&1 &
pid=$!
wait_lines "$I" $HALF
kill -INT $pid
wait $pid
RC=$?
expect_rc 130 "SIGINT stops the batch"
if whole_lines "$I"; then ok "SIGINT leaves whole lines"; else notok "partial line after SIGINT"; fi
expect_eq "$(grep -c '"status":"crashed"\|"status":"timeout"' "$I")" 0 "interrupted cases are not recorded as failures"
if grep -q "run the same command again" "$T_DIR/int.out"; then ok "says how to continue"; else notok "no hint after SIGINT"; fi

# a second writer on the same file is refused
ECSCHED_BATCH_FAULT=hang:base:3 "$ECSCHED" batch $ARGS -j 1 --out "$I" >/dev/null 2>&1 &
pid=$!
sleep 0.3
run batch $ARGS -j 1 --out "$I"
expect_rc 2 "second writer refused"
expect_err "another ecsched batch is writing" "names the lock"
kill -INT $pid; wait $pid 2>/dev/null

# ---- a case that crashes is recorded, the batch goes on ----
C=$T_DIR/crash.jsonl
ECSCHED_BATCH_FAULT=crash:base:3 "$ECSCHED" batch $ARGS -j 2 --out "$C" >"$OUT" 2>"$ERR"
RC=$?
expect_rc 3 "crashing cases: exit 3"
expect_eq "$(lines "$C")" "$TOTAL" "every case recorded despite crashes"
NB3=$((TOTAL / 3 / NM))
expect_eq "$(grep -c '"pes":3,.*"method":"base".*"status":"crashed".*"error":"worker killed by signal 6' "$C")" "$NB3" "each crashed case says so"
if [ "$(grep -v '"status":"crashed"' "$C" | grep -v '"pes":3,' | norm)" = "$(grep -v '"pes":3,' "$FULL" | norm)" ]; then
  ok "the other P are unaffected by the crashes"; else notok "crashes changed other cases"; fi

# ---- a case over --kill-after is recorded as timeout ----
TO=$T_DIR/timeout.jsonl
ECSCHED_BATCH_FAULT=hang:base:3 "$ECSCHED" batch "$G1" -p 2,3 --prices flat --methods base --kill-after 1 --out "$TO" >"$OUT" 2>"$ERR"
RC=$?
expect_rc 3 "timeout: exit 3"
expect_eq "$(grep -c '"pes":3,.*"status":"timeout".*"error":"killed after 1 s' "$TO")" 1 "the hanging case is a timeout"
expect_eq "$(grep -c '"pes":2,.*"status":"feasible"' "$TO")" 1 "the other case ran"

# ---- shards: disjoint, and their union is the whole ----
for k in 1 2 3; do
  run batch $ARGS -j 2 --shard $k/3 --out "$T_DIR/shard$k.jsonl"
  expect_rc 0 "shard $k/3"
done
if [ "$(norm "$T_DIR"/shard1.jsonl "$T_DIR"/shard2.jsonl "$T_DIR"/shard3.jsonl)" = "$(norm "$FULL")" ]; then
  ok "union of the shards = the whole batch"; else notok "shards do not add up"; fi
expect_eq "$(cat "$T_DIR"/shard*.jsonl | wc -l | tr -d ' ')" "$TOTAL" "shards are disjoint"
run report "$T_DIR"/shard1.jsonl "$T_DIR"/shard2.jsonl "$T_DIR"/shard3.jsonl
expect_rc 0 "report merges shards"
expect_out "^$TOTAL cases from 3 files$" "report counts every case once"

# ---- bad input: exit 2, no results file ----
BAD=$T_DIR/bad.jsonl
run batch tests/fixtures/nonexistent.stg -p 2 --out "$BAD"
expect_rc 2 "missing graph"
expect_err "nonexistent.stg" "names the graph"
expect_no_file "$BAD" "no results file on bad input"
run batch "$G1" -p 2 --prices nosuchprices --out "$BAD"
expect_rc 2 "unknown price schedule"
run batch "$G1" -p 2,x --out "$BAD"
expect_rc 2 "bad -p list"
expect_err "'x' is not a number of PEs" "names the bad item"
run batch "$G1" -p 2 --methods base,magic --out "$BAD"
expect_rc 2 "unknown method"
run batch "$G1" -p 2 --shard 4/3 --out "$BAD"
expect_rc 2 "bad shard"
run batch "$G1" -p 2
expect_rc 2 "no --out"
printf '{"graph":"x"}\n' >"$BAD"
run batch "$G1" -p 2 --out "$BAD"
expect_rc 2 "a results file with a foreign line"
expect_err "bad.jsonl:1: not a batch result line" "names file and line"

# ---- report on a hand-made fixture ----
F=tests/fixtures/report
run report $F/a.jsonl $F/b.jsonl
expect_rc 0 "report on the fixture"
expect_out "^15 cases from 2 files \(1 duplicate line ignored\) \(1 unfinished last line skipped\)" "duplicates and the unfinished line counted"
expect_out "optimum +not_proven +2$" "2 instances without a proven optimum"
expect_out "optimum +proven +2$" "2 instances proven optimal"
# I1: opt 80, sweep 100, binary 88, base 120; I2: opt 50, sweep 55, binary 60, base 100
expect_out "sweep +all +2 +1\.1750 +1\.1750 +1\.2500" "sweep/opt: mean (1.25 + 1.1) / 2"
expect_out "binary +all +2 +1\.1500 +1\.1500 +1\.2000" "binary/opt: mean (1.1 + 1.2) / 2"
expect_out "base +pes +4 +1 +2\.0000" "base/opt on P = 4: 100 / 50"
expect_out "sweep +extension +0\.2 +1 +1\.1000" "sweep/opt at E = 0.2: 55 / 50"
# I3 not proven (bound 56): kept apart as cost / bound
expect_out "binary +all +1 +1\.5000 +1\.5000 +1\.5000" "binary/bound where not proven: 84 / 56"
expect_out "sweep +bound +none +1" "no bound at all: counted"
# savings (base - cost) / base by E
expect_out "sweep +extension +0 +2 +0\.2083 +0\.2083 +0\.2500" "sweep saving at E = 0: (20/120 + 10/40) / 2"
expect_out "milp +extension +0\.2 +2 +0\.4375 +0\.4375 +0\.5000" "milp saving at E = 0.2: (0.5 + 0.375) / 2"
expect_out "milp +all +3 +2\.0000 +2\.0000 +3\.0000 +6\.0000" "milp runtimes without the timed-out case"
run report $F/a.jsonl $F/b.jsonl --csv
expect_out "^table,method,setting,by,value,n,mean,median,max,total$" "CSV header"
expect_out "^ratio,sweep,,all,,2,1\.175,1\.175,1\.25,$" "CSV ratio row"
expect_out "^runtime,sweep,,all,,4,0\.25,0\.25,0\.4,1$" "CSV runtime: median of 4 = 0.25"
run report $F/a.jsonl --markdown
expect_out "^\| method \| by \| value \| n \|" "Markdown table"
printf 'not json\n{}\n' >"$BAD"
run report "$BAD"
expect_rc 2 "report on a bad file"
expect_err "bad.jsonl:1: not JSON" "names file and line"
run report "$FULL"
expect_rc 0 "report on batch output"
expect_out "^$TOTAL cases from 1 file$" "all cases read"

# ---- compare on rand0000 (the MILP only on the small graphs: fast) ----
FAST=$(echo "$METHODS" | sed 's/,milp//')
W50=$(awk 'NR > 1 && !/^#/ { s += $2 } END { print s }' "$G50")
run compare "$G50" -p 4 --extension 0.2 --prices flat --methods "$FAST" -o "$T_DIR/cmp.json"
expect_rc 0 "compare rand0000 -p 4"
expect_out "^base +$W50\.000000 " "base cost under flat prices = total work $W50"
for m in $(echo "$FAST" | tr ',' ' '); do
  expect_out "^$m " "compare row for $m"
done
expect_file "$T_DIR/cmp.json" "compare -o writes the document"
expect_eq "$(json_key "$T_DIR/cmp.json" command)" compare "document says compare"
# (the methods' rows; base.method says how the base was made)
expect_eq "$(grep -c '^      "method": ' "$T_DIR/cmp.json")" "$(echo "$FAST" | tr ',' '\n' | wc -l | tr -d ' ')" "one schedule per method in the document"
revalidate() { # GRAPH DOC METHODS: every schedule of a compare document
  if ! command -v jq >/dev/null 2>&1; then
    skip "jq not installed: schedules of compare not re-validated"; return
  fi
  i=0
  for m in $(echo "$3" | tr ',' ' '); do
    jq "{pes, freqs, power, deadline, prices} + .methods[$i]" "$2" >"$T_DIR/m.json"
    run validate "$1" "$T_DIR/m.json"
    expect_rc 0 "validate accepts the $m schedule of compare"
    want=$(jq -r ".methods[$i].cost" "$2")
    got=$(sed -n 's/^cost *//p' "$OUT")
    if awk -v a="$want" -v b="$got" 'BEGIN { exit !((a - b) ^ 2 < 1e-12) }'; then ok "validate: $m cost $got"; else notok "$m cost: compare $want, validate $got"; fi
    i=$((i + 1))
  done
}
revalidate "$G50" "$T_DIR/cmp.json" "$FAST"
run compare "$G2" -p 3 --extension 0.2 -o "$T_DIR/cmp10.json"
expect_rc 0 "compare with every method on a 10-task graph"
case ",$METHODS," in
  *,milp,*)
    expect_out "^milp .* 1\.0000 .* optimal " "the MILP is the optimum (cost/opt 1)"
    expect_out "^optimum +[0-9.]+ \(proven by the MILP\)" "optimum line" ;;
  *) skip "no MILP in this build" ;;
esac
revalidate "$G2" "$T_DIR/cmp10.json" "$METHODS"
run compare "$G50" -p 4 --json --prices flat --methods "$FAST"
expect_rc 0 "compare --json"
expect_out '^  "methods": \[' "JSON on stdout"
run compare "$G50" -p 4 --deadline 10 --prices flat --methods base
expect_rc 1 "a deadline below the base makespan: exit 1"
expect_out "^base .* no +deadline_missed" "base misses D'"
# tiny.stg: M = 5 on 2 PEs, total work 6 = base cost under flat prices; no
# schedule fits D' = 3 (critical path 5): every method says so, exit 1
run compare "$G1" -p 2 --deadline 3 --prices flat --methods "$METHODS"
expect_rc 1 "compare below the critical path: exit 1, not a failure"
expect_out "^base +6\.000000 .* no +deadline_missed" "base row keeps the base cost"
expect_out "^sweep .* infeasible" "sweep: infeasible below M"
expect_out "^binary .* infeasible" "binary: infeasible below M"
case ",$METHODS," in
  *,milp,*) expect_out "^optimum +none: no schedule meets D' = 3" "the MILP proves it" ;;
esac
run compare tests/fixtures/nonexistent.stg -p 2
expect_rc 2 "compare: missing graph"
run compare "$G1" -p 2 --methods nope
expect_rc 2 "compare: unknown method"
# ---- the shipped Slurm recipe (issue 36 item 12) ----------------------------
# examples/shards.sh is the block docs/reference.md shows (verbatim) and runs
# as one shard of one on tiny.stg: every case of its grid (4 P x 3 E x 3
# prices x 4 methods = 144) recorded, report --strict accepts the shard
if [ -f examples/shards.sh ]; then ok "examples/shards.sh is shipped"; else RC=0; notok "examples/shards.sh is shipped"; fi
blk=$(sed -n '/<!-- slurm-recipe: begin -->/,/<!-- slurm-recipe: end -->/p' docs/reference.md | sed '1,2d;$d' | sed '$d')
expect_eq "$blk" "$(cat examples/shards.sh 2>/dev/null)" "docs/reference.md shows examples/shards.sh verbatim"
W=$T_DIR/slurm
mkdir -p "$W/bin" "$W/graphs" "$W/results"
case $ECSCHED in /*) ln -s "$ECSCHED" "$W/bin/ecsched" ;; *) ln -s "$(pwd)/$ECSCHED" "$W/bin/ecsched" ;; esac
cp tests/fixtures/tiny.stg "$W/graphs/"
here=$(pwd)
(cd "$W" && SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=1 SLURM_CPUS_PER_TASK=1 \
   sh "$here/examples/shards.sh") >"$OUT" 2>"$ERR"
RC=$?
expect_rc 0 "examples/shards.sh as shard 1/1"
expect_eq "$(wc -l <"$W/results/shard-1.jsonl" 2>/dev/null | tr -d ' ')" 144 "its grid: 144 cases recorded"
run report --strict "$W/results/shard-1.jsonl"
expect_rc 0 "report --strict accepts the shard"
# batch --help lists the platform flags batch takes (issue 36 item 8)
run batch --help
for f in --platform --watts --green --green-column --green-price --power-cap; do
  if grep -q -- "$f\b" "$OUT"; then ok "batch --help lists $f"; else RC=0; notok "batch --help lists $f"; fi
done
finish
