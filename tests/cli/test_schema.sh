# ecsched: real outputs validated against the JSON Schemas in docs/schema/
# (with docs/schema/check.jq: jq only, no other validator needed).
. tests/cli/lib.sh
G=tests/fixtures/tiny.stg
S=docs/schema
if ! command -v jq >/dev/null 2>&1; then
  skip "jq is not installed (make deps installs it)"
  exit 0
fi
# valid SCHEMA FILE: "valid" or the violations
valid() { jq -n --slurpfile schema "$1" --slurpfile doc "$2" -r -f $S/check.jq 2>&1; }
expect_valid() { # SCHEMA FILE WHAT
  v=$(valid "$1" "$2")
  if [ "$v" = valid ]; then ok "$3"; else RC=0; notok "$3: $(echo "$v" | head -5 | tr '\n' ';')"; fi
}
expect_invalid() { # SCHEMA FILE PATTERN WHAT
  v=$(valid "$1" "$2")
  if echo "$v" | grep -q -- "$3"; then ok "$4"; else RC=0; notok "$4: got '$v'"; fi
}
# one JSON line at a time
each_row() { # SCHEMA FILE WHAT
  n=0 bad=0
  while IFS= read -r line; do
    n=$((n + 1))
    printf '%s\n' "$line" >"$T_DIR/row.json"
    [ "$(valid "$1" "$T_DIR/row.json")" = valid ] || bad=$((bad + 1))
  done <"$2"
  expect_eq "$bad of $n" "0 of $n" "$3"
}

for cmd in heuristic milp solve; do
  run $cmd $G -p 2 --extension 0.5 -o "$T_DIR/$cmd.json"
  expect_rc 0 "$cmd document"
  expect_valid $S/schedule.schema.json "$T_DIR/$cmd.json" "$cmd document matches schedule.schema.json"
done
# a heuristic document is no base (f < 1): the message names the stop
run milp $G -p 2 --extension 0.5 --base "$T_DIR/heuristic.json"
expect_rc 2 "a scaled schedule is refused as --base"
expect_err "task 1: a base schedule runs every task at f = 1 \(stop = start \+ work - 1 = 1\)" "the message gives the stop task 1 needs (work 2 from slot 0)"
"$ECSCHED" makespan $G -p 2 -o "$T_DIR/m.json" >/dev/null
run milp $G -p 2 --extension 0.5 --prices flat --formulation paper --base "$T_DIR/m.json" -o "$T_DIR/base.json"
expect_valid $S/schedule.schema.json "$T_DIR/base.json" "milp from a --base file matches"
expect_eq "$(jq -r .base.status "$T_DIR/base.json")" from_file "the base's status says it came from a file"
run milp $G -p 2 --deadline 3 -o "$T_DIR/infeasible.json"
expect_rc 1 "an infeasible milp document"
expect_valid $S/schedule.schema.json "$T_DIR/infeasible.json" "the infeasible document matches (nulls)"

# batch rows, a crashed case included
ECSCHED_BATCH_FAULT=crash:binary:2 "$ECSCHED" batch $G -p 2,3 --extension 0,0.2 --prices flat,epex-2016-10-19 -j 1 -o "$T_DIR/rows.jsonl" >/dev/null 2>&1
expect_eq "$(grep -c '"status":"crashed"' "$T_DIR/rows.jsonl")" 4 "the binary cases on 2 PEs are recorded as crashed"
each_row $S/batch-row.schema.json "$T_DIR/rows.jsonl" "every batch row matches batch-row.schema.json"

# the checker can fail: planted violations
jq 'del(.base)' "$T_DIR/milp.json" >"$T_DIR/no_base.json"
expect_invalid $S/schedule.schema.json "$T_DIR/no_base.json" "missing base" "a document without base is refused"
jq '.cost = 0 | .makespan = "7"' "$T_DIR/milp.json" >"$T_DIR/bad_type.json"
expect_invalid $S/schedule.schema.json "$T_DIR/bad_type.json" "makespan: expected integer|null, got string" "a string makespan is refused"
head -1 "$T_DIR/rows.jsonl" | jq -c '. + {"extra": 1}' >"$T_DIR/extra.json"
expect_invalid $S/batch-row.schema.json "$T_DIR/extra.json" "unexpected key extra" "a row with an unknown key is refused"
head -1 "$T_DIR/rows.jsonl" | jq -c '.model.price_source.options.fill = "zero"' >"$T_DIR/enum.json"
expect_invalid $S/batch-row.schema.json "$T_DIR/enum.json" "not one of" "a bad enum value deep inside is refused"
# the fixed mapping's JSON form (docs/cawosched.md; test_cawosched reads the same file)
expect_valid $S/mapping.schema.json tests/fixtures/cawosched/hand_mapping.json "the example mapping matches mapping.schema.json"
jq -c '.mapping[0].pe = "0"' tests/fixtures/cawosched/hand_mapping.json >"$T_DIR/map.json"
expect_invalid $S/mapping.schema.json "$T_DIR/map.json" "integer" "a mapping with a string pe is refused"
[ "$T_FAIL" -eq 0 ]
