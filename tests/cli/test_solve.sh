# ecsched solve: the best schedule within a limit, with a bound.
. tests/cli/lib.sh
G=tests/fixtures/tiny.stg

# tiny.stg at D' = 6, flat prices: the hand optimum 4.72 (see test_milp.sh),
# proven by the MILP route.
run solve "$G" -p 2 --extension 0.2 --prices flat -o "$T_DIR/s.json"
expect_rc 0 "solve on tiny"
expect_out "^status +optimal" "solve proves optimality on tiny"
expect_out "^cost +4\.720000" "solve finds the hand optimum 4.72"
expect_eq "$(json_key "$T_DIR/s.json" bound)" 4.72 "document bound = optimum"
expect_eq "$(json_key "$T_DIR/s.json" gap)" 0.0 "document gap 0"
run validate "$G" "$T_DIR/s.json"
expect_rc 0 "solve schedule passes validate"

# a 50-task graph at P = 2 (bound + search route: the model is too large
# for the exact MILP), 4 s: a checked schedule, a bound, a gap
run solve data/stg/rand0000.stg -p 2 --extension 0.2 --time-limit 4 -o "$T_DIR/r.json"
expect_rc 0 "solve rand0000 P=2"
expect_out "^mode +bound\+lns" "the large model goes to bound + search"
expect_out "^bound +[0-9.]+ \((lp_colgen|lagrangian_capacity)\)" "a bound with its method"
expect_out "^gap +[0-9.]+%" "a gap"
run validate data/stg/rand0000.stg "$T_DIR/r.json"
expect_rc 0 "its schedule passes validate"

# infeasible deadline and bad options
run solve "$G" -p 2 --deadline 4
expect_rc 1 "deadline below the critical path: infeasible"
run solve "$G" -p 2 --gap 1.5
expect_rc 2 "--gap out of range"
expect_err "\-\-gap" "the error names --gap"
finish
