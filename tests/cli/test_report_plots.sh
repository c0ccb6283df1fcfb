# ecsched report --plots: the report plots from batch rows (hand-made fixture).
. tests/cli/lib.sh
F=tests/fixtures/report
run report "$F/results.jsonl" --plots "$T_DIR/p" --landscape "$F/landscape_a.csv" --landscape "$F/landscape_b.csv"
expect_rc 0 "report --plots"
expect_out "^plot  $T_DIR/p/saving_vs_extension\.svg +9 cases, 3 series" "plots listed"
for p in saving_vs_extension heuristic_over_optimal solver_time landscape; do
  expect_file "$T_DIR/p/$p.svg" "$p.svg written"
  if command -v xmllint >/dev/null 2>&1; then
    if xmllint --noout "$T_DIR/p/$p.svg" 2>/dev/null; then ok "$p.svg well-formed"; else notok "$p.svg well-formed"; fi
  else
    skip "$p.svg well-formedness: xmllint absent (apt-get install libxml2-utils)"
  fi
done
# hand-computed: sweep saving at E = 0.2 is (20% + 25%) / 2
cp "$T_DIR/p/saving_vs_extension.svg" "$OUT"
expect_out "<title>sweep: 20%, 22\.5%</title>" "saving at E = 0.2 as computed by hand"
cp "$T_DIR/p/heuristic_over_optimal.svg" "$OUT"
expect_out "<title>flat, E = 0\.2, binary: 17\.1% \(1 case\)</title>" "82/70 - 1 = 17.1%"
run report "$F/results.jsonl" --csv --plots "$T_DIR/c"
expect_rc 0 "report --csv --plots"
if grep -q '^plot ' "$OUT"; then notok "CSV output stays CSV"; else ok "CSV output stays CSV"; fi
expect_file "$T_DIR/c/solver_time.svg" "plots written with --csv too"
run report "$F/results.jsonl" --landscape "$F/landscape_a.csv"
expect_rc 2 "--landscape without --plots"
run report "$F/results.jsonl" --plots "$T_DIR/b" --landscape "$F/landscape_bad.csv"
expect_rc 2 "bad landscape file"
expect_err "landscape_bad\.csv:2: feasible 'maybe'" "names file, line and problem"
expect_no_out "a bad landscape file: no tables printed before the error"
expect_no_file "$T_DIR/b/saving_vs_extension.svg" "a bad landscape file: no plot written"
finish
