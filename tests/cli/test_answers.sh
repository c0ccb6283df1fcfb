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

# ---- real units: hours, clock times, kWh and money (issue 28 item 3) ----
G=tests/fixtures/tiny.stg
# a flat 100 EUR/MWh series of 12 hours in +01:00: the normalised price is
# 1 in every slot, so the cost equals the energy in PE-slots, and at 400 W a
# PE-slot (1 h) is 0.4 kWh and 0.04 EUR
{ echo "time,price EUR/MWh"
  for h in 00 01 02 03 04 05 06 07 08 09 10 11; do echo "2024-01-01T$h:00+01:00,100"; done
} >"$T_DIR/flat.csv"
run heuristic $G -p 2 --extension 0.5 --prices "$T_DIR/flat.csv" --watts 400:0 --json
expect_rc 0 "heuristic with --watts"
cp "$OUT" "$T_DIR/hw.json"
e=$(jq .energy "$T_DIR/hw.json")
expect_eq "$(jq -r '[.cost == .energy, (.energy_kwh - 0.4 * .energy | fabs < 1e-9), (.cost_money - 0.04 * .energy | fabs < 1e-9), .money_unit, .watts, .idle_watts] | @csv' "$T_DIR/hw.json")" \
  'true,true,true,"EUR",400,0' "flat 100 EUR/MWh at 400 W: cost = energy ($e PE-slots), 0.4 kWh and 0.04 EUR a PE-slot"
mk=$(jq .makespan "$T_DIR/hw.json"); D=$(jq .deadline "$T_DIR/hw.json")
expect_eq "$(jq -r '[.zone, .start_time, .end_time, .deadline_time, .makespan_minutes, .deadline_minutes] | @csv' "$T_DIR/hw.json")" \
  "\"+01:00\",\"2024-01-01T00:00+01:00\",\"2024-01-01T0$mk:00+01:00\",\"2024-01-01T0$D:00+01:00\",$((60 * mk)),$((60 * D))" \
  "clock times in the price file's zone (+01:00), minutes of makespan and deadline"
[ "$(valid $S/schedule.schema.json "$T_DIR/hw.json")" = valid ] && ok "the document with real units matches the schema" || { RC=0; notok "schema: $(valid $S/schedule.schema.json "$T_DIR/hw.json")"; }
run heuristic $G -p 2 --extension 0.5 --prices "$T_DIR/flat.csv" --watts 400
expect_out "^prices +.*flat.csv \(slots of 1 h, times in \+01:00\)" "heuristic names the slot length and the zone"
expect_out "^energy +$(jq -n "$e * 0.4") kWh, $(printf '%.2f' "$(jq -n "$e * 0.04")") EUR at 400 W per PE$" "heuristic prints kWh and EUR at 400 W"
expect_out "^makespan +$mk slots = $mk h \(base 5 slots = 5 h\)$" "makespan in slots and hours"
expect_out "^deadline +$D slots = $D h \(met\)$" "deadline in slots and hours"
expect_out "^horizon +2024-01-01 00:00 \+01:00 to 2024-01-01 0$D:00 \+01:00 \(slot 0 to the deadline\)$" "the horizon as clock times"
expect_out "^start +2024-01-01 00:00 \+01:00 \(the first task\)$" "start as a clock time"
expect_out "^end +2024-01-01 0$mk:00 \+01:00 \(the last task\)$" "end as a clock time"
# start and end are when the first task starts and the last ends, not slot 0
# (issue 36 item 7): one task of work 1, 100 EUR/MWh but 10 at 09:00, a
# deadline of 12 h: the optimum runs it at 09:00-10:00 for 10% of the base
printf '1\n0 0 0\n1 1 1 0\n2 0 1 1\n' >"$T_DIR/one.stg"
{ echo "time,price EUR/MWh"
  for h in 00 01 02 03 04 05 06 07 08 09 10 11; do
    if [ $h = 09 ]; then echo "2024-01-01T$h:00+01:00,10"; else echo "2024-01-01T$h:00+01:00,100"; fi
  done
} >"$T_DIR/cheap9.csv"
run milp "$T_DIR/one.stg" -p 1 --deadline 12 --prices "$T_DIR/cheap9.csv"
expect_rc 0 "milp: one task, cheap at 09:00"
expect_out "^cost +0\.100000 " "the task runs in the cheap hour (cost 10/100 of the base)"
expect_out "^horizon +2024-01-01 00:00 \+01:00 to 2024-01-01 12:00 \+01:00 \(slot 0 to the deadline\)$" "the horizon: slot 0 to the deadline"
expect_out "^start +2024-01-01 09:00 \+01:00 \(the first task\)$" "start: when the first task starts (09:00), not slot 0"
expect_out "^end +2024-01-01 10:00 \+01:00 \(the last task\)$" "end: when the last task ends (10:00)"
run heuristic "$T_DIR/one.stg" -p 1 --deadline 12 --prices "$T_DIR/cheap9.csv" --mode local
expect_out "^start +2024-01-01 09:00 \+01:00 \(the first task\)$" "heuristic --mode local: start at 09:00 too"
if grep -q "1 MW" "$OUT"; then RC=0; notok "no '1 MW per PE' line"; else ok "no '1 MW per PE' line"; fi
# without --watts: no money, a hint; the normalised cost stays
run heuristic $G -p 2 --extension 0.5 --prices "$T_DIR/flat.csv" --json
expect_eq "$(jq -c '[.cost_money, .energy_kwh, .watts, (.energy > 0)]' "$OUT")" '[null,null,null,true]' "without --watts: no money, no kWh, the energy in PE-slots"
run heuristic $G -p 2 --extension 0.5 --prices "$T_DIR/flat.csv"
expect_out "^energy +[0-9.]+ PE-slots at f = 1 \(--watts W gives kWh and money\)$" "without --watts: the hint"
# prices without a unit: money is not dropped silently (issue 36 item 8)
{ echo "time,price"
  for h in 00 01 02 03 04 05 06 07 08 09 10 11; do echo "2024-01-01T$h:00+01:00,100"; done
} >"$T_DIR/nounit.csv"
run heuristic $G -p 2 --extension 0.5 --prices "$T_DIR/nounit.csv" --watts 400
expect_out "^energy +[0-9.]+ kWh at 400 W per PE, money n/a \(the prices' unit is unknown: --unit EUR/MWh gives it\)$" "no unit: money n/a and how to get it"
run heuristic $G -p 2 --extension 0.5 --prices "$T_DIR/nounit.csv" --watts 400 --unit EUR/MWh
expect_out "^energy +[0-9.]+ kWh, [0-9.]+ EUR at 400 W per PE$" "--unit EUR/MWh gives the money"
run heuristic $G -p 2 --extension 0.5 --prices "$T_DIR/nounit.csv" --watts 400:50 --mode local --time-limit 0.2
expect_out "^energy +.*base load.*\), money n/a \(the prices' unit is unknown: --unit EUR/MWh gives it\)$" "the extended platform's energy line says so too"
run heuristic $G -p 2 --extension 0.5 --prices flat --watts 400
if grep -q "money n/a" "$OUT"; then RC=0; notok "no money hint for a synthetic built-in"; else ok "no money hint for a synthetic built-in"; fi
# --utc-offset names the zone of naive times
{ echo "time,price EUR/MWh"
  for h in 00 01 02 03 04 05 06 07 08 09; do echo "2024-01-01 $h:00,50"; done
} >"$T_DIR/naive.csv"
run solve $G -p 2 --extension 0.5 --prices "$T_DIR/naive.csv" --utc-offset +05:30 --json
expect_eq "$(jq -r '[.zone, .start_time] | @csv' "$OUT")" '"+05:30","2024-01-01T00:00+05:30"' "--utc-offset +05:30: clock times in +05:30"
run solve $G -p 2 --extension 0.5 --prices "$T_DIR/naive.csv" --utc-offset Europe/Berlin --json
expect_eq "$(jq -r '[.zone, .start_time] | @csv' "$OUT")" '"Europe/Berlin","2024-01-01T00:00+01:00"' "--utc-offset Europe/Berlin: the zone's name, +01:00 in January"
# 15-minute slots: hours and minutes
run milp $G -p 2 --deadline 7 --prices "$T_DIR/flat.csv" --slot-minutes 15
expect_out "^deadline +7 slots = 1 h 45 min \(base makespan 5 slots = 1 h 15 min, optimal\)$" "15-minute slots: 7 slots = 1 h 45 min"
expect_out "^makespan +[0-9]+ slots = (1 h( [0-9]+ min)?|[0-9]+ min) \(meets the deadline\)$" "milp's makespan in hours and minutes"
# built-in synthetic prices have no clock: no start/end lines, null times
run solve $G -p 2 --extension 0.5 --prices flat --json
expect_eq "$(jq -c '[.zone, .start_time, .end_time]' "$OUT")" '[null,null,null]' "no timestamps: no clock times"
# non-finite money prints as n/a (JSON null), never inf
{ echo "time,price EUR/MWh"
  echo "2024-01-01T00:00Z,1.7e308"; echo "2024-01-01T01:00Z,1.7e308"; echo "2024-01-01T02:00Z,5"
} >"$T_DIR/huge.csv"
run heuristic $G -p 2 --extension 0.5 --prices "$T_DIR/huge.csv" --watts 400
if grep -qi "inf" "$OUT"; then RC=0; notok "no 'inf' in heuristic's output for 1.7e308 prices"; else ok "no 'inf' in heuristic's output for 1.7e308 prices"; fi
expect_out "^energy +[0-9.]+ kWh, n/a EUR at 400 W per PE$" "money that is not finite: n/a EUR"
run heuristic $G -p 2 --extension 0.5 --prices "$T_DIR/huge.csv" --watts 400 --json
expect_eq "$(jq -c '[.cost_money, .money_unit, .zone]' "$OUT")" '[null,null,"UTC"]' "its JSON: cost_money null; a Z series is in UTC"
# compare: hours in the head, kWh and EUR columns with --watts (issue 36)
run compare $G -p 2 --extension 0.5 --prices "$T_DIR/flat.csv" --watts 400 --methods base,sweep
expect_out "^deadline +D' = 7 slots = 7 h, at 2024-01-01 07:00 \+01:00$" "compare's deadline in hours and as a clock time"
expect_out "^sweep +[0-9.]+ +[0-9.]+ +[0-9.]+ +" "compare prints each schedule's kWh and EUR"
expect_out "^method +cost +kWh +EUR " "in columns kWh and EUR"
run heuristic $G --watts 0
expect_rc 2 "--watts 0 is refused"
expect_err "--watts needs W or W:IDLE" "the message says what --watts takes"

# plots: the zone named left of the axis, the first clock label starting at
# the axis (no overlap), dates on a 14-day axis
{ echo "time,price EUR/MWh"
  d=1; while [ $d -le 14 ]; do for h in 00 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20 21 22 23; do
    printf '2024-03-%02dT%s:00+01:00,%d\n' $d $h $((40 + d)); done; d=$((d + 1)); done
} >"$T_DIR/two.csv"
"$ECSCHED" heuristic $G -p 2 --deadline 336 --prices "$T_DIR/two.csv" -o "$T_DIR/two.json" >/dev/null 2>&1
run plot "$T_DIR/two.json" -o "$T_DIR/two.svg"
expect_rc 0 "plot of a 14-day schedule"
clock=$(grep -o '<text[^>]*class="clock"[^>]*>[^<]*' "$T_DIR/two.svg")
expect_eq "$(printf '%s\n' "$clock" | grep -c '>[0-9]* \(Mar\|Apr\)$' | awk '{print ($1 >= 4)}')" 1 "dates under the clock labels of a 14-day axis"
expect_eq "$(printf '%s\n' "$clock" | grep -c '>+01:00$')" 1 "the zone (+01:00) named once"
if printf '%s\n' "$clock" | grep -q '>UTC$'; then RC=0; notok "no UTC label for a +01:00 series"; else ok "no UTC label for a +01:00 series"; fi

# ---- rounding you can see and choose (issue 28 item 2) ----
MT=data/workflows/montage-chameleon-2mass-01d-001.json
rel() { "$ECSCHED" info "$MT" --work-unit "$1" --json 2>/dev/null | jq '.[0].rounding_error_relative'; }
run heuristic "$MT" -p 4 --extension 0.5 --makespan-limit 1
expect_rc 0 "heuristic on Montage at the default unit (the slot, 3600 s)"
expect_err "warning: rounding every task up to whole work units of 3600 s \(one slot of 1 h at f = 1\) adds 102152\.1% of the work; 103 of 103 tasks gain more than half a slot:" \
  "the warning gives the figure (as info computes it)"
expect_err "^ecsched heuristic:   --work-unit 0\.05 keeps it under 1% but stretches time 72000-fold: a slot of 1 h does 0\.05 s of work \(72000 times the slots; with --slot-minutes 1, 1200-fold\)$" \
  "the unit that keeps it under 1%, and what it does to time"
expect_err "^ecsched heuristic:   --slot-minutes 1 keeps time real \(a slot of 1 min does 60 s of work; 60 times the slots\) and still adds 1604\.2%: no slot length keeps it under 1%, the tasks are too short$" \
  "real time: the finest slot and its figure"
expect_eq "$(rel 60)" "$("$ECSCHED" info "$MT" --slot-minutes 1 --json 2>/dev/null | jq '.[0].rounding_error_relative')" "info agrees: 1-minute slots round at 60 s"
expect_eq "$(jq -n --argjson a "$(rel 0.05)" --argjson b "$(rel 0.1)" '[$a <= 0.01, $b > 0.01]')" "$(jq -n '[true, true]')" \
  "info agrees: 0.05 s adds at most 1%, the next coarser rung (0.1 s) more"
run heuristic "$MT" -p 4 --extension 0.5 --makespan-limit 1 --work-unit 1
expect_err "units of 1 s \(one slot of 1 h at f = 1\) adds 20\.0% of the work; 85 of 103 tasks gain more than half a slot" "--work-unit 1: +20.0% (as the info line of docs/reference.md's worked example)"
# advice that keeps time (issue 36 item 6): 5-minute slots of a workflow of
# seconds-long tasks; --work-unit 1 alone would stretch a run 300-fold
run heuristic data/workflows/sarek-dirt02-001.json -p 4 --extension 0.2 --slot-minutes 5 --makespan-limit 1
expect_err "work units of 300 s \(one slot of 5 min at f = 1\) adds 739\.2% of the work" "5-minute slots: the figure"
expect_err "^ecsched heuristic:   --work-unit 1 keeps it under 1% but stretches time 300-fold: a slot of 5 min does 1 s of work \(300 times the slots; with --slot-minutes 1, 60-fold\)$" \
  "--work-unit 1 is said to stretch time 300-fold"
expect_err "^ecsched heuristic:   --slot-minutes 1 keeps time real .* still adds 113\.6%" "--slot-minutes 1: real time, still +113.6%"
expect_eq "$("$ECSCHED" info data/workflows/sarek-dirt02-001.json --slot-minutes 1 --json | jq '.[0].rounding_error_relative * 1000 | round')" 1136 "info agrees: +113.6% at 1-minute slots"
# tasks of 10, 20 and 30 minutes on hourly slots: +200%; 10-minute slots
# are exact (info: 0), 15-minute ones add 25%: --slot-minutes 10 is the advice
printf '%s\n' '{"name": "chain", "schemaVersion": "1.4", "workflow": {"tasks": [' \
  '{"name": "a", "id": "a", "parents": [], "children": ["b"], "runtimeInSeconds": 600},' \
  '{"name": "b", "id": "b", "parents": ["a"], "children": ["c"], "runtimeInSeconds": 1200},' \
  '{"name": "c", "id": "c", "parents": ["b"], "children": [], "runtimeInSeconds": 1800}]}}' >"$T_DIR/chain.json"
run heuristic "$T_DIR/chain.json" -p 1 --extension 0.5 --prices flat
expect_err "work units of 3600 s \(one slot of 1 h at f = 1\) adds 200\.0% of the work" "hourly slots: +200%"
expect_err "^ecsched heuristic:   --slot-minutes 10 keeps time real \(a slot of 10 min does 600 s of work; 6 times the slots\) and adds 0\.0%$" "the coarsest slot length within 1%: 10 minutes"
expect_eq "$("$ECSCHED" info "$T_DIR/chain.json" --slot-minutes 10 --json | jq -c '.[0].rounding_error_relative')" 0 "info agrees: 10-minute slots exact"
expect_eq "$("$ECSCHED" info "$T_DIR/chain.json" --slot-minutes 15 --json | jq -c '.[0].rounding_error_relative')" 0.25 "info agrees: 15-minute slots +25%"
run heuristic "$T_DIR/chain.json" -p 1 --extension 0.5 --prices flat --slot-minutes 10
if grep -q "rounding" "$ERR"; then RC=0; notok "no warning at --slot-minutes 10"; else ok "no warning at --slot-minutes 10"; fi
run heuristic tests/fixtures/tiny.stg -p 2 --extension 0.5
if grep -q "rounding" "$ERR"; then RC=0; notok "no rounding warning for whole STG weights"; else ok "no rounding warning for whole STG weights"; fi
run heuristic "$MT" -p 4 --extension 0.5 --makespan-limit 1 --work-unit auto --json
expect_rc 0 "--work-unit auto"
expect_err "note: --work-unit auto: 0\.05 s per work unit \(rounding adds 0\.69% of the work, within --rounding-tolerance 1%\)" "auto says what it picked"
expect_eq "$(jq -c '[.model.work_unit_s, .model.work_unit_auto, .model.rounding_tolerance]' "$OUT")" '[0.05,true,0.01]' "the document records the unit auto picked and the tolerance"
cp "$OUT" "$T_DIR/auto.json"
[ "$(valid $S/schedule.schema.json "$T_DIR/auto.json")" = valid ] && ok "auto's document matches the schema" || { RC=0; notok "auto schema: $(valid $S/schedule.schema.json "$T_DIR/auto.json")"; }
run heuristic "$MT" -p 4 --extension 0.5 --makespan-limit 1 --work-unit auto --rounding-tolerance 0.25
expect_err "note: --work-unit auto: 1 s per work unit \(rounding adds 19\.96% of the work, within --rounding-tolerance 25%\)" "a looser tolerance picks a coarser unit (1 s: +20%)"
if grep -q "warning: rounding" "$ERR"; then RC=0; notok "no rounding warning within the tolerance asked for"; else ok "no rounding warning within the tolerance asked for"; fi
expect_eq "$(jq -n --argjson a "$(rel 2)" '$a > 0.25')" true "info: the next coarser rung (2 s) adds more than 25%"
run info "$MT" --work-unit auto --json
expect_eq "$(jq -c '.[0] | [.work_unit, (.rounding_error_relative <= 0.01)]' "$OUT")" '[0.05,true]' "info --work-unit auto reads at the same unit"
run makespan "$MT" -p 4 --work-unit auto --time-limit 0.2
expect_err "note: --work-unit auto: 0\.05 s per work unit" "makespan --work-unit auto says what it picked"
run heuristic - -p 2 --work-unit auto <"$MT"
expect_rc 2 "--work-unit auto on standard input"
expect_err "give a file, not standard input" "says why"
run heuristic "$MT" --rounding-tolerance -1
expect_rc 2 "a negative --rounding-tolerance is refused"

# ---- validate reads the model from the document (issue 28 item 5) ----
"$ECSCHED" heuristic "$MT" -p 4 --extension 0.5 --makespan-limit 1 --work-unit 1 -o "$T_DIR/m1.json" >/dev/null 2>&1
run validate "$MT" "$T_DIR/m1.json"
expect_rc 0 "validate takes the document's work unit (1 s) without the flag"
expect_out "^result +feasible" "the schedule made at --work-unit 1 is feasible"
if [ -s "$ERR" ] && grep -q "differs" "$ERR"; then RC=0; notok "no note when no flag conflicts"; else ok "no note when no flag conflicts"; fi
run validate "$MT" "$T_DIR/m1.json" --work-unit 60
expect_rc 2 "a conflicting --work-unit without --rejudge: an error (issue 36)"
expect_err "^ecsched validate: --work-unit 60 differs from the document's 1 \(model.work_unit_s of .*\): give --rejudge" \
  "the error names both work units and --rejudge"
run validate "$MT" "$T_DIR/m1.json" --work-unit 60 --rejudge
expect_rc 2 "a conflicting --work-unit: the work differs (bad input)"
expect_err "task 1 has work 16 here but 1 in the graph" "and the document's tasks do not match"
expect_err "note: --work-unit 60 differs from the document's 1 \(model.work_unit_s of .*\): checking with 60" "the note names both work units"
# the slot length decides WfFormat's default unit: 30-minute slots
"$ECSCHED" heuristic tests/fixtures/graphs/wf14.json -p 2 --extension 0.5 --slot-minutes 30 -o "$T_DIR/s30.json" >/dev/null 2>&1
run validate tests/fixtures/graphs/wf14.json "$T_DIR/s30.json"
expect_rc 0 "validate takes the document's slot length (30 min: 1800 s a unit)"
run validate tests/fixtures/graphs/wf14.json "$T_DIR/s30.json" -p 3
expect_rc 2 "another PE count without --rejudge: an error (issue 36)"
run validate tests/fixtures/graphs/wf14.json "$T_DIR/s30.json" -p 3 --rejudge
expect_rc 0 "another PE count still validates (the schedule uses 2)"
expect_err "note: -p 3 differs from the document's 2 \(pes of" "a differing -p gets a note"

# ---- compare on big graphs: what cannot run at this size is skipped ----
"$ECSCHED" generate --tasks 400 --seed 3 --avg-preds 1 --max-work 20 -o "$T_DIR/big.stg" >/dev/null 2>&1
run compare "$T_DIR/big.stg" -p 4 --extension 3 --methods base,sweep,milp --time-limit 2
expect_rc 0 "compare exits 0 when every method that can run ran"
expect_out "^milp +- .* skipped +-$" "the MILP's row says skipped"
expect_out "^milp +skipped: the strong model would have about [0-9.e+]+ non-zeros, more than the limit of 5e\+07" "one line with the reason"
run compare "$T_DIR/big.stg" -p 4 --extension 3 --methods base,sweep,milp --time-limit 2 --json
expect_rc 0 "compare --json exits 0 too"
expect_eq "$(jq -c '.methods[] | select(.method == "milp") | [.status, (.reason | test("non-zeros")), .error]' "$OUT")" '["skipped",true,null]' "the JSON row: status skipped with the reason"
run compare --help
expect_out "the local heuristic" "compare --help names local"

# ---- report: one column per grid axis, short values, hashes only in
# --json and --strict (issue 28 item 7) ----
mkdir -p "$T_DIR/market"
cp "$T_DIR/flat.csv" "$T_DIR/market/de_lu_2024-05-06_to_2024-05-12_hourly.csv"
cp "$T_DIR/two.csv" "$T_DIR/market/fr_2024.csv"
"$ECSCHED" batch tests/fixtures/tiny.stg -p 2 --extension 0.2,0.5 --methods base,sweep --sigma 1,2 -j 1 \
  --prices "$T_DIR/market/de_lu_2024-05-06_to_2024-05-12_hourly.csv,$T_DIR/market/fr_2024.csv" --out "$T_DIR/grid.jsonl" >/dev/null 2>&1
run report "$T_DIR/grid.jsonl"
expect_rc 0 "report over a prices x sigma grid"
expect_out "^settings that differ \(tables split by them\): prices sigma$" "the grid's axes by name"
expect_out "^ +method +prices +sigma +by +value +n$" "one column per axis"
expect_out "^ +sweep +de_lu_2024-05-06_to_2024-05-12_hourly\.csv +1\.0 +status " "the price file by its base name"
if grep -q "fnv1a64\|$T_DIR" "$OUT"; then RC=0; notok "no hash and no directory in the text tables"; else ok "no hash and no directory in the text tables"; fi
run report "$T_DIR/grid.jsonl" --csv
expect_out "^cases,sweep,prices=fr_2024\.csv sigma=2\.0,status,feasible," "the CSV setting: short values"
if grep -q "fnv1a64" "$OUT"; then RC=0; notok "no hash in the CSV"; else ok "no hash in the CSV"; fi
run report "$T_DIR/grid.jsonl" --json
expect_eq "$(jq -c '.axes' "$OUT")" '["prices","sigma"]' "--json lists the grid's axes"
expect_eq "$(jq '[.stats[] | select(.setting | test("fnv1a64"))] | length > 0' "$OUT")" true "--json keeps the hashes (in each setting)"
run report "$T_DIR/grid.jsonl" --strict
expect_out "^ +method +prices_hash +prices +sigma +by" "--strict shows the hash column"

# ---- the small ones (issue 28 item 8) ----
# solve's runtime is the command's wall time (base search and start
# included), with the solver's own beside it
run solve data/stg/rand0000.stg -p 2 --extension 0.2 --time-limit 0.5 --json
expect_rc 0 "solve rand0000 for 0.5 s"
expect_eq "$(jq '.runtime_s >= .solve_runtime_s + .base.runtime_s - 1e-6 and .runtime_s <= .context.wall_s + 1e-6' "$OUT")" true \
  "runtime_s covers the base search and the solver (solve_runtime_s), within the command's wall time"
run solve data/stg/rand0000.stg -p 2 --extension 0.2 --time-limit 0.5
expect_out "^runtime +[0-9.]+ s \(solve [0-9.]+ s; base search and start included\)$" "the summary says what the runtime covers"
# the heuristic says whether its base is proven optimal
run heuristic tests/fixtures/tiny.stg -p 2 --extension 0.2
expect_out "^base +makespan 5 slots = 5 h, proven optimal$" "a proven base says so"
"$ECSCHED" generate --tasks 40 --seed 2 -o "$T_DIR/n2.stg" >/dev/null 2>&1
"$ECSCHED" makespan "$T_DIR/n2.stg" -p 3 --time-limit 0 -o "$T_DIR/list.json" >/dev/null 2>&1
run heuristic "$T_DIR/n2.stg" -p 3 --extension 0.2 --base "$T_DIR/list.json"
expect_rc 0 "heuristic from a list schedule given as --base"
expect_out "^base +makespan 78 slots = 78 h, from --base \(not proven optimal\)$" "a user's base is not proven optimal, and the heuristic says so"
# did you mean
run heuristic tests/fixtures/tiny.stg --extention 0.5
expect_rc 2 "a mistyped option"
expect_err "bad option '--extention' \(did you mean '--extension'\?\)" "did you mean --extension"
run compare tests/fixtures/tiny.stg --metods base
expect_err "did you mean '--methods'\?" "did you mean --methods (a command's own option)"
run heuristc tests/fixtures/tiny.stg
expect_rc 2 "a mistyped command"
expect_err "unknown command 'heuristc' \(did you mean 'heuristic'\?\)" "did you mean heuristic"
run help comapre
expect_err "did you mean 'compare'\?" "help: did you mean compare"
run frobnicate
if grep -q "did you mean" "$ERR"; then RC=0; notok "nothing suggested for a word far from every command"; else ok "nothing suggested for a word far from every command"; fi

# ---- the Montage example is what the command prints (item h): the
# reference's worked example and the README's teaser show the same command;
# each block's stdout lines (runtime aside) and its stderr lines (the
# rounding warning, shown first as a terminal shows it) byte for byte ----
P=data/prices/de_lu_2024-05-06_to_2024-05-12_hourly.csv
if [ -f "$MT" ] && [ -f "$P" ]; then
  run heuristic "$MT" --work-unit 1 -p 4 --extension 0.5 --prices "$P" --unit EUR/MWh --watts 400 -o "$T_DIR/montage.json"
  expect_rc 0 "the Montage example's command"
  grep -v '^runtime ' "$OUT" >"$T_DIR/got.txt"
  for doc in docs/reference.md README.md; do
    sed -n '/--unit EUR\/MWh --watts 400 -o out\/montage.json$/,/^runtime /p' "$doc" | sed '1d;$d' >"$T_DIR/block.txt"
    grep -v '^ecsched heuristic: ' "$T_DIR/block.txt" >"$T_DIR/want.txt"
    grep '^ecsched heuristic: ' "$T_DIR/block.txt" >"$T_DIR/want_err.txt"
    if [ -s "$T_DIR/want.txt" ] && cmp -s "$T_DIR/want.txt" "$T_DIR/got.txt"; then ok "$doc shows what it prints (hours, clock times, kWh and EUR)"
    else RC=0; notok "$doc Montage block differs: $(diff "$T_DIR/want.txt" "$T_DIR/got.txt" | head -5 | tr '\n' ';')"; fi
    if [ -s "$T_DIR/want_err.txt" ] && cmp -s "$T_DIR/want_err.txt" "$ERR"; then ok "$doc shows its stderr (the rounding warning)"
    else RC=0; notok "$doc Montage stderr differs: $(diff "$T_DIR/want_err.txt" "$ERR" | head -5 | tr '\n' ';')"; fi
    grep -qF '](gantt_montage.svg)' "$doc" || grep -qF '](docs/gantt_montage.svg)' "$doc" ||
      { RC=0; notok "$doc shows docs/gantt_montage.svg"; }
  done
  expect_out "^energy +151\.504 kWh, 7\.80 EUR at 400 W per PE$" "kWh and EUR at 400 W"
  expect_out "^start +2024-05-06 00:00 \+02:00 \(the first task\)$" "starts Monday 6 May 00:00 in the file's zone"
  "$ECSCHED" plot "$T_DIR/montage.json" -o "$T_DIR/montage.svg" >/dev/null 2>&1
  if cmp -s "$T_DIR/montage.svg" docs/gantt_montage.svg; then ok "docs/gantt_montage.svg is the plot of that document"
  else RC=0; notok "docs/gantt_montage.svg is not the plot of the Montage example's command"; fi
else
  skip "the bundled Montage workflow or price file is missing"
fi
