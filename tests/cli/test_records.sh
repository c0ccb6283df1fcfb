# ecsched: self-describing rows and documents, resume across settings,
# report by setting, one time budget, --verbose with --json (issue 15).
. tests/cli/lib.sh
G=tests/fixtures/tiny.stg
R=$T_DIR/res.jsonl
P=$T_DIR/prices.csv
if ! command -v jq >/dev/null 2>&1; then
  skip "jq is not installed (make deps installs it)"
  exit 0
fi
B="batch $G -p 2 --extension 0.2 --methods base,sweep,milp"

# ---- every row says what produced it ----
run $B --time-limit 5 -o "$R"
expect_rc 0 "first batch"
expect_out "batch: 3 cases: 3 run now, 0 already" "three cases"
expect_eq "$(jq -r '[.tool, .version] | join(" ")' "$R" | sort -u)" "ecsched $("$ECSCHED" --version 2>/dev/null | awk '{print $NF}')" "tool and version on every row"
expect_eq "$(jq -c 'select(.method == "milp") | [.params.time_limit_s, .params.formulation, .params.gap, .params.warm_start, .params.makespan_limit_s]' "$R")" '[5,"strong",0,true,10]' "the MILP's parameters"
expect_eq "$(jq -c 'select(.method == "sweep") | [.params.sigma, .params.steps]' "$R")" '[2,100]' "the heuristic's parameters"
expect_eq "$(jq -c '.model | [.freqs, .power, .deadline_rule, .price_source.spec, .price_source.options.slot_minutes]' "$R" | sort -u)" '[[1,0.8,0.6,0.4,0.2,0],"quadratic","extension","epex-2016-10-19",60]' "the model"
expect_eq "$(jq -r '[.base_status, .base_makespan_optimal] | @csv' "$R" | sort -u)" '"optimal",true' "the base's status"
expect_eq "$(jq -r '.context | [(.host | type), (.workers | type), (.wall_s | type), (.cpu_s | type)] | join(",")' "$R" | sort -u)" "string,number,number,number" "the run context"

# ---- resuming with other settings runs new cases beside the old ones ----
run $B --time-limit 5 -o "$R"
expect_out "batch: 3 cases: 0 run now, 3 already" "the same settings: nothing to run"
run $B --time-limit 5 --freqs 1,0.5,0 -o "$R"
expect_out "batch: 3 cases: 3 run now, 0 already" "other --freqs: three new cases"
run $B --time-limit 5 --power static:0.4 -o "$R"
expect_out "batch: 3 cases: 3 run now, 0 already" "other --power: three new cases"
printf 'timestamp,price\n2024-01-01T00:00Z,10\n2024-01-01T01:00Z,20\n2024-01-01T02:00Z,30\n' >"$P"
run $B --time-limit 5 --prices "$P" -o "$R"
expect_out "batch: 3 cases: 3 run now, 0 already" "a price file: three new cases"
printf 'timestamp,price\n2024-01-01T00:00Z,30\n2024-01-01T01:00Z,20\n2024-01-01T02:00Z,10\n' >"$P"
run $B --time-limit 5 --prices "$P" -o "$R"
expect_out "batch: 3 cases: 3 run now, 0 already" "the same file name, other content: three new cases"
run $B --time-limit 7 -o "$R"
expect_out "batch: 3 cases: 1 run now, 2 already" "another --time-limit: a new MILP case (the heuristics do not depend on it)"
expect_eq "$(wc -l <"$R" | tr -d ' ')" 16 "3 + 3 + 3 + 3 + 3 + 1 rows"
expect_eq "$(jq -r 'select(.prices == "'"$P"'") | .model.price_source.file_hash' "$R" | sort -u | wc -l | tr -d ' ')" 2 "two hashes for the two contents"

# ---- -j defaults to the CPUs of the affinity mask ----
if command -v taskset >/dev/null 2>&1 && taskset -c 0 true 2>/dev/null; then
  taskset -c 0 "$ECSCHED" batch $G -p 3 --methods base -o "$T_DIR/aff.jsonl" >/dev/null 2>&1
  expect_eq "$(jq '.context.workers' "$T_DIR/aff.jsonl")" 1 "taskset -c 0: one worker"
else
  skip "taskset missing: affinity not tested"
fi

# ---- report separates every setting ----
run report "$R" --json
expect_rc 0 "report --json"
expect_eq "$(jq -c '.axes' "$OUT")" '["freqs","power","prices","time_limit_s"]' "the grid's axes (the price file's hash follows the file)"
expect_eq "$(jq -c '.axis_paths' "$OUT")" '["model.freqs","model.power","model.price_source.file_hash","model.price_source.spec","params.time_limit_s"]' "the settings that differ, by path"
expect_eq "$(jq '[.stats[] | select(.table == "cases" and .method == "milp")] | length' "$OUT")" 6 "six MILP groups: none pooled"
expect_eq "$(jq '[.stats[] | select(.table == "cases" and .method == "sweep")] | length' "$OUT")" 5 "five sweep groups (the time limit is not the heuristic's)"
expect_eq "$(jq '[.stats[] | select(.table == "cases") | .n] | add' "$OUT")" 16 "every row counted once"
expect_eq "$(jq -r '[.tool, .command] | join(" ")' "$OUT")" "ecsched report" "the report document says what it is"
run report "$R"
expect_out "^settings that differ \(tables split by them\): freqs power prices time_limit_s$" "the text report names them"
expect_out "^ +method +freqs +power +prices +time_limit_s +by +value +n$" "one column per setting"
expect_out "milp +\[1.0,0.5,0.0\] +quadratic +[^ ]+ +[0-9.]+ +status +optimal +1$" "a group per setting in the text tables"
if grep -q "fnv1a64" "$OUT"; then notok "no file hash in the text tables"; else ok "no file hash in the text tables"; fi
run report "$R" --strict
expect_rc 0 "--strict on rows of one version"
sed -n 1p "$R" | sed 's/"version":"[^"]*"/"version":"0.0.1"/; s/"method":"base"/"method":"sweep"/' >>"$R"
run report "$R" --strict
expect_rc 2 "--strict refuses a file that mixes versions"
expect_err "mix ecsched versions" "and says why"
run report "$R"
expect_rc 0 "without --strict the versions are split"
expect_out "version" "the version is a setting that differs"

# ---- grid axes: --sigma and --formulation lists ----
run batch $G -p 2 --extension 0.2 --prices flat --methods sweep,milp --sigma 1,2 --formulation strong,paper -o "$T_DIR/grid.jsonl"
expect_rc 0 "a grid batch"
expect_out "batch: 4 cases: 4 run now" "sweep x 2 sigma + milp x 2 formulations (not x sigma)"
expect_eq "$(jq -r 'select(.method == "milp") | [.params.formulation, .cost] | @csv' "$T_DIR/grid.jsonl" | sort | tr '\n' ' ')" '"paper",4.72 "strong",4.72 ' "both formulations reach the hand optimum 4.72"
run compare $G -p 2 --extension 0.2 --prices flat --sigma 1,2 --methods sweep,binary --json
expect_rc 0 "compare with a --sigma list"
expect_eq "$(jq -c '[.methods[] | [.method, .params.sigma]]' "$OUT")" '[["sweep",1],["binary",1],["sweep",2],["binary",2]]' "one entry per method and sigma"

# ---- --verbose keeps stdout the document ----
run milp $G -p 2 --extension 0.5 --json --verbose
expect_rc 0 "milp --json --verbose"
expect_eq "$(jq -r .status "$OUT")" optimal "stdout is JSON (jq reads it)"
if grep -q "obj = \|mip = " "$ERR"; then ok "the solver log is on stderr"; else notok "no solver log on stderr"; fi
run compare $G -p 2 --extension 0.5 --json
expect_eq "$(jq -r '[.tool, .version != null, (.graph | type), .base.status, .base.optimal] | @csv' "$OUT")" '"ecsched",true,"object","optimal",true' "compare: tool, version, graph object, base status"
run heuristic $G -p 2 --extension 0.5 --json
expect_eq "$(jq -r '[.base.status, .params.sigma, .model.power] | @csv' "$OUT")" '"optimal",2,"quadratic"' "heuristic: base status, params, model"

# ---- plot: a schedule inside a compare document; money and clock axes ----
run compare $G -p 2 --extension 0.5 -o "$T_DIR/cmp.json"
run plot "$T_DIR/cmp.json" -o "$T_DIR/cmp.svg"
expect_rc 2 "plot of a compare document without --method"
expect_err "choose one with --method NAME" "says how to choose"
run plot "$T_DIR/cmp.json" --method milp -o "$T_DIR/cmp.svg"
expect_rc 0 "plot --method milp"
if grep -q ">milp schedule of tiny.stg: cost 2.498" "$T_DIR/cmp.svg"; then ok "the MILP's schedule is drawn"; else notok "the MILP's schedule is not drawn"; fi
run plot "$T_DIR/cmp.json" --method nope -o "$T_DIR/nope.svg"
expect_rc 2 "plot --method of a method not in the document"
expect_no_file "$T_DIR/nope.svg" "nothing written"
# epex prices: EUR/MWh, first slot 2016-10-18T22:00Z
if grep -q "price (EUR/MWh)" "$T_DIR/cmp.svg"; then ok "the price axis in money"; else notok "no money on the price axis"; fi
# (in the prices' zone, CEST: 00:00 on 19 October, the date under the first)
expect_eq "$(grep -o 'class="clock"[^>]*>[^<]*' "$T_DIR/cmp.svg" | sed 's/.*>//' | head -4 | tr '\n' ' ')" "00:00 19 Oct 01:00 02:00 " "the time axis in clock time (one-slot steps on 7 slots), in +02:00"
run heuristic $G -p 2 --extension 0.5 --prices flat -o "$T_DIR/flat.json"
run plot "$T_DIR/flat.json" -o "$T_DIR/flat.svg"
expect_eq "$(grep -c 'class="clock"' "$T_DIR/flat.svg")" 0 "no clock for prices without timestamps"

# ---- an infeasible document: null, not 0 ----
run milp $G -p 2 --deadline 3 --json
expect_rc 1 "milp with an unreachable deadline"
expect_eq "$(jq -c '[.status, .cost, .makespan, .meets_deadline]' "$OUT")" '["infeasible",null,null,null]' "what does not exist is null"

# ---- one time budget: --time-limit covers the base search and the MILP ----
SLOW=data/stg/rand0000.stg
if [ -f "$SLOW" ]; then
  # 50 tasks on 4 PEs: the MILP does not finish in 2 s (measured: it needs
  # far longer).  What the documents say, not the clock: the wall time a
  # command overruns its budget by is bench/bench_milp.sh's figure.
  run milp "$SLOW" -p 4 --extension 0.2 --time-limit 2 --json
  expect_rc 0 "milp with a 2 s budget"
  expect_eq "$(jq -r '[.status, .params.time_limit_s, .base.makespan_limit_s] | @csv' "$OUT")" '"feasible",2,2' "stopped by the budget; the base search's limit (10 s by default) inside it"
  run compare "$SLOW" -p 4 --extension 0.2 --time-limit 2 --makespan-limit 0.5 --methods base,sweep,milp --json
  expect_eq "$(jq -r '.methods[] | select(.method == "milp") | [.status, .params.time_limit_s] | @csv' "$OUT")" '"feasible",2' "compare: the MILP stopped by its 2 s budget"
  expect_eq "$(jq '.base.makespan_limit_s' "$OUT")" 0.5 "--makespan-limit splits the budget"
else
  skip "data/stg/rand0000.stg missing: no overrun test"
fi
# ---- the work unit and the time zone are part of the model ----
W=$T_DIR/wu.jsonl
run batch $G -p 2 --extension 0.2 --methods base,sweep -o "$W"
run batch $G -p 2 --extension 0.2 --methods base,sweep --work-unit 1800 -o "$W"
expect_out "batch: 2 cases: 2 run now, 0 already" "other --work-unit: new cases"
expect_eq "$(jq -c '.model.work_unit_s' "$W" | sort -u | tr '\n' ' ')" "1800 null " "the rows record the work unit"
[ "$T_FAIL" -eq 0 ]
