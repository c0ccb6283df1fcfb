# The base schedule of every model (issue 36;
# docs/MODEL.md "Base schedule"): one base for equal machines with or without a source, a base
# that respects the power cap (so that --extension 0 gives a deadline some
# schedule meets), and local search never judged against a base that is
# not a schedule.
. tests/cli/lib.sh
if ! command -v jq >/dev/null 2>&1; then
  skip "jq is not installed (make deps installs it)"
  exit 0
fi
F=tests/fixtures/base
# two independent tasks of 2 units on 2 PEs of 1000 W (idle 100 W), hourly
# slots: both at once draw 2 x 1 kWh = 2 kWh per slot; one busy and one
# idle 1.1 kWh.  A cap of 1.5 kW admits one task at a time at f = 1.
T="$F/two.stg -p 2 --watts 1000:100 --prices flat --freqs 1,0.5,0"

# ---- the base respects the cap: M = 4 (one task after the other) ----
run heuristic $T --power-cap 1.5 --mode local --json
expect_rc 0 "local under a cap at --extension 0: a deadline some schedule meets"
expect_eq "$(jq -c '[.base_makespan, .deadline, .base.method, .base.lower_bound]' "$OUT")" \
  '[4,4,"list_under_cap",2]' "the base runs the tasks one after the other under the cap: M = D' = 4; lower bound 2 (critical path)"
# by hand: 4 slots x (1.0 busy + 0.1 idle) = 4.4 kWh at price 1
expect_eq "$(jq -c '.base_cost' "$OUT")" '4.4' "the base's cost by hand: 4 x 1.1 kWh"
run solve $T --power-cap 1.5 --time-limit 20
expect_rc 0 "solve under the cap at --extension 0 finds a schedule"
expect_out "^deadline +4 slots" "solve: D' = 4 from the capped base"
run milp $T --power-cap 1.5 --time-limit 20 --json
expect_rc 0 "milp under the cap at --extension 0 finds a schedule"
expect_eq "$(jq -r '.status' "$OUT")" "optimal" "milp: optimal under the cap"
# the checker on the base itself: its document validates under the cap
run heuristic $T --power-cap 1.5 --mode local -o "$T_DIR/l.json"
run validate $F/two.stg "$T_DIR/l.json" --power-cap 1.5 -p 2 --watts 1000:100 --prices flat --freqs 1,0.5,0
expect_rc 0 "the local result under the cap validates"

# ---- a cap that cannot bind changes nothing: same base, same D' ----
# peak draw 2 kWh per slot: a cap of 2 kW cannot bind
run heuristic $T --mode local --json
nocap=$(jq -c '[.base_makespan, .deadline, .base.method, .cost]' "$OUT")
run heuristic $T --power-cap 2 --mode local --json
expect_eq "$(jq -c '[.base_makespan, .deadline, .base.method, .cost]' "$OUT")" "$nocap" \
  "a cap at the peak draw cannot bind: the same base, D' and cost as without it"
expect_eq "$nocap" '[2,2,"makespan_search",4]' "without a cap: both tasks at once, M = 2, cost 2 x 2 kWh"

# ---- one base for equal machines: a zero-volume source changes nothing ----
# paper32 g03 on 2 PEs: the makespan solver's M = 28, proven (the list
# schedule's was 32 with the source, so D' differed: 33 against 38 at
# --extension 0.2)
G=data/paper32/g03_n10.stg
run heuristic $G -p 2 --watts 1000 --extension 0.2 --mode local --time-limit 2 --json
paper=$(jq -c '[.base_makespan, .deadline, .base.optimal]' "$OUT")
run heuristic $G -p 2 --watts 1000 --extension 0.2 --mode local --time-limit 2 --json --green $F/zero.csv
expect_eq "$(jq -c '[.base_makespan, .deadline, .base.optimal]' "$OUT")" "$paper" \
  "a zero-volume --green keeps the base and D' of the paper's platform"
expect_eq "$(jq -r '.base.method' "$OUT")" "makespan_search" "equal PEs: the makespan solver's base"
run milp $G -p 2 --watts 1000 --extension 0.2 --time-limit 1 --json --green $F/zero.csv
expect_eq "$(jq -c '[.base.makespan, .deadline, .base.optimal]' "$OUT")" "$paper" "milp: the same base and D'"

# ---- heuristic: the paper's route where the extended features cannot bind ----
# paper32 g31 on 4 PEs: the sweep, then local search.  A zero-volume source
# and a cap far above the peak leave the paper's platform: the same sweep
# (budget), the same local search (rounds) and the same cost.  Before, both
# took the extended local search from the base (128.837 against 128.741;
# on g03 at P = 2 with a 2 s limit it ran all of the 2 s where the paper's
# route ends in milliseconds).
G=data/paper32/g31_n32.stg
K='[.cost, .deadline, .budget, .local_rounds, .saving_pct]'
run heuristic $G -p 4 --watts 1000 --extension 0.2 --mode local --json
plain=$(jq -c "$K" "$OUT")
expect_eq "$(jq -r '.budget | type' "$OUT")" "number" "the paper's platform: local from the sweep (a budget)"
run heuristic $G -p 4 --watts 1000 --extension 0.2 --mode local --json --green $F/zero.csv
expect_eq "$(jq -c "$K" "$OUT")" "$plain" "a zero-volume --green: the paper's sweep and local search, the same cost"
run heuristic $G -p 4 --watts 1000 --extension 0.2 --mode local --json --power-cap 100000
expect_eq "$(jq -c "$K" "$OUT")" "$plain" "a cap far above the peak: the same sweep, local search and cost"
run heuristic $G -p 4 --watts 1000 --extension 0.2 --json
sweep=$(jq -c '[.cost, .budget]' "$OUT")
run heuristic $G -p 4 --watts 1000 --extension 0.2 --json --green $F/zero.csv
expect_rc 0 "--mode sweep with a zero-volume --green runs (the paper's platform)"
expect_eq "$(jq -c '[.cost, .budget]' "$OUT")" "$sweep" "the sweep with a zero-volume --green: the same budget and cost"

# compare and batch run their methods through the method table: the sweep,
# binary search and local search on the view where the extended features
# cannot bind (before, compare skipped the sweep and binary search with a
# zero-volume source and its local search ran from the base: 128.837)
M=base,sweep,binary,local
KC='[.methods[] | [.method, .status, .cost, .makespan]]'
run compare $G -p 4 --watts 1000 --extension 0.2 --methods $M --json
cplain=$(jq -c "$KC" "$OUT")
expect_eq "$(jq -c '[.methods[] | select(.status == "feasible") | .method] | length' "$OUT")" 4 \
  "compare on the paper's platform: base, sweep, binary and local all run"
expect_eq "$(jq -c '[.methods[] | select(.method == "sweep" or .method == "local") | .cost]' "$OUT")" \
  "$(printf '[%s,%s]' "$(echo "$sweep" | jq '.[0]')" "$(echo "$plain" | jq '.[0]')")" \
  "compare's sweep and local cost what heuristic's sweep and local do"
run compare $G -p 4 --watts 1000 --extension 0.2 --methods $M --json --green $F/zero.csv
expect_eq "$(jq -c "$KC" "$OUT")" "$cplain" "compare with a zero-volume --green: every method as without it"
run compare $G -p 4 --watts 1000 --extension 0.2 --methods $M --json --power-cap 100000
expect_eq "$(jq -c "$KC" "$OUT")" "$cplain" "compare with a cap far above the peak: every method as without it"
run compare $G --platform data/platforms/solar_two_class.json --extension 0.2 --methods base,sweep --json
expect_eq "$(jq -r '.methods[] | select(.method == "sweep") | .status' "$OUT")" "skipped" \
  "a cap and sources that bind: compare still skips the sweep (the paper's platform only)"
run batch $G -p 4 --watts 1000 --extension 0.2 --methods sweep,local --out "$T_DIR/plain.jsonl"
run batch $G -p 4 --watts 1000 --extension 0.2 --methods sweep,local --green $F/zero.csv --out "$T_DIR/zero.jsonl"
expect_rc 0 "batch with a zero-volume --green runs the sweep"
expect_eq "$(jq -c '[.method, .status, .cost]' "$T_DIR/zero.jsonl" | tr -d '\n')" \
  "$(jq -c '[.method, .status, .cost]' "$T_DIR/plain.jsonl" | tr -d '\n')" \
  "batch with a zero-volume --green: the sweep's and local's costs as without it"

# ---- local never compared with a base that is not a schedule ----
# a --base running both tasks at once breaks the cap, in the cheap slots
# 0-1 (price 1, then 10); every schedule under the cap runs a task in the
# dear slots and costs more than it: no saving to report, and no error
B="$F/two.stg -p 2 --watts 1000:100 --prices $F/cheap_first.csv --freqs 1,0 --power-cap 1.5 --deadline 4 --mode local"
run heuristic $B --base $F/parallel.json
expect_rc 0 "local from a --base above the cap: a schedule, not exit 3"
expect_out "^base cost .*not a schedule here: site site draws 2 kWh in slot 0, above its cap of 1\.5 kWh" \
  "the base is named as breaking the cap"
expect_out "^saving +n/a" "no saving against a base that is not a schedule"
run heuristic $B --base $F/parallel.json --json
expect_eq "$(jq -c '[.saving_pct, .meets_deadline]' "$OUT")" '[null,true]' "JSON: saving null"
finish
