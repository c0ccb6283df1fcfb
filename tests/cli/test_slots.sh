# Slots of different lengths (docs/MODEL.md "Slots of different lengths"):
# --slot-minutes prices, the reader's errors, milp and solve on a tariff of
# night/shoulder/peak periods, heuristic --mode local on it, validate and
# plot under the lengths, the refusals, --merge-slots, and the uniform
# grid's identity.
. tests/cli/lib.sh
F=tests/fixtures/slots
G=tests/fixtures/tiny.stg

# a tariff of six periods of 6, 2, 3, 4, 6 and 3 hours
run prices "$F/tou.csv" --slot-minutes prices
expect_rc 0 "prices: a tariff's periods as slots"
expect_out "^slot minutes +prices \(periods of different lengths, in units of 60 min\)" "prices names the unit"
expect_out "^ +1  2025-10-01T04:00Z +120 +150 " "slot 1 starts after the 6-hour night and lasts 2 h"
expect_out "^ +5  2025-10-01T19:00Z +180 +140 " "slot 5 starts at 21:00 local and lasts 3 h"
run prices "$F/tou.csv" --slot-minutes prices --json
expect_eq "$(jq -c .per_slot_minutes "$OUT")" "[360,120,180,240,360,180]" "prices --json: per_slot_minutes"

# timestamps at irregular steps: each lasts until the next
run prices "$F/stamps.csv" --slot-minutes prices --csv
expect_rc 0 "prices: stamps of hours, then quarter-hours"
expect_eq "$(sed -n '2p;5p;9p' "$OUT" | tr '\n' ' ')" \
  "0,2025-09-30T22:00Z,60,50,0.7142857142857143 3,2025-10-01T01:00Z,15,45,0.6428571428571429 7,2025-10-01T02:00Z,15,55,0.7857142857142857 " \
  "hours last 60 min, quarter-hours 15, the last as its neighbour"

# bad rows: file and line named, nothing written
for c in "gap:3: missing interval" "overlap:3: interval starting .* overlaps" "backwards:3: interval .* ends before it starts"; do
  f=${c%%:*}
  run milp "$G" -p 2 --prices "$F/$f.csv" --slot-minutes prices --deadline 4 -o "$T_DIR/$f.json"
  expect_rc 2 "$f.csv refused"
  if grep -Eq "$F/$f.csv:${c#*:}" "$ERR"; then ok "$f.csv: file, line and problem named"; else notok "$f.csv: message"; fi
  expect_no_file "$T_DIR/$f.json" "$f.csv: nothing written"
done

# milp and solve on the tariff: the same optimum, a document with lengths
run milp "$G" -p 2 --prices "$F/tou.csv" --slot-minutes prices --deadline 5 -o "$T_DIR/m.json"
expect_rc 0 "milp on the tariff"
expect_out "^prices .*slots of 2 h to 6 h \(the prices' periods; a work unit is 1 h at f = 1\)" "the slots' lengths said"
expect_out "^deadline +5 slots = 21 h " "the deadline in hours from the lengths (6+2+3+4+6)"
expect_out "^status +optimal" "milp proves its optimum"
mcost=$(jq .cost "$T_DIR/m.json")
expect_eq "$(jq -c '.prices.per_slot_minutes' "$T_DIR/m.json")" "[360,120,180,240,360]" "the document records the lengths (of the 5 slots priced)"
expect_eq "$(jq -r '.model.price_source.options.slot_minutes' "$T_DIR/m.json")" "prices" "and how they were made"
expect_eq "$(jq -r .deadline_minutes "$T_DIR/m.json")" "1260" "deadline_minutes from the lengths"
v=$(jq -n --slurpfile schema docs/schema/schedule.schema.json --slurpfile doc "$T_DIR/m.json" -r -f docs/schema/check.jq 2>&1)
expect_eq "$v" "valid" "the document on lengths follows docs/schema/schedule.schema.json"
run solve "$G" -p 2 --prices "$F/tou.csv" --slot-minutes prices --deadline 5 --time-limit 20 -o "$T_DIR/s.json"
expect_rc 0 "solve on the tariff"
expect_eq "$(jq .cost "$T_DIR/s.json")" "$mcost" "solve finds milp's optimum"
expect_eq "$(jq -r .status "$T_DIR/s.json")" "optimal" "and proves it"

# validate judges under the document's lengths, and under other terms says so
run validate "$G" "$T_DIR/m.json"
expect_rc 0 "validate under the recorded lengths"
expect_out "^cost +$(printf '%.6f' "$mcost")" "validate's cost is milp's"
run validate "$G" "$T_DIR/m.json" --prices "$F/tou.csv"
expect_rc 0 "validate re-reading the tariff (the document's --slot-minutes prices)"
run validate "$G" "$T_DIR/m.json" --prices "$F/tou.csv" --slot-minutes 60
expect_rc 1 "the same schedule on hourly slots does too little work"
expect_out "result +violation: task .* does .* of its .* work units" "validate names the work"
jq '.prices.per_slot_minutes[1] = 90' "$T_DIR/m.json" > "$T_DIR/bad.json"
run validate "$G" "$T_DIR/bad.json"
expect_rc 2 "a length that is not a multiple of the unit"
expect_err "prices.per_slot_minutes\[1\] is not a multiple of prices.slot_minutes \(60\)" "the key is named"

# plot: slot widths to scale (slot 0 is three times slot 1: 6 h and 2 h)
run plot "$T_DIR/m.json" -o "$T_DIR/m.svg"
expect_rc 0 "plot the document"
expect_file "$T_DIR/m.svg" "the chart is written"
if grep -q "time in units of 60 min (slots to scale)" "$T_DIR/m.svg"; then ok "the axis counts units"; else notok "the axis counts units"; fi
# the price step line: x of slot boundaries 0, 1, 2 (6 h, then 2 h)
xs=$(grep -o 'class="price"[^>]*points="[^"]*"\|points="[^"]*"[^>]*class="price"' "$T_DIR/m.svg" | grep -o 'points="[^"]*"' | head -1 |
     tr -d '"' | sed 's/points=//' | tr ' ' '\n' | cut -d, -f1 | sed -n '1p;2p;4p' | tr '\n' ' ')
r=$(echo "$xs" | awk '{ if ($2 - $1 > 0) printf "%.3f", ($3 - $2) / ($2 - $1); else print "none" }')
expect_eq "$r" "0.333" "the 2-hour slot is drawn a third of the 6-hour one"

# heuristic --mode local on the tariff: from the base fitted to the
# lengths (no sweep), never below milp's optimum nor above the base
run heuristic "$G" -p 2 --prices "$F/tou.csv" --slot-minutes prices --deadline 5 --mode local --effort 2000 -o "$T_DIR/l.json"
expect_rc 0 "heuristic --mode local on lengths"
expect_out "^mode +local .*from the base \(slots of different lengths: no sweep\)" "local says it starts from the base"
expect_eq "$(jq -c '.prices.per_slot_minutes' "$T_DIR/l.json")" "[360,120,180,240,360]" "local's document records the lengths"
expect_eq "$(jq -r '[.mode, .budget, .start_cost == .base_cost] | map(tostring) | join(" ")' "$T_DIR/l.json")" "local null true" "no sweep's keys; the start is the base"
expect_eq "$(jq --argjson m "$mcost" '.cost >= $m - 1e-9 and .cost <= .base_cost' "$T_DIR/l.json")" "true" "local's cost lies between milp's optimum and the base's"
run validate "$G" "$T_DIR/l.json"
expect_rc 0 "validate accepts local's schedule under the lengths"
expect_out "^cost +$(printf '%.6f' "$(jq .cost "$T_DIR/l.json")")" "validate's cost is local's"
run compare "$G" -p 2 --prices "$F/tou.csv" --slot-minutes prices --deadline 5 --methods base,local --effort 2000
expect_rc 0 "compare: local on lengths"
expect_out "^local +[-0-9.]+ .* yes +feasible" "compare's local row has a schedule that meets D'"

# what does not handle lengths says so and exits 2
run heuristic "$G" -p 2 --prices "$F/tou.csv" --slot-minutes prices --deadline 5
expect_rc 2 "the paper's heuristic refuses lengths"
run milp "$G" -p 2 --prices "$F/tou.csv" --slot-minutes prices --deadline 5 --formulation paper
expect_rc 2 "the paper formulation refuses lengths"
expect_err "paper's formulation handles .* only, not slots of different lengths" "and says why"

run replan "$T_DIR/m.json" --prices "$F/tou.csv" --now 1
expect_rc 2 "replan refuses a document on lengths"
expect_err "replan handles slots of one length only" "and says why"

run export --slurm "$T_DIR/m.json" -o "$T_DIR/slurm"
expect_rc 2 "export --slurm refuses a document on lengths"
expect_err "export --slurm handles slots of one length only" "and says why"

# --merge-slots: the tariff at 60-minute slots merges into its six periods
run solve "$G" -p 2 --prices "$F/tou.csv" --deadline 20 --time-limit 20 -o "$T_DIR/fine.json"
expect_rc 0 "solve on hourly slots"
fine=$(jq .cost "$T_DIR/fine.json")
run solve "$G" -p 2 --prices "$F/tou.csv" --deadline 20 --time-limit 20 --merge-slots -o "$T_DIR/merged.json"
expect_rc 0 "solve --merge-slots"
expect_out "^merged +5 slots for the fine grid's 20 " "20 hourly slots merge into 5 before D'"
expect_eq "$(jq -r '.merged_slots' "$T_DIR/merged.json")" "5" "merged_slots in the document"
expect_eq "$(jq -r '.makespan <= 20 and (.prices.per_slot | length) >= 20 and (.prices | has("per_slot_minutes") | not)' "$T_DIR/merged.json")" "true" "the schedule is on the fine (hourly) grid"
expect_eq "$(jq -n --argjson m "$(jq .cost "$T_DIR/merged.json")" --argjson f "$fine" '$m >= $f - 1e-9')" "true" "coarsening costs no less than the fine optimum"
expect_eq "$(jq -n --argjson b "$(jq .bound "$T_DIR/merged.json")" --argjson f "$fine" '$b <= $f + 1e-9')" "true" "the bound reported is the fine grid's (below its optimum)"
run validate "$G" "$T_DIR/merged.json"
expect_rc 0 "the merged result validates on the fine grid"

# the uniform grid's identity: an hourly series read by its periods is the
# hourly grid, with the same documents (but the recorded option)
H=data/prices/de_at_lu_2016-10-19_hourly.csv
run solve "$G" -p 2 --prices "$H" --deadline 8 --time-limit 20 --json
jq -S 'del(.phases, .model.price_source.options.slot_minutes) | walk(if type == "object" then with_entries(select(.key | test("_s$") | not)) else . end)' "$OUT" > "$T_DIR/u60.json"
run solve "$G" -p 2 --prices "$H" --slot-minutes prices --deadline 8 --time-limit 20 --json
jq -S 'del(.phases, .model.price_source.options.slot_minutes) | walk(if type == "object" then with_entries(select(.key | test("_s$") | not)) else . end)' "$OUT" > "$T_DIR/up.json"
if cmp -s "$T_DIR/u60.json" "$T_DIR/up.json"; then ok "hourly periods give the hourly grid's document"; else
  notok "hourly periods give the hourly grid's document"; diff "$T_DIR/u60.json" "$T_DIR/up.json" | head -10; fi
expect_eq "$(jq 'has("per_slot_minutes")' <"$T_DIR/up.json" | head -1)" "false" "no lengths recorded on a uniform grid"
finish
