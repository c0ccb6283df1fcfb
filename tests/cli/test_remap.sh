# ecsched: CaWoSched's model with the mapping chosen (--remap, --mapping-out;
# docs/cawosched.md "Choosing the mapping").  The 4-task example of
# docs/cawosched.md: its given mapping costs 24 at best; every mapping costs
# at least 8 (7 work units at the least power 2 draw 14, the green left for
# work is 10) and all on processor 1 in the order 0 2 1 3 costs 8
# (tests/unit/test_remap.c derives both).  Every schedule is re-checked by
# tests/cws_eval.py, an evaluator written from docs/cawosched.md alone.
. tests/cli/lib.sh
F=tests/fixtures/cawosched
G=$F/hand.dot
M=$F/hand_mapping.txt
S=$F/hand_setup.input
have_py=1
command -v python3 >/dev/null 2>&1 || have_py=0
indep() { # DOC [MAPPING]: the independent evaluator's verdict
  python3 tests/cws_eval.py "$G" "$S" "$@" 2>&1
}

# ---- solve --remap from the given mapping
run solve "$G" --mapping "$M" --platform "$S" --remap --mapping-out "$T_DIR/m.txt" -o "$T_DIR/r.json"
expect_rc 0 "solve --remap on the hand example"
expect_out '^cost +8 \(brown energy 4 x brown cost 2\)' "solve --remap: the hand-derived optimum over all mappings, 8"
expect_out '^bound +8 \(relaxation\)' "the relaxation's bound 8 proves it"
expect_out '^status +optimal' "status optimal"
expect_out '^remap .*given mapping 24' "it reports the given mapping's cost, 24"
expect_file "$T_DIR/m.txt" "--mapping-out writes the mapping"
expect_eq "$(head -1 "$T_DIR/m.txt")" 2 "the mapping file starts with P"
expect_eq "$(json_key "$T_DIR/r.json" cost) $(json_key "$T_DIR/r.json" found_by) $(json_key "$T_DIR/r.json" bound_method)" \
  "8 remap relaxation" "the document: cost, found by, bound method"
if [ "$have_py" = 1 ]; then
  expect_eq "$(indep "$T_DIR/r.json" | cut -d' ' -f1-5)" "valid cost 8 brown 4" "the independent evaluator agrees (mapping from the document)"
  expect_eq "$(indep "$T_DIR/r.json" "$T_DIR/m.txt" | cut -d' ' -f1-5)" "valid cost 8 brown 4" "... and with the written mapping file"
  # it is not a rubber stamp: a task moved earlier breaks precedence
  jq '.tasks |= map(if .id == 3 then .start = 0 | .end = 1 else . end)' "$T_DIR/r.json" > "$T_DIR/bad.json" 2>/dev/null &&
    { indep "$T_DIR/bad.json" | grep -q '^invalid' && ok "the independent evaluator rejects a broken schedule" || notok "cws_eval.py accepted a broken schedule"; }
  # nor on costs: the fixed mapping's schedule prices at 24 there too
  run solve "$G" --mapping "$M" --platform "$S" -o "$T_DIR/f.json"
  expect_eq "$(indep "$T_DIR/f.json")" "valid cost 24 brown 12 makespan 9" "the independent evaluator on the fixed mapping: 24"
else
  skip "python3 not found: the independent evaluator"
fi

# ---- validate: the recorded mapping, or the written file
run validate "$G" "$T_DIR/r.json" --platform "$S" --json
expect_rc 0 "validate the document without --mapping (it records the mapping)"
expect_eq "$(json_key "$OUT" cost) $(json_key "$OUT" status)" "8 valid" "validate: cost 8, valid"
run validate "$G" "$T_DIR/r.json" --platform "$S" --mapping "$T_DIR/m.txt"
expect_rc 0 "validate with the written mapping file"
run validate "$G" "$T_DIR/r.json" --platform "$S" --mapping "$M"
expect_rc 2 "validate against the old mapping: the tasks moved"
expect_err 'but the mapping puts it on' "the message names the processor"
run validate "$G" "$F/hand_mapping.txt" --platform "$S"
expect_rc 2 "validate without --mapping needs a document that records one"
expect_err 'give it with --mapping FILE' "it asks for the mapping"

# ---- without a start mapping; heuristic --mode local
run solve "$G" --platform "$S" --remap --json
expect_rc 0 "solve --remap without --mapping"
expect_eq "$(json_key "$OUT" cost) $(grep -c '"file": null' "$OUT")" "8 1" "its own starts reach 8; no mapping file given"
run heuristic "$G" --mode local --platform "$S" --mapping "$M" --remap --seed 3 --time-limit 2 --json -o "$T_DIR/l.json"
expect_rc 0 "heuristic --mode local --remap"
c=$(json_key "$T_DIR/l.json" cost)
[ "$c" -ge 8 ] && [ "$c" -le 24 ] && ok "local --remap: cost $c between the optimum 8 and the given mapping's 24" || notok "local --remap cost $c"
expect_eq "$(json_key "$T_DIR/l.json" bound)" null "local: no bound"
[ "$have_py" = 1 ] && expect_eq "$(indep "$T_DIR/l.json" | cut -d' ' -f1)" valid "the independent evaluator: local's schedule is valid"
if command -v jq >/dev/null 2>&1; then
  v=$(jq -n --slurpfile schema docs/schema/cawosched.schema.json --slurpfile doc "$T_DIR/r.json" -r -f docs/schema/check.jq 2>&1)
  expect_eq "$v" valid "solve --remap's document matches docs/schema/cawosched.schema.json"
fi

# ---- --freqs (ecsched's extension): one task of weight 2 on one processor
# (work power 4), budget 1 on [0, 4): at f = 1 brown 3 + 3 = 6; at f = 0.5
# it lasts 4 units at power 1, all green: 0 (test_remap.c test_freqs)
printf 'digraph {\n0 [weight=2];\n}\n' > "$T_DIR/one.dot"
printf '4\n1\n0\n4\n1\n1\n0 4\n' > "$T_DIR/one.input"
run solve "$T_DIR/one.dot" --platform "$T_DIR/one.input" --remap --json
expect_eq "$(json_key "$OUT" cost)" 6 "one task at f = 1: cost 6"
run solve "$T_DIR/one.dot" --platform "$T_DIR/one.input" --remap --freqs 1,0.5 -o "$T_DIR/one.json"
expect_rc 0 "solve --remap --freqs 1,0.5"
expect_out '^cost +0.0000 ' "at f = 0.5 the task runs on green power alone: cost 0"
expect_out '^frequencies +1 of 1 tasks below f = 1' "it says how many tasks run slower"
expect_eq "$(jq -c '[.tasks[0].freq, .tasks[0].duration, .frequencies]' "$T_DIR/one.json" 2>/dev/null)" '[0.5,4,[1,0.5]]' \
  "the document: the task's frequency and duration, the set"
run validate "$T_DIR/one.dot" "$T_DIR/one.json" --platform "$T_DIR/one.input" --json
expect_eq "$RC $(json_key "$OUT" cost)" "0 0.0" "validate prices the frequencies the document records"
run solve "$G" --platform "$S" --mapping "$M" --remap --freqs 1,0.8,0.6 --time-limit 2 -o "$T_DIR/hf.json"
expect_rc 0 "solve --remap --freqs 1,0.8,0.6 on the hand example"
c=$(json_key "$T_DIR/hf.json" cost)
awk -v c="$c" 'BEGIN { exit !(c >= 0 && c <= 8) }' && ok "with frequencies: cost $c, not above 8 at f = 1" || notok "--freqs cost $c"
if [ "$have_py" = 1 ]; then
  expect_eq "$(python3 tests/cws_eval.py "$T_DIR/one.dot" "$T_DIR/one.input" "$T_DIR/one.json" | cut -d' ' -f1-3)" "valid cost 0" \
    "the independent evaluator prices the slow task at 0"
  expect_eq "$(indep "$T_DIR/hf.json" | cut -d' ' -f1)" valid "the independent evaluator: the hand example with frequencies is valid, same cost"
fi
run solve "$G" --platform "$S" --mapping "$M" --freqs 1,0.5
expect_rc 2 "--freqs other than 1 without --remap"
expect_err '\-\-remap chooses frequencies too' "it points to --remap"

# ---- infeasible and usage errors
printf '5\n1\n1 1 0 0\n3 2 1 1\n2\n4\n0 5\n' > "$T_DIR/d5.input"
run solve "$G" --platform "$T_DIR/d5.input" --remap
expect_rc 1 "solve --remap: the critical path 6 exceeds D = 5"
expect_err 'after the deadline 5' "the message says so"
run validate "$G" "$T_DIR/r.json" --platform "$S" --remap
expect_rc 2 "validate --remap"
expect_err 'runs with solve and heuristic --mode local only' "it says which commands can"
run solve "$G" --remap -p 2
expect_rc 2 "--remap without CaWoSched's setup"
expect_err "needs --platform with CaWoSched's setup" "it asks for the setup"
run milp "$G" --platform "$S" --remap
expect_rc 2 "milp --remap"
# a method that cannot choose the mapping says so from the method table
expect_err "the MILP \\(strong formulation\\) handles the paper's platform, the extended platform and slots of different lengths only, not CaWoSched's platform with the mapping chosen" \
  "milp --remap: the table's row says what it handles"
expect_err 'use remap or solve' "... and names the rows that choose the mapping"
run heuristic "$G" --mode sweep --platform "$S" --remap
expect_rc 2 "heuristic --mode sweep --remap"
expect_err "--remap needs --mode local .*the paper's heuristic handles the paper's platform only, not CaWoSched's platform with the mapping chosen.*; use remap or solve" \
  "heuristic --mode sweep --remap: the table's words"
run solve "$G" --platform "$S" --mapping-out "$T_DIR/x.txt" --mapping "$M" --freqs 1
expect_rc 0 "--mapping-out without --remap writes the fixed mapping"
expect_eq "$(cat "$T_DIR/x.txt" | tr '\n' '|')" "2|0 1 3|2|" "the written mapping is the given one, CaWoSched's text form"
finish
