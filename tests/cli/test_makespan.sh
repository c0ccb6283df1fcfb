# ecsched makespan: published optima, open cases' bounds, the document,
# and bad input.  The full set of published optima with the default time
# limit is in the benchmark (bench/bench_makespan.sh).
. tests/cli/lib.sh
G=data/stg/rand0000.stg

# field of the aligned summary
summary() { sed -n "s/^$1  *//p" "$OUT" | head -1; }

# bundled graph: published optima 131 (P=2), 66 (P=4), 55 (P=8)
for case in 2:131 4:66 8:55; do
  p=${case%%:*} opt=${case#*:}
  run makespan "$G" -p "$p"
  expect_rc 0 "makespan $G -p $p"
  expect_eq "$(summary makespan)" "$opt" "P=$p: makespan is the published optimum $opt"
  expect_eq "$(summary optimal)" "yes" "P=$p: proven optimal"
  expect_eq "$(summary 'lower bound')" "$opt" "P=$p: lower bound meets it"
done

# the document: checker-clean, keys in order, status
run makespan "$G" -p 4 -o "$T_DIR/s4.json"
expect_rc 0 "makespan -o FILE"
expect_file "$T_DIR/s4.json" "document written"
expect_out '^makespan +66$' "-o FILE still prints the summary"
run validate "$G" "$T_DIR/s4.json"
expect_rc 0 "the document passes validate"
expect_out '^makespan +66$' "validate agrees on the makespan"
expect_eq "$(json_key "$T_DIR/s4.json" status)" optimal "status optimal"
expect_eq "$(json_key "$T_DIR/s4.json" optimal)" true "optimal: true"
expect_eq "$(json_key "$T_DIR/s4.json" lower_bound)" 66 "lower_bound key"
expect_eq "$(json_key "$T_DIR/s4.json" command)" makespan "command key"
# the default prices: 24 hourly values from local midnight of 2016-10-19 (CEST, UTC+2)
expect_eq "$(json_key "$T_DIR/s4.json" cycle)" 24 "prices.cycle: one day of hours"
expect_eq "$(json_key "$T_DIR/s4.json" first_slot_utc)" "2016-10-18T22:00Z" "prices.first_slot_utc: local midnight in UTC"
order=$(grep -oE '^  "(makespan|status|optimal|lower_bound|list_makespan|nodes|tasks)"' "$T_DIR/s4.json" | tr -d ' "' | tr '\n' ,)
expect_eq "$order" "makespan,status,optimal,lower_bound,list_makespan,nodes,tasks," "key order"
freqs=$(grep -c '^ *1\.0,\{0,1\}$' "$T_DIR/s4.json")
run makespan "$G" -p 4 --json
expect_rc 0 "makespan --json"
expect_out '^  "tasks": \[' "--json prints the document"
if grep -q '^makespan ' "$OUT"; then notok "--json prints only JSON"; else ok "--json prints only JSON"; fi
[ "$freqs" -ge 50 ] && ok "every slot at f = 1 in the document" || notok "frequencies: $freqs"

# a time limit of 0: the list schedule, proven only if it meets the bound
run makespan "$G" -p 2 --time-limit 0 --json
expect_rc 0 "--time-limit 0"
expect_eq "$(json_key "$OUT" nodes)" 0 "no search with --time-limit 0"

# bad input: exit 2, nothing written
run makespan "$G" -p 0 -o "$T_DIR/bad.json"
expect_rc 2 "-p 0"
expect_no_file "$T_DIR/bad.json" "nothing written on bad input"
run makespan "$G" -p 2 --time-limit soon
expect_rc 2 "--time-limit not a number"
expect_err 'time-limit' "names --time-limit"
run makespan "$G" -p 2 --deadline 100
expect_rc 2 "--deadline does not apply"
expect_err "option '--deadline' does not apply here" "the message names the option, not its value"
run makespan tests/fixtures/nonexistent.stg -p 2
expect_rc 2 "missing graph"
expect_err 'nonexistent.stg' "names the graph file"
run makespan
expect_rc 2 "no graph"
run makespan --help
expect_rc 0 "--help"
expect_out '^Usage: ecsched makespan' "help text"

# published optima (shared data): the 50-task cases with a short limit
opt_csv=$(shared stg/known_optima.csv)
if [ -n "$opt_csv" ]; then
  total=0 proven=0 bad=""
  while IFS=, read -r f p opt rest; do
    case $f in 50/*) ;; *) continue ;; esac
    run makespan "$ECSCHED_SHARED_DATA/stg/$f" -p "$p" --time-limit 0.5
    total=$((total + 1))
    ms=$(summary makespan)
    if [ "$RC" -ne 0 ] || [ -z "$ms" ] || [ "$ms" -lt "$opt" ]; then
      bad="$bad $f:$p(rc=$RC,ms=$ms)"
    elif [ "$(summary optimal)" = yes ]; then
      proven=$((proven + 1))
      [ "$ms" -eq "$opt" ] || bad="$bad $f:$p(optimal $ms != $opt)"
    fi
  done <<EOF
$(tail -n +2 "$opt_csv")
EOF
  expect_eq "$bad" "" "published optima: never undercut, equal where proven ($proven of $total proven)"
else
  skip "known_optima.csv: shared data not found (set ECSCHED_SHARED_DATA)"
fi

# open cases (shared data): never below a published lower bound, our
# bound never above a published schedule's makespan
bnd_csv=$(shared stg/known_bounds.csv)
if [ -n "$bnd_csv" ]; then
  bad="" n=0
  while IFS=, read -r f p lb ub rest; do
    run makespan "$ECSCHED_SHARED_DATA/stg/$f" -p "$p" --time-limit 0.3
    n=$((n + 1))
    ms=$(summary makespan) ourlb=$(summary 'lower bound')
    if [ "$RC" -ne 0 ] || [ -z "$ms" ] || [ "$ms" -lt "$lb" ] ||
       [ "$ourlb" -gt "$ub" ] || [ "$ourlb" -gt "$ms" ]; then
      bad="$bad $f:$p(rc=$RC,ms=$ms,lb=$ourlb)"
    fi
  done <<EOF
$(tail -n +2 "$bnd_csv")
EOF
  expect_eq "$bad" "" "open cases: within the published bounds ($n cases)"
else
  skip "known_bounds.csv: shared data not found (set ECSCHED_SHARED_DATA)"
fi
finish
