# ecsched validate: the checker on schedule documents (data-driven cases).
. tests/cli/lib.sh
G=tests/fixtures/tiny.stg
V=tests/fixtures/validate

# fixture | exit | stdout pattern
while IFS='|' read -r name code pattern; do
  [ -n "$name" ] || continue
  run validate "$G" "$V/$name.json"
  expect_rc "$code" "validate $name"
  expect_out "$pattern" "validate $name names the result"
done <<'CASES'
feasible|0|cost +16\.000000
scaled|0|cost +18\.400000
work|1|violation: task 1 on PE 0, slots 0\.\.2: does 1\.8 of its 2 work units
overlap|1|violation: tasks 1 and 2 both use PE 0 in slot 1
precedence|1|violation: task 5 starts on PE 1 in slot 2, but its predecessor 3 stops in slot 2
deadline|1|violation: task 5 on PE 1 runs until slot 4, but the deadline D' = 4 allows slots 0\.\.3
frequency|1|violation: task 2 on PE 1, slot 0: frequency not in F
unscheduled|1|violation: task 2 \(work 1\) is not scheduled
pe_range|1|violation: task 2 is on PE 2, but PEs are 0\.\.1
CASES

# unreadable input: exit 2, file named, nothing on stdout
for name in truncated unknown_id wrong_work; do
  run validate "$G" "$V/$name.json"
  expect_rc 2 "validate $name"
  expect_err "$V/$name.json" "validate $name names the file"
  expect_no_out "validate $name prints no result"
done
run validate "$G" "$V/truncated.json"
expect_err "truncated.json:2:" "JSON syntax error names the line"
run validate "$G" /nonexistent.json
expect_rc 2 "missing schedule file"
run validate tests/fixtures/nonexistent.stg "$V/feasible.json"
expect_rc 2 "missing graph file"

# flags override the document; a base schedule without freqs runs at f = 1
run validate "$G" "$V/base_no_freqs.json"
expect_rc 2 "no pes in the document and no -p"
expect_err 'give -p P' "asks for -p"
run validate "$G" "$V/base_no_freqs.json" -p 2 --prices flat
expect_rc 0 "base schedule without freqs"
expect_out 'cost +6\.000000' "flat prices: cost = total work"
run validate "$G" "$V/feasible.json" --deadline 4
expect_rc 1 "--deadline overrides the document"
run validate "$G" "$V/feasible.json" -p 1
expect_rc 1 "-p overrides the document"
expect_out 'PEs are 0\.\.0' "PE out of range with -p 1"
run validate "$G" "$V/scaled.json" --freqs 1,0.4,0
expect_rc 1 "--freqs without 0.8 rejects the scaled schedule"
run validate "$G" "$V/feasible.json" --freqs 1,0.5,0.5
expect_rc 2 "bad frequency list"
expect_err 'strictly decreasing' "frequency list message"
run validate "$G" "$V/feasible.json" --power static:0.4
expect_rc 0 "static power"
expect_out 'cost +16\.000000' "f = 1 costs the same under static power"

# JSON result
run validate "$G" "$V/precedence.json" --json
expect_rc 1 "validate --json on a violation"
expect_out '"kind": "precedence"' "violation kind in JSON"
expect_out '"task": 5' "violating task id in JSON"
expect_out '"slot": 2' "violating slot in JSON"
run validate "$G" "$V/feasible.json" --json
expect_out '"feasible": true' "feasible in JSON"
expect_out '"cost": 16\.0' "cost in JSON"

# usage
run validate "$G"
expect_rc 2 "one argument is a usage error"
run validate --bogus "$G" "$V/feasible.json"
expect_rc 2 "unknown option"
run validate --help
expect_rc 0 "validate --help"
expect_out '^Usage: ecsched validate' "help text"
run help validate
expect_out '^Usage: ecsched validate' "ecsched help validate"
run --version
expect_out '^ecsched [0-9]+\.[0-9]+\.[0-9]+$' "--version"
run nosuchcommand
expect_rc 2 "unknown command"
finish
