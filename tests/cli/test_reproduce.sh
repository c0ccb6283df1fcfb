# ecsched reproduce: bundled graphs, the report on hand-made results, usage.
. tests/cli/lib.sh
F=tests/fixtures/reproduce

# pairs FILE KEY1 KEY2: "v1 v2" for every line of a JSON-lines file, each
# value found by its key wherever it stands in the line; a value that is
# missing, null or not a number gives "?", so that a check over the pairs
# counts the line as unparsed instead of passing it
pairs() {
  awk -v a="$2" -v b="$3" '
    function val(k,   p) {
      p = "\"" k "\":-?[0-9][0-9.eE+-]*"
      if (match($0, p)) return substr($0, RSTART + length(k) + 3, RLENGTH - length(k) - 3)
      return "?"
    }
    { print val(a), val(b) }' "$1"
}
# count_pairs OP: "checked failed unparsed" over pairs on stdin, where a
# pair fails when "$1 OP $2" beyond 1e-9 holds (OP: gt or lt)
count_pairs() {
  awk -v op="$1" '
    $1 == "?" || $2 == "?" { u++; next }
    { n++ }
    op == "gt" && $1 > $2 + 1e-9 { bad++ }
    op == "lt" && $1 < $2 - 1e-9 { bad++ }
    END { print n + 0, bad + 0, u + 0 }'
}
# is_num VALUE: one plain JSON number (not empty, not several lines)
is_num() {
  case $1 in *"
"*) return 1 ;; esac
  printf '%s\n' "$1" | grep -Eq '^-?[0-9][0-9.eE+-]*$'
}

# the bundled graphs are exactly what their generator writes
mkdir -p "$T_DIR/paper32"
if sh data/paper32/generate.sh "$ECSCHED" "$T_DIR/paper32" >/dev/null 2>&1; then
  n=0; same=0
  for f in data/paper32/*.stg; do
    n=$((n + 1)); cmp -s "$f" "$T_DIR/paper32/$(basename "$f")" && same=$((same + 1))
  done
  expect_eq "$same/$n" "32/32" "data/paper32 regenerates byte for byte"
else
  RC=1; notok "data/paper32/generate.sh runs"
fi

# --report-only on hand-made results (tests/fixtures/reproduce): every
# figure below is computed by hand from the fixture rows
cp -r "$F" "$T_DIR/run"
run reproduce --report-only --out "$T_DIR/run"
expect_rc 0 "reproduce --report-only"
R=$T_DIR/run/REPORT.md
expect_file "$R" "REPORT.md written"
cp "$R" "$OUT"
# saving at E = 0: sweep (4% + 5%) / 2 = 4.5%, binary (3% + 5%) / 2 = 4%
expect_out '^\| saving over the base schedule \| E = 0, epex prices \| 4\.5% \(sweep; binary 4\.0%; 2 cases\) \| 4\.6% \| -0\.1 pp \(agrees within 1 pp\)' "saving at E = 0 beside the paper's 4.6%"
# E = 0.05: a 92/80 = +15% proven; b's MILP hit its limit: counted apart
expect_out 'E = 0\.05, epex prices \| \+15\.0% \(sweep; 1 proven, 1 without proof\) \| \+15\.0%' "over optimal at E = 0.05, unproven case apart"
# E = 0.2: (80/70 - 1 + 170/140 - 1) / 2 = 17.86%
expect_out 'E = 0\.2, epex prices \| \+17\.9% \(sweep; 2 proven, 0 without proof\) \| \+17\.0% \| \+0\.9 pp' "over optimal at E = 0.2"
# increasing: 130/100 = +30% vs the paper's +13%: the difference and why
expect_out 'increasing prices, E = 0\.05 \| \+30\.0% .* \| \+13\.0% \| \+17\.0 pp \| proven optima' "a difference is stated with its likely reason"
# alternating: the MILP crashed, so no proven optimum
expect_out 'alternating prices, E = 0\.05 \| n/a \(sweep; 0 proven, 1 without proof\) \| \+30\.0% \| not measured' "no optimum, no figure"
expect_out '^1 case ended with an error' "crashed case counted"
# static power: (3% + 5%) / 2 = 4%
expect_out 'static power .* \| 4\.0% \(sweep; 2 cases\) \| 4\.0%' "static power saving"
# Figure 2 shape: (17.5 - 4.5) / 2 = 6.5 pp per 10% of E, then (37.5 - 17.5) / 8 = 2.5
expect_out '\+6\.50 pp per 10% of E from 0 to 0\.2, \+2\.50 pp per 10% from 0\.2 to 1: the curve is steeper' "curve shape vs the paper's"
# sweep vs binary: 1.04%, 0, 3.33%, 0, 1.18%, 0
expect_out 'over the 6 cases of experiment 1 .*mean \+0\.9%, median \+0\.5%, max \+3\.3%; binary within 1% of sweep in 3 cases \(50%\)' "sweep vs binary"
expect_out '^2 landscapes' "landscapes counted"
for p in saving_vs_extension heuristic_over_optimal solver_time landscape; do
  expect_file "$T_DIR/run/plots/$p.svg" "plot $p written"
  if command -v xmllint >/dev/null 2>&1; then
    if xmllint --noout "$T_DIR/run/plots/$p.svg" 2>/dev/null; then ok "$p.svg well-formed"; else notok "$p.svg well-formed"; fi
  else
    skip "$p.svg well-formedness: xmllint absent (apt-get install libxml2-utils)"
  fi
done
expect_out '\(plots/saving_vs_extension\.svg\)' "Figure 2 plot linked"
expect_out '\(plots/landscape\.svg\)' "landscape plot linked"

# an empty run directory: every section says it did not run
mkdir -p "$T_DIR/empty"
run reproduce --report-only --out "$T_DIR/empty"
expect_rc 0 "report of an empty directory"
cp "$T_DIR/empty/REPORT.md" "$OUT"
expect_out 'Not run: `saving\.jsonl` is missing' "missing experiment named"
expect_out 'E = 0, epex prices \| n/a \| 4\.6% \| not measured' "nothing measured, nothing claimed"

# a real quick run on one small graph: the heuristic experiments run
# in-process (the MILP ones through batch, when this build has it)
mkdir -p "$T_DIR/one"
cp data/paper32/g00_n08.stg "$T_DIR/one/"
run reproduce --quick --graphs "$T_DIR/one" --time-limit 5 --out "$T_DIR/q"
expect_rc 0 "quick run on one graph"
S=$T_DIR/q/saving.jsonl
expect_eq "$(grep -c . "$S")" 36 "saving: 2 P x 6 E x (base, sweep, binary) rows"
expect_eq "$(grep -c '"error":null' "$S")" 36 "no case failed"
expect_eq "$(grep -c '"meets_deadline":true' "$S")" 36 "every schedule meets its deadline"
# the heuristic never costs more than the base (docs/MODEL.md "Heuristic"): cost <= base_cost
# (36 rows checked, 0 above the base, 0 without two numbers)
expect_eq "$(pairs "$S" cost base_cost | count_pairs gt)" "36 0 0" \
  "no heuristic row costs more than its base (every row parsed)"
# cross-check with the heuristic command on the same case
"$ECSCHED" heuristic "$T_DIR/one/g00_n08.stg" -p 2 --extension 0.2 --json >"$T_DIR/h.json"
want=$(json_key "$T_DIR/h.json" cost)
got=$(grep '"method":"sweep"' "$S" | awk '/"pes":2[,}]/ && /"extension":0.2[,}]/' |
  pairs /dev/stdin cost cost | cut -d' ' -f1)
if is_num "$want" && is_num "$got" &&
   awk -v a="$got" -v b="$want" 'BEGIN { exit !(a + 0 == b + 0) }'; then
  ok "sweep row = ecsched heuristic on the same case ($got)"
else
  RC=1; notok "sweep row = ecsched heuristic on the same case: got '$got', want '$want' (both must be numbers)"
fi
expect_eq "$(grep -c '"method":"sweep"' "$T_DIR/q/static.jsonl")" 2 "static power: one sweep row per P"
expect_eq "$(ls "$T_DIR/q/landscape" | grep -c '\.csv$')" 2 "one landscape per P"
# heuristic vs MILP: 2 P x 2 E x (sweep, binary, local, milp); the optimum is
# never above a heuristic's cost, and the heuristic rows carry the MILP's
# optimum
O=$T_DIR/q/optimal.jsonl
expect_eq "$(grep -c . "$O")" 16 "optimal: 2 P x 2 E x 4 methods"
expect_eq "$(grep -c '"method":"local"' "$O")" 4 "optimal: a local row per case"
expect_eq "$(grep '"method":"milp"' "$O" | grep -c '"status":"optimal"')" 4 "every 8-task MILP proven optimal"
expect_eq "$(pairs "$O" cost optimum | count_pairs lt)" "16 0 0" \
  "no row below the proven optimum (every row parsed)"
expect_eq "$(grep -c '"optimum":null' "$O")" 0 "every row knows its optimum"
expect_eq "$(grep -c . "$T_DIR/q/prices.jsonl")" 24 "prices: 2 P x 3 schedules x 4 methods"
cp "$T_DIR/q/REPORT.md" "$OUT"
expect_out 'E = 0\.2, epex prices \| \+[0-9.]+% \(sweep; 2 proven, 0 without proof\)' "report: heuristic over the proven optimum"
expect_out '^\| epex-2016-10-19 \| 0\.2 \| local \| \+?[0-9.]+% \| ' "report: local beside sweep and binary"
expect_out '^Base schedules: makespan proven optimal for (all 2 |[0-9]+ of 2 )' "report says how many bases are optimal"
expect_out '^\| 0\.2 \| [0-9.]+% \| [0-9.]+% \| 2 \|' "saving table has E = 0.2"

# usage
run reproduce --time-limit 0
expect_rc 2 "bad time limit"
run reproduce extra
expect_rc 2 "unexpected argument"
run reproduce --quick --graphs "$T_DIR/nothing" --out "$T_DIR/x"
expect_rc 2 "missing graphs directory"
expect_err "$T_DIR/nothing" "names the directory"
finish
