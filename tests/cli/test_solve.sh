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

# a 50-task graph at P = 2, 2 s: a checked schedule, a bound, a gap.  The
# MILP has most of the time (the paper's model at P <= milp_last_max_pes)
# and does not solve its root LP in it; the bound and search follow, unless
# the MILP used the clock up (a loaded machine), when nothing runs after it
run solve data/stg/rand0000.stg -p 2 --extension 0.2 --time-limit 2 -o "$T_DIR/r.json"
expect_rc 0 "solve rand0000 P=2"
if grep -q '"phase": *"bound"' "$T_DIR/r.json"; then
  expect_out "^mode +bound\+lns \(start: local" "the MILP without its root LP: bound + search, from local's schedule"
else
  expect_out "^mode +milp \(start: local" "the MILP used the clock up: its mode, from local's schedule"
fi
expect_out "^bound +[0-9.]+ \((fluid|stages|lp_colgen|lagrangian_capacity)\)" "a bound with its method"
expect_out "^gap +[0-9.]+%" "a gap"
run validate data/stg/rand0000.stg "$T_DIR/r.json"
expect_rc 0 "its schedule passes validate"

# method solve in compare: warm-started from the cheapest heuristic
# schedule, so never dearer than the sweep; its bound is below its cost and
# below the optimum the MILP proves on its own
if command -v jq >/dev/null 2>&1; then
  run compare "$G" -p 2 --extension 0.2 --methods base,sweep,local,milp,solve --time-limit 20 --json
  expect_rc 0 "compare with solve on tiny"
  printf '%s\n' "$(cat "$OUT")" >"$T_DIR/c.json"
  m() { jq -r --arg m "$1" ".methods[] | select(.method == \$m) | .$2" "$T_DIR/c.json"; }
  opt=$(m milp cost)
  expect_eq "$(m milp status)" optimal "the MILP proves the optimum of tiny"
  expect_eq "$(jq -n --argjson s "$(m solve cost)" --argjson w "$(m sweep cost)" '$s <= $w + 1e-9')" true "solve's cost <= sweep's on tiny"
  expect_eq "$(jq -n --argjson b "$(m solve bound)" --argjson o "$opt" '$b <= $o + 1e-9')" true "solve's bound <= the MILP's proven optimum on tiny"
  expect_eq "$(jq -n --argjson s "$(m solve cost)" --argjson l "$(m local cost)" '$s <= $l + 1e-9')" true "solve's cost <= local's on tiny"
  expect_eq "$(jq -n --argjson b "$(m solve bound)" --argjson c "$(m solve cost)" '$b <= $c + 1e-9')" true "solve's bound <= its cost on tiny"
  case "$(m solve found_by)" in
    milp|local|lns) ok "solve's document names who found the schedule" ;;
    *) notok "solve's found_by: '$(m solve found_by)'" ;;
  esac
  expect_eq "$(jq -c '.methods[] | select(.method == "solve") | .params | keys' "$T_DIR/c.json")" '["effort","gap","makespan_limit_s","seed","time_limit_s","warm_start"]' "solve's params: time limit, gap, seed, effort, warm start"

  run compare data/stg/rand0000.stg -p 8 --extension 0.2 --methods base,sweep,solve --time-limit 15 --seed 3 --json
  expect_rc 0 "compare with solve on rand0000 P=8"
  printf '%s\n' "$(cat "$OUT")" >"$T_DIR/c.json"
  expect_eq "$(jq -n --argjson s "$(m solve cost)" --argjson w "$(m sweep cost)" '$s <= $w + 1e-9')" true "solve's cost <= sweep's on rand0000 P=8"
  expect_eq "$(jq -n --argjson b "$(m solve bound)" --argjson c "$(m solve cost)" '$b <= $c + 1e-9')" true "solve's bound <= its cost on rand0000 P=8"
  expect_eq "$(m solve params.seed)" 3 "--seed reaches solve"

  # batch with solve, then report: a 50-task graph at P = 2 leaves a gap
  # within 2 s (bound + search), which report shows in its gap table
  "$ECSCHED" batch "$G" data/stg/rand0000.stg -p 2 --extension 0.2 --methods sweep,solve \
    --time-limit 2 --makespan-limit 1 -j 1 -o "$T_DIR/rows.jsonl" >/dev/null 2>&1
  expect_eq "$(jq -c 'select(.method == "solve" and .cost != null and .bound != null and .bound <= .cost + 1e-9 and .bound_method != null and .found_by != null) | .graph' "$T_DIR/rows.jsonl" | wc -l | tr -d ' ')" 2 "two solve rows carry cost, bound <= cost, bound_method, found_by"
  expect_eq "$(jq -s -c '[.[] | select(.graph | test("rand0000"))] | (map(select(.method == "solve"))[0].cost <= map(select(.method == "sweep"))[0].cost + 1e-9)' "$T_DIR/rows.jsonl")" true "batch: solve's cost <= sweep's on rand0000"
  bad=0
  while IFS= read -r line; do
    printf '%s\n' "$line" >"$T_DIR/row.json"
    v=$(jq -n --slurpfile schema docs/schema/batch-row.schema.json --slurpfile doc "$T_DIR/row.json" -r -f docs/schema/check.jq 2>&1)
    [ "$v" = valid ] || bad=$((bad + 1))
  done <"$T_DIR/rows.jsonl"
  expect_eq "$bad" 0 "the rows with solve match batch-row.schema.json"
  gap=$(jq -r 'select(.method == "solve" and (.graph | test("rand0000"))) | .gap' "$T_DIR/rows.jsonl")
  run report "$T_DIR/rows.jsonl" --csv
  expect_rc 0 "report on solve rows"
  if [ "$(jq -n --argjson g "$gap" '$g > 1e-9')" = true ]; then
    expect_out "^gap,solve,[^,]*,all,,1," "report's gap table has the unproven solve row"
    expect_out "^ratio_unproven,solve,[^,]*,all,,1," "report's ratio over the bound counts the solve row"
  else
    expect_out "^ratio,solve,[^,]*,all,,2," "solve proved both optima: report's ratio counts them"
  fi
  expect_out "^instances,,[^,]*,optimum,proven,[12]," "solve's proof on tiny counts as a proven optimum"
else
  skip "jq is not installed: compare/batch with solve"
fi

# infeasible deadline and bad options
run solve "$G" -p 2 --deadline 4
expect_rc 1 "deadline below the critical path: infeasible"
run solve "$G" -p 2 --deadline 4 --json
if command -v jq >/dev/null 2>&1; then
  expect_eq "$(jq -c '[.makespan, .meets_deadline, .cost, (.tasks | length)]' "$OUT")" \
    "[null,null,null,0]" "infeasible solve document: no schedule is null, not 0 (as milp's)"
else
  skip "jq is not installed: the infeasible solve document"
fi
run solve "$G" -p 2 --gap 1.5
expect_rc 2 "--gap out of range"
expect_err "\-\-gap" "the error names --gap"
# --effort: a budget of counted work; the time limit only a safety stop, so
# two runs whose limits differ give the same schedule, cost and bound; the
# document says the effort ended the run and applies no time share.  At P =
# 4 the MILP's 20 nodes prove neither graph and the search follows: the
# 32-task paper graph (3 s a run), and under make check the 50-task
# rand0000 too (7 s a run).
effort_same() { # GRAPH NAME
  for tl in 30 90; do
    RC=0; $ECSCHED solve "$1" -p 4 --extension 0.2 --effort 20 --time-limit $tl --json >"$T_DIR/eff$tl.json" 2>"$ERR" || RC=$?
    expect_rc 0 "solve $2 --effort 20 --time-limit $tl"
  done
  expect_eq "$(jq -c '[.cost, .bound, .mode, .stop, [.tasks[] | [.pe, .start, .stop, .freqs]]]' "$T_DIR/eff30.json")" \
            "$(jq -c '[.cost, .bound, .mode, .stop, [.tasks[] | [.pe, .start, .stop, .freqs]]]' "$T_DIR/eff90.json")" \
            "solve $2 --effort: the same schedule and bound under time limits of 30 and 90 s"
  expect_eq "$(jq -r '[.mode, .stop, .params.effort] | @tsv' "$T_DIR/eff30.json")" "$(printf 'milp+lns\teffort\t20')" \
            "solve $2 --effort: the search followed the MILP; the document says the effort ended the run, and records it"
  expect_eq "$(jq '[.phases[] | select(.phase != "start" and .phase != "fluid") | (.granted_s - .left_s) | fabs < 1e-6] | all' "$T_DIR/eff30.json")" "true" \
            "solve $2 --effort: no time share is applied (every phase may use all that is left)"
}
effort_same data/paper32/g20_n23.stg g20_n23
long_run "solve rand0000 --effort" && effort_same data/stg/rand0000.stg rand0000
RC=0; $ECSCHED heuristic data/stg/rand0000.stg -p 4 --extension 0.2 --effort 5 --json >"$OUT" 2>"$ERR" || RC=$?
expect_rc 2 "heuristic --effort without --mode local is a usage error"
for tl in 20 60; do
  $ECSCHED heuristic data/stg/rand0000.stg -p 4 --extension 0.2 --mode local --effort 50 --time-limit $tl --json >"$T_DIR/loc$tl.json" 2>/dev/null
done
expect_eq "$(jq -c '[.cost, [.tasks[] | [.pe, .start, .stop]]]' "$T_DIR/loc20.json")" "$(jq -c '[.cost, [.tasks[] | [.pe, .start, .stop]]]' "$T_DIR/loc60.json")" \
          "heuristic --mode local --effort 50: the same schedule under two time limits"
# progress on a terminal (script(1) gives one): no "nan" before a bound
# exists (issue 36 item 8)
if command -v script >/dev/null 2>&1; then
  on_tty_until "$OUT" "^ +[0-9.]+ s  (milp|bound|lns|done) +cost" "$ECSCHED solve data/stg/rand0000.stg -p 8 --extension 0.2 --time-limit 1 -o $T_DIR/p.json"
  expect_out "^ +[0-9.]+ s  (milp|bound|lns|done) +cost [0-9.]+  bound [0-9.]+  gap" "progress lines with a bound"
  if grep -qi "nan" "$OUT"; then RC=0; notok "no 'nan' in the progress"; else ok "no 'nan' in the progress"; fi
  expect_out "^ +[0-9.]+ s  fluid +cost [0-9.]+  no bound yet" "before the bound: 'no bound yet'"
else
  skip "script(1) not found: progress on a terminal untested"
fi
finish
