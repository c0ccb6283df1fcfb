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
# ---- the terms of the document: platform, slot length, prices (issue 36) ----
if command -v jq >/dev/null 2>&1; then
# the bundled example: made by milp on data/platforms/solar_two_class.json;
# without --platform it is judged on that file (checked by hash) and costs
# what the document says
D=data/platforms/solar_two_class_g01.json
run validate data/paper32/g01_n08.stg $D --json
expect_rc 0 "the bundled example validates without --platform"
expect_eq "$(jq -r '.cost' "$OUT")" "$(jq -r '.cost' $D)" "its cost is the document's (15.317...)"
expect_eq "$(jq -r '.energy_split.kwh' "$OUT")" "$(jq -r '.energy_kwh' $D)" "its energy is the document's (37.8264 kWh)"
# a schedule made on 5-minute slots of a platform file without a slot length
TV=tests/fixtures/validate/terms
cp $TV/five.json "$T_DIR/five.json"
"$ECSCHED" heuristic tests/fixtures/tiny.stg --platform "$T_DIR/five.json" --slot-minutes 5 --mode local \
  --extension 1 -o "$T_DIR/h5.json" >/dev/null 2>&1
want=$(jq -r '.cost' "$T_DIR/h5.json")
for flags in "--platform $T_DIR/five.json" ""; do
  run validate tests/fixtures/tiny.stg "$T_DIR/h5.json" $flags --json
  expect_rc 0 "5-minute slots, flags '$flags': feasible (the document's slot length)"
  expect_eq "$(jq -r '.cost' "$OUT")" "$want" "5-minute slots, flags '$flags': the document's cost, not hourly energies"
  expect_eq "$(jq -r '.rejudged' "$OUT")" "false" "judged under the document's terms"
done
run validate tests/fixtures/tiny.stg "$T_DIR/h5.json" --slot-minutes 60
expect_rc 2 "a differing --slot-minutes is an error"
expect_err "^ecsched validate: --slot-minutes 60 differs from the document's 5 \(prices.slot_minutes of .*h5.json\): give --rejudge" \
  "it names both slot lengths and --rejudge"
expect_no_out "nothing judged"
run validate tests/fixtures/tiny.stg "$T_DIR/h5.json" --slot-minutes 60 --platform "$T_DIR/five.json" --rejudge --json
expect_err "note: --slot-minutes 60 differs from the document's 5" "--rejudge: a note, judged under the flags"
expect_eq "$(jq -r '.rejudged' "$OUT")" "true" "the JSON says it was re-judged"
# every energy is 12 times as large in hourly slots, at the same flat price
expect_eq "$(jq -r '.cost' "$OUT")" "$(awk -v c="$want" 'BEGIN { printf "%.12g", 12 * c }')" \
  "--rejudge at 60 minutes: 12 times the cost of 5-minute slots"
# the platform file changed since: an error unless re-judged under it
cp "$T_DIR/five.json" "$T_DIR/keep.json"
sed 's/1\.2/1.3/' "$T_DIR/keep.json" >"$T_DIR/five.json"
run validate tests/fixtures/tiny.stg "$T_DIR/h5.json"
expect_rc 2 "a platform file that changed: exit 2"
expect_err "the platform file .*five.json has changed since the schedule was made \(hash fnv1a64:[0-9a-f]{16}, the document's fnv1a64:[0-9a-f]{16}\)" \
  "it names the file and both hashes"
run validate tests/fixtures/tiny.stg "$T_DIR/h5.json" --platform "$T_DIR/five.json" --rejudge
expect_rc 0 "--platform FILE --rejudge judges under the file as it is"
expect_err "note: --platform .*five.json \(fnv1a64:" "with a note naming the hashes"
# the file gone: give --platform; the same content under another name is the same platform
rm "$T_DIR/five.json"
run validate tests/fixtures/tiny.stg "$T_DIR/h5.json"
expect_rc 2 "the document's platform file cannot be read: exit 2"
expect_err "made on the platform file .*five.json \(platform.file\), which cannot be read here .*give --platform FILE" \
  "it names the file and the fix"
run validate tests/fixtures/tiny.stg "$T_DIR/h5.json" --platform "$T_DIR/keep.json"
expect_rc 0 "the same content under another name: the same hash, feasible"
expect_eq "$(grep -c differs "$ERR")" "0" "no note: the hash agrees"
# the shortcuts (--watts W:IDLE, --green, --power-cap) and the prices
cp $TV/pv.csv "$T_DIR/pv.csv"
S="tests/fixtures/tiny.stg --watts 1000:100 -p 2 --green $T_DIR/pv.csv --power-cap 1.5 --prices alternating --freqs 1,0.5,0"
"$ECSCHED" heuristic $S --mode local --extension 1 -o "$T_DIR/s.json" >/dev/null 2>&1
run validate tests/fixtures/tiny.stg "$T_DIR/s.json" --json
expect_rc 0 "the shortcuts' platform from the document"
expect_eq "$(jq -c '[.cost, .energy_split.kwh, .energy_split.green_kwh]' "$OUT")" \
  "$(jq -c '[.cost, .energy_split.kwh, .energy_split.green_kwh]' "$T_DIR/s.json")" \
  "cost, energy and green energy are the document's"
run validate tests/fixtures/tiny.stg "$T_DIR/s.json" --power-cap 5
expect_rc 2 "a differing --power-cap: exit 2"
expect_err "^ecsched validate: --power-cap 5 differs from the document's 1\.5 \(platform.sites\[0\].power_cap_kw of" "names both caps"
run validate tests/fixtures/tiny.stg "$T_DIR/s.json" --power-cap 5 --rejudge
expect_rc 0 "--rejudge: judged under a cap of 5 kW"
run validate tests/fixtures/tiny.stg "$T_DIR/s.json" --prices flat
expect_rc 2 "a differing --prices: exit 2"
expect_err "^ecsched validate: --prices flat differs from the document's alternating \(model.price_source.spec" "names both price sources"
# a document of the paper's platform judged on another platform
"$ECSCHED" heuristic tests/fixtures/tiny.stg -p 2 --extension 1 -o "$T_DIR/paper.json" >/dev/null 2>&1
run validate tests/fixtures/tiny.stg "$T_DIR/paper.json" --platform "$T_DIR/keep.json"
expect_rc 2 "a paper-platform document judged with --platform: exit 2"
expect_err "^ecsched validate: --platform .*keep.json differs from the document's paper's platform" "it says the document's platform"
else
  skip "jq is not installed: the document's terms"
fi

run --version
expect_out '^ecsched [0-9]+\.[0-9]+\.[0-9]+$' "--version"
run nosuchcommand
expect_rc 2 "unknown command"
finish
