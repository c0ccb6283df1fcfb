# ecsched replan: re-planning from now under new prices (hand-computed
# cases, what stays fixed, the forms of --now, validate on the output, the
# errors).
. tests/cli/lib.sh
D=$T_DIR
# A -> B (work 1 each), one PE, F = {1, 0.5, 0}, D' = 4 slots of 1 h.
printf '2\n0 0 0\n1 1 1 0\n2 1 1 1\n3 0 1 2\n' > "$D/chain.stg"
prices() { # FILE P0 P1 P2 P3 ...
  f=$1; shift; echo "timestamp,price" > "$f"; h=0
  for p in "$@"; do printf '2024-05-06T%02d:00:00+02:00,%s\n' $h "$p" >> "$f"; h=$((h + 1)); done
}
prices "$D/old.csv" 1 1 5 5
prices "$D/new.csv" 1 1 5 0.2
prices "$D/short.csv" 1 1 5
# the old plan: A in slot 0, B in slot 1, both at f = 1 (cost 2 of 5)
run milp "$D/chain.stg" -p 1 --deadline 4 --freqs 1,0.5,0 --prices "$D/old.csv" -o "$D/old.json"
expect_rc 0 "the old plan"
expect_eq "$(jq -c '[.tasks[] | [.start, .stop, .freqs]]' "$D/old.json")" '[[0,0,[1]],[1,1,[1]]]' "old plan as computed by hand"

# now = slot 1: A done (1), B to slot 3 at f = 1 (0.2): 1.2 of 5 = 0.24;
# keeping B in slot 1 costs 2 of 5 = 0.4; spent 1 of 5 = 0.2
run replan "$D/old.json" --prices "$D/new.csv" --now 1 -o "$D/r.json"
expect_rc 0 "replan from slot 1"
expect_out "^now +slot 1 = 2024-05-06 01:00 \+02:00" "now as slot and clock time"
expect_out "^kept +1 done, 0 running" "A kept (done)"
expect_out "^replanned +1 task: 1 moved" "B moved"
expect_out "^cost +0\.240000 \(keeping the old plan: 0\.400000, -40\.00%" "cost and the old plan's, by hand"
expect_out "^spent +0\.200000 before now" "spent before now, by hand"
expect_out "^method +milp, optimal" "the MILP proves it"
expect_eq "$(jq -c '[.replan.now, .replan.counts.done, .replan.counts.moved, .replan.changes.moved, .replan.keep_cost, .replan.spent, .cost]' "$D/r.json")" \
  '[1,1,1,[2],0.4,0.2,0.24]' "the document records now, what changed, the costs"
expect_eq "$(jq -c '[.tasks[0].start, .tasks[0].stop, .tasks[0].freqs, .tasks[1].stop]' "$D/r.json")" '[0,0,[1],3]' "A as it ran, B ends in slot 3"
expect_eq "$(jq -c '[.replan.old.tasks[1].start, .replan.old.command, .replan.old.cost, .replan.now_time]' "$D/r.json")" \
  '[1,"milp",0.4,"2024-05-06T01:00+02:00"]' "the old plan recorded"
expect_eq "$(jq -r '.model.price_source.options.no_repeat, .model.price_source.options.start' "$D/r.json" | tr '\n' ' ')" \
  "true 2024-05-05T22:00Z " "the new prices from the old first slot, never repeated"

expect_eq "$(jq -n --slurpfile schema docs/schema/schedule.schema.json --slurpfile doc "$D/r.json" -r -f docs/schema/check.jq)" valid \
  "the re-planned document matches docs/schema/schedule.schema.json"

# validate judges the new plan under the new prices
run validate "$D/chain.stg" "$D/r.json"
expect_rc 0 "validate the re-plan"
expect_out "^cost +0\.240000" "validate: cost under the new prices"
expect_out "^replan +1 task as they ran before slot 1" "validate: the prefix kept"
run validate "$D/chain.stg" "$D/r.json" --json
expect_eq "$(jq -c '[.feasible, .replan, .cost]' "$OUT")" '[true,{"now":1,"fixed":1},0.24]' "validate --json: the re-plan"
# a document whose kept task moved (still a feasible schedule) breaks it
jq '.tasks[0].start = 1 | .tasks[0].stop = 1 | .tasks[1].start = 2 | .tasks[1].stop = 3 | .tasks[1].freqs = [0, 1]' "$D/r.json" > "$D/moved.json"
run validate "$D/chain.stg" "$D/moved.json"
expect_rc 1 "validate: a kept task changed"
expect_out "violation: task 1 started before now \(slot 1\) in the old plan" "names the task and now"

# the forms of --now: clock time, time stamp, inside a slot (the next one)
for t in 01:00 2024-05-06T01:00+02:00 "2024-05-06 01:00" 00:30; do
  run replan "$D/old.json" --prices "$D/new.csv" --now "$t" --json
  expect_rc 0 "--now $t"
  expect_eq "$(jq -c '[.replan.now, .cost]' "$OUT")" '[1,0.24]' "--now $t is slot 1"
done
# before the first slot (and slot 0): every task free; A over 0..1 at 0.5
# (0.5) and B in slot 3 (0.2): 0.7 of 5 = 0.14
run replan "$D/old.json" --prices "$D/new.csv" --now 2024-05-05T20:00+02:00
expect_rc 0 "--now before slot 0"
expect_out "^now +before slot 0: every task is planned afresh" "says so"
expect_out "^cost +0\.140000" "the full plan, by hand"
run replan "$D/old.json" --prices "$D/new.csv" --now 0 --method local
expect_out "^cost +0\.140000" "slot 0 with local search: the same optimum"
# methods
run replan "$D/old.json" --prices "$D/new.csv" --now 1 --method local
expect_out "^cost +0\.240000" "local search finds it too"
run replan "$D/old.json" --prices "$D/new.csv" --now 1 --method keep
expect_out "^cost +0\.400000" "keep: the old plan re-priced"
run replan "$D/old.json" --prices "$D/new.csv" --now 1 --method sweep -o "$D/x.json"
expect_rc 2 "a method that cannot re-plan"
expect_err "does not run sweep" "says why"
expect_no_file "$D/x.json" "nothing written"

# 50 tasks on 8 PEs over a week's prices, the next day's prices one day
# early as the new ones: never dearer than keeping, the prefix kept,
# validate agrees
W=data/prices/de_lu_2024-05-06_to_2024-05-12_hourly.csv
awk -F, 'NR == 1 { print; next } { t[NR] = $1; p[NR] = $2 }
  END { for (i = 2; i <= NR; i++) { j = i + 24; if (j > NR) j -= NR - 1; print t[i] "," p[j] } }' "$W" > "$D/shifted.csv"
run heuristic data/stg/rand0000.stg -p 8 --extension 0.2 --mode local --prices "$W" -o "$D/h.json"
expect_rc 0 "a plan of rand0000 on a week's prices"
run replan "$D/h.json" --prices "$D/shifted.csv" --now 20 --time-limit 5 -o "$D/hr.json"
expect_rc 0 "re-plan it at slot 20"
expect_eq "$(jq '.replan.cost <= .replan.keep_cost and .cost == .replan.cost' "$D/hr.json")" true "never dearer than keeping the old plan"
expect_eq "$(jq '[.replan.counts[]] | add' "$D/hr.json")" 50 "every task counted once"
expect_eq "$(jq '[.tasks[] | select(.start >= 20)] | length' "$D/hr.json")" \
  "$(jq '.replan.counts.same + .replan.counts.pe + .replan.counts.freq + .replan.counts.moved' "$D/hr.json")" "the free tasks start at now or later"
run plot "$D/hr.json" -o "$D/hr.svg"
expect_rc 0 "plot the re-plan"
expect_eq "$(grep -c 'class="now"' "$D/hr.svg")" 1 "the Gantt chart marks now"
run validate data/stg/rand0000.stg "$D/hr.json"
expect_rc 0 "validate the re-plan of rand0000"
expect_out "^cost +$(jq -r '.cost' "$D/hr.json" | awk '{ printf "%.6f", $1 }')\$" "validate's cost is the re-plan's"

# errors: nothing left, prices short of the horizon, missing files,
# another model, an extended platform, missing flags
run replan "$D/old.json" --prices "$D/new.csv" --now 3 -o "$D/x.json"
expect_rc 2 "now after the last start"
expect_err "nothing to re-plan: every task has started by slot 3" "says there is nothing to do"
expect_no_file "$D/x.json" "nothing written"
run replan "$D/old.json" --prices "$D/short.csv" --now 1
expect_rc 2 "prices that do not cover the horizon"
expect_err "cover 3 slots of 60 minutes, 4 are needed" "names what is missing"
run replan "$D/none.json" --prices "$D/new.csv" --now 1
expect_rc 2 "missing document"
expect_err "none.json" "names the file"
run replan "$D/old.json" --prices "$D/none.csv" --now 1
expect_rc 2 "missing price file"
expect_err "none.csv" "names the file"
jq 'del(.model)' "$D/old.json" > "$D/hand.json"
run replan "$D/hand.json" --prices "$D/new.csv" --now 1
expect_rc 2 "a document written by hand"
expect_err "no \"model\"" "says why"
jq '.problem = "cawosched"' "$D/old.json" > "$D/cws.json"
run replan "$D/cws.json" --prices "$D/new.csv" --now 1
expect_rc 2 "a document of CaWoSched's problem"
expect_err "CaWoSched's fixed-mapping problem: replan handles the paper's model" "says why"
run compare "$D/chain.stg" -p 1 --deadline 4 --freqs 1,0.5,0 --prices "$D/old.csv" -o "$D/cmp.json"
run replan "$D/cmp.json" --prices "$D/new.csv" --now 1
expect_rc 2 "a compare document"
expect_err "holds several schedules" "says why"
run milp "$D/chain.stg" -p 1 --deadline 4 --freqs 1,0.5,0 --prices "$D/old.csv" --watts 400:100 -o "$D/ext.json"
run replan "$D/ext.json" --prices "$D/new.csv" --now 1
expect_rc 2 "an extended platform"
expect_err "paper's platform only" "says why"
run replan "$D/old.json" --now 1
expect_rc 2 "--prices required"
run replan "$D/old.json" --prices "$D/new.csv"
expect_rc 2 "--now required"
run replan "$D/old.json" --prices "$D/new.csv" --now noon
expect_rc 2 "a --now of no form"
expect_err "a slot number, a clock time HH:MM" "names the forms"
run replan "$D/old.json" --prices "$D/new.csv" --now 1 -p 3
expect_rc 2 "-p does not apply"
run replan "$D/old.json" --prices "$D/new.csv" --now 1 --time-limit 0
expect_rc 2 "--time-limit 0"
expect_err "time-limit needs a number > 0" "the parameters' message"
run replan "$D/old.json" --prices "$D/new.csv" --now 1 --seed 5 --gap 0.1 --time-limit 3 --json
expect_eq "$(jq -c '[.params.seed, .params.gap, .params.time_limit_s, .params.method]' "$OUT")" '[5,0.1,3,"milp"]' "the parameters recorded"
finish
