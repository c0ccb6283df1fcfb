# Answers a user can act on (issue 28): infeasible deadlines come with
# advice, solve reports infeasible exactly as milp does (issue 30 item 4).
. tests/cli/lib.sh
if ! command -v jq >/dev/null 2>&1; then
  skip "jq is not installed (make deps installs it)"
  exit 0
fi
S=docs/schema
valid() { jq -n --slurpfile schema "$1" --slurpfile doc "$2" -r -f $S/check.jq 2>&1; }

# ---- infeasible deadlines: solve as milp, with advice ----
# Random 8-task graphs (1 predecessor on average) on P = 1 and 2 with D' one
# below the proven least makespan M*: milp and solve both say infeasible
# (exit 1, a document with status infeasible and no tasks); solve used to
# fail ("ecsched solve: failed", no document) whenever D' >= the critical
# path.  The advice's least deadline is M*, its critical path info's.
bad=0 n=0 between=0
for seed in 1 2 3 4 5 6; do
  "$ECSCHED" generate --tasks 8 --seed $seed --avg-preds 1 -o "$T_DIR/g.stg" >/dev/null 2>&1
  cp=$("$ECSCHED" info "$T_DIR/g.stg" --json 2>/dev/null | jq ".[0].critical_path")
  for p in 1 2; do
    mk=$("$ECSCHED" makespan "$T_DIR/g.stg" -p $p --json 2>/dev/null)
    M=$(printf '%s' "$mk" | jq .makespan)
    [ "$(printf '%s' "$mk" | jq .optimal)" = true ] || continue
    D=$((M - 1))
    [ "$D" -ge "$cp" ] && between=$((between + 1))
    n=$((n + 1))
    for cmd in milp solve; do
      "$ECSCHED" $cmd "$T_DIR/g.stg" -p $p --deadline $D --time-limit 5 -o "$T_DIR/$cmd.json" >"$OUT" 2>"$ERR"
      RC=$?
      got="$RC $(jq -c '[.status, (.tasks|length), .advice.least_deadline, .advice.critical_path, .advice.least_proven]' "$T_DIR/$cmd.json" 2>/dev/null)"
      want="1 [\"infeasible\",0,$M,$cp,true]"
      if [ "$got" != "$want" ]; then
        bad=$((bad + 1)); echo "# seed $seed P $p D' $D $cmd: got '$got' want '$want'"; cat "$ERR"
      fi
      grep -q "no schedule meets the deadline $D: the least makespan on $p PEs\{0,1\} is $M slots ($M h, proven); the critical path is $cp slots" "$ERR" ||
        { bad=$((bad + 1)); echo "# seed $seed P $p $cmd message:"; cat "$ERR"; }
      [ "$(valid $S/schedule.schema.json "$T_DIR/$cmd.json")" = valid ] || { bad=$((bad + 1)); echo "# $cmd document invalid"; }
    done
  done
done
expect_eq "$bad" 0 "milp and solve agree on $n infeasible deadlines (D' = M* - 1), advice and message included"
expect_eq "$([ "$between" -gt 3 ] && echo yes)" yes "most of them lie between the critical path and M* ($between of $n)"

# The PE count that would do, against the makespan solver: a 8-task graph
# with 1 predecessor on average (seed 1) on 1 PE at D' = M* - 1; the
# advice's pes_needed PEs meet D', one fewer do not when it says proven.
"$ECSCHED" generate --tasks 8 --seed 1 --avg-preds 1 -o "$T_DIR/g.stg" >/dev/null 2>&1
M=$("$ECSCHED" makespan "$T_DIR/g.stg" -p 1 --json 2>/dev/null | jq .makespan)
D=$((M - 1))
run solve "$T_DIR/g.stg" -p 1 --deadline $D --json
expect_rc 1 "solve on 1 PE below the least makespan"
need=$(jq .advice.pes_needed "$OUT")
proven=$(jq .advice.pes_needed_proven "$OUT")
M2=$("$ECSCHED" makespan "$T_DIR/g.stg" -p "$need" --json 2>/dev/null | jq .makespan)
expect_eq "$([ "$M2" -le "$D" ] && echo yes)" yes "pes_needed = $need PEs meet D' = $D (makespan $M2)"
if [ "$proven" = true ] && [ "$need" -gt 2 ]; then
  M1=$("$ECSCHED" makespan "$T_DIR/g.stg" -p $((need - 1)) --json 2>/dev/null | jq .makespan)
  expect_eq "$([ "$M1" -gt "$D" ] && echo yes)" yes "$((need - 1)) PEs do not"
fi
expect_err "or -p $need " "the message names -p $need"

# below the critical path: no PE count does; the message says so
"$ECSCHED" generate --tasks 8 --seed 1 -o "$T_DIR/c.stg" >/dev/null 2>&1
run solve "$T_DIR/c.stg" -p 2 --deadline 5 --json
expect_rc 1 "solve below the critical path"
expect_eq "$(jq -c '[.status, .advice.pes_needed, .advice.least_deadline]' "$OUT")" '["infeasible",null,42]' "no PE count: pes_needed null, least deadline 42"
expect_err "longer than the deadline on any number of PEs; use --deadline 42 or more" "the message says no PE count does"

# compare: solve's row is infeasible (not error with an empty message),
# the command exits 1 (infeasible), not 3, and prints the advice
run compare "$T_DIR/g.stg" -p 1 --deadline $D --methods base,sweep,milp,solve --time-limit 5 --json
expect_rc 1 "compare below the least makespan exits 1"
expect_eq "$(jq -c '[.methods[] | select(.method == "milp" or .method == "solve") | [.status, .error]]' "$OUT")" \
  '[["infeasible",null],["infeasible",null]]' "compare: milp and solve rows infeasible, no error"
expect_eq "$(jq .advice.least_deadline "$OUT")" "$M" "compare's document has the advice"
run compare "$T_DIR/g.stg" -p 1 --deadline $D --methods base,sweep,solve --time-limit 5
expect_out "^advice +the least makespan on 1 PE is $M slots" "compare prints the advice"
run heuristic "$T_DIR/g.stg" -p 1 --deadline $D
expect_rc 1 "heuristic below the base makespan"
expect_err "use --deadline $M or more, or -p $need" "heuristic's message has the advice"

[ "$T_FAIL" -eq 0 ]
