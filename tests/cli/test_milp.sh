# ecsched milp: cost-optimal schedules on the command line.
. tests/cli/lib.sh
G=tests/fixtures/tiny.stg

# tiny.stg: chain 1 (w2) -> 3 (w1) -> 5 (w2) (through dummy 4), task 2 (w1)
# before 3; CP 5, M = 5 on 2 PEs, D' = floor(5 * 1.2) = 6, flat prices.
# By hand: the one spare slot on the chain goes to a 2-unit task
# (0.6, 0.8, 0.6: 1.36 instead of 2), task 2 gets 3 slots (0.4, 0.4, 0.2:
# 0.36), task 3 runs at 1 (1), the other 2-unit task at 1 (2): 4.72
# (with --prices flat: every slot costs 1).
for f in strong paper; do
  run milp "$G" -p 2 --extension 0.2 --prices flat --formulation $f -o "$T_DIR/$f.json"
  expect_rc 0 "milp $f on tiny"
  expect_out "^status +optimal" "milp $f proves optimality"
  expect_out "^cost +4\.720000 \(base 6\.000000" "milp $f finds the hand optimum 4.72"
  expect_eq "$(json_key "$T_DIR/$f.json" status)" optimal "milp $f document status"
  expect_eq "$(json_key "$T_DIR/$f.json" formulation)" $f "milp $f document formulation"
  expect_eq "$(json_key "$T_DIR/$f.json" cost)" 4.72 "milp $f document cost"
  run validate "$G" "$T_DIR/$f.json"
  expect_rc 0 "milp $f schedule passes validate"
  expect_out "cost +4\.720000" "validate agrees on the cost of the $f schedule"
done

# JSON on stdout: the MILP keys sit before the tasks, in order
run milp "$G" -p 2 --extension 0.2 --json
expect_rc 0 "milp --json"
keys=$(grep -Eo '^  "[a-z_]+"' "$OUT" | tr -d ' "' | tr '\n' ' ')
case "$keys" in
  *"status runtime_s formulation optimal bound gap bound_method root_bound nodes rows cols nonzeros warm_start warm_start_cost model params base context tasks "*)
    ok "milp --json key order" ;;
  *) notok "milp --json key order: $keys" ;;
esac

# a deadline below the critical path (5): infeasible, exit 1
run milp "$G" -p 2 --deadline 4
expect_rc 1 "milp below the critical path"
expect_out "^status +infeasible" "milp says infeasible"
expect_err "no schedule meets the deadline 4" "milp explains infeasibility"

# the model is refused before it is built, with the flag that raises it
run milp "$G" -p 2 --extension 0.2 --max-nonzeros 10
expect_rc 3 "milp above --max-nonzeros"
expect_err "non-zeros.*--max-nonzeros N" "milp names the estimate and the flag"
expect_no_out "milp prints no result when it refuses"

# exports for other solvers
run milp "$G" -p 2 --extension 0.2 --write-lp "$T_DIR/m.lp" --write-mps "$T_DIR/m.mps"
expect_rc 0 "milp --write-lp --write-mps"
expect_file "$T_DIR/m.lp" "LP file written"
expect_file "$T_DIR/m.mps" "MPS file written"
if grep -q "^Minimize" "$T_DIR/m.lp" && grep -q "^ROWS" "$T_DIR/m.mps"; then
  ok "exports are CPLEX LP and MPS"
else
  notok "exports are CPLEX LP and MPS"
fi
run milp "$G" -p 2 --extension 0.2 --write-lp /nonexistent/dir/m.lp
expect_rc 2 "milp --write-lp into a missing directory"
expect_err "/nonexistent/dir/m.lp" "milp names the file it cannot write"

# no warm start, static power, a gap: still a valid schedule
run milp "$G" -p 2 --extension 0.4 --no-warm-start --power static:0.4 --gap 0.01 -o "$T_DIR/s.json"
expect_rc 0 "milp --no-warm-start --power static:0.4"
expect_eq "$(json_key "$T_DIR/s.json" warm_start)" none "no warm start recorded"
run milp "$G" -p 2 --extension 0.2 --json
expect_eq "$(json_key "$OUT" warm_start)" local "the local heuristic gives the warm start"
run validate "$G" "$T_DIR/s.json"
expect_rc 0 "static-power schedule passes validate"

# bad usage: exit 2
run milp "$G" -p 2 --formulation cplex
expect_rc 2 "milp --formulation cplex"
run milp "$G" -p 2 --time-limit -3
expect_rc 2 "milp --time-limit -3"
run milp "$G" -p 2 --gap 2
expect_rc 2 "milp --gap 2"
run milp -p 2
expect_rc 2 "milp without a graph"
run milp tests/fixtures/does-not-exist.stg -p 2
expect_rc 2 "milp on a missing graph"
run milp --help
expect_rc 0 "milp --help"
expect_out "formulation" "help names the formulations"

# a shared 50-task graph at P = 16: the critical path dominates, quick
S=$(shared stg/50/rand0000.stg)
if [ -n "$S" ]; then
  run milp "$S" -p 16 --extension 0.2 --time-limit 60 -o "$T_DIR/r.json"
  expect_rc 0 "milp on rand0000 at P = 16"
  run validate "$S" "$T_DIR/r.json"
  expect_rc 0 "rand0000 schedule passes validate"
else
  skip "shared data absent: rand0000 at P = 16"
fi
# --effort N: at most N branch-and-bound nodes (one tree), so the result is
# the same under any time limit that does not bind (28 tasks at P = 4: 20
# nodes do not prove it)
for tl in 20 60; do
  $ECSCHED milp data/paper32/g26_n28.stg -p 4 --extension 0.2 --effort 20 --time-limit $tl --json >"$T_DIR/me$tl.json" 2>/dev/null
done
expect_eq "$(jq -c '[.status, .cost, .bound, .nodes, .params.effort, [.tasks[] | [.pe, .start, .stop]]]' "$T_DIR/me20.json")" \
          "$(jq -c '[.status, .cost, .bound, .nodes, .params.effort, [.tasks[] | [.pe, .start, .stop]]]' "$T_DIR/me60.json")" \
          "milp --effort 20: the same schedule, bound and node count under time limits of 20 and 60 s"
expect_eq "$(jq -r '[.status, (.nodes <= 21)] | @tsv' "$T_DIR/me20.json")" "$(printf 'feasible\ttrue')" \
          "milp --effort 20 stops after about 20 nodes, not proven"
finish
