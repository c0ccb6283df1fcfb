# ecsched heuristic: a hand-computed run through the command line, the
# document, the landscape, errors; a few shared graphs (cost <= base, D' met).
. tests/cli/lib.sh
G=tests/fixtures/tiny.stg
B=tests/fixtures/heuristic/tiny_base.json

# tiny.stg contracted: 1 (w 2), 2 (w 1), 3 (w 1), 5 (w 2); 1,2 -> 3 -> 5.
# Base (tiny_base.json): 1 on PE 0 in 0-1, 2 on PE 1 in 0, 3 on PE 1 in 2,
# 5 on PE 1 in 3-4; M = 5.  D' = 6, flat prices: Cm = 6, B = 12; sweep
# I = 4: b = 3, 6, 9, 12 (per slot .5, 1, 1.5, 2).
#  b = 3: task 1 at .6, .6, .6, .2 ends in slot 3; 3 and 5 need 3 more slots:
#         infeasible.
#  b = 6: 1 at (1, 1); 2 waits in 0, 1 (no budget left), f = 1 in 2; 3 in
#         slot 3; 5 in 4-5: cost 6, makespan 6.
#  b = 9: 1 at (1, 1), rem .5 each; 2 at .6 in slot 0 (.36), f_suff .4 in
#         slot 1 (.16); 3 in slot 2; 5 in 3-4 at 1: cost 5.52, makespan 5.
#  b = 12: all at f = 1 as in the base: cost 6.
# The sweep keeps b = 9: saving (6 - 5.52) / 6 = 8 %.
run heuristic "$G" -p 2 --prices flat --base "$B" --deadline 6 --steps 4 \
    --landscape "$T_DIR/land.csv" -o "$T_DIR/h.json"
expect_rc 0 "heuristic on tiny.stg"
expect_out '^candidates +4 \(3 feasible\)$' "4 candidates, 3 feasible"
expect_out '^budget +9\.000000 \(B = 12\.000000\)$' "budget 9 of B = 12"
expect_out '^base cost +6\.000000$' "base cost 6"
expect_out '^cost +5\.520000 \(normalised\)$' "cost 5.52"
expect_out '^saving +8\.00 %$' "saving 8 %"
expect_out '^makespan +5 slots = 5 h \(base 5 slots = 5 h\)$' "makespan 5"
expect_out '^deadline +6 slots = 6 h \(met\)$' "deadline met"
expect_out '^mode +sweep \(4 steps, sigma 2\)$' "mode line"
expect_eq "$(cat "$T_DIR/land.csv" | tr '\n' ' ')" \
    "budget,feasible,cost,makespan 3,0,, 6,1,6,6 9,1,5.52,5 12,1,6,5 " \
    "landscape: one row per budget"
expect_eq "$(json_key "$T_DIR/h.json" command)" heuristic "document command"
expect_eq "$(json_key "$T_DIR/h.json" cost)" 5.52 "document cost"
expect_eq "$(json_key "$T_DIR/h.json" base_cost)" 6.0 "document base_cost"
expect_eq "$(json_key "$T_DIR/h.json" mode)" sweep "document mode"
expect_eq "$(json_key "$T_DIR/h.json" budget)" 9.0 "document budget"
expect_eq "$(json_key "$T_DIR/h.json" candidates)" 4 "document candidates"
expect_eq "$(json_key "$T_DIR/h.json" fallback)" false "document fallback"
expect_eq "$(json_key "$T_DIR/h.json" status)" feasible "document status"
order=$(grep -n -E '^  "(base_cost|status|mode|budget|saving_pct|candidates|fallback|tasks)"' \
        "$T_DIR/h.json" | sed 's/^[0-9]*:  "\([a-z_]*\)".*/\1/' | tr '\n' ' ')
expect_eq "$order" "base_cost status mode budget saving_pct candidates fallback tasks " \
    "document key order"
# the document passes the independent checker of validate
run validate "$G" "$T_DIR/h.json"
expect_rc 0 "validate accepts the heuristic's document"
expect_out 'cost +5\.520000' "validate finds the same cost"

# binary mode: JSON on stdout, nothing else
run heuristic "$G" -p 2 --prices flat --base "$B" --deadline 6 --mode binary --json
expect_rc 0 "binary mode"
expect_eq "$(json_key "$OUT" mode)" binary "binary in the document"
expect_eq "$(head -c 1 "$OUT")" "{" "--json prints only the document"

# errors
run heuristic "$G" -p 2 --prices flat --base "$B" --deadline 4
expect_rc 1 "deadline below the base makespan"
expect_err "D' = 4 is below the base makespan M = 5" "says why"
expect_no_out "nothing on stdout when infeasible"
run heuristic "$G" -p 2 --mode fast
expect_rc 2 "unknown mode"
expect_err "--mode must be sweep, binary or local" "names the mode problem"
run heuristic "$G" -p 2 --steps 0
expect_rc 2 "--steps 0"
run heuristic "$G" -p 2 --sigma -1
expect_rc 2 "--sigma -1"
run heuristic "$G" -p 2 --extension 0.2 --deadline 9
expect_rc 2 "--extension with --deadline"
run heuristic tests/fixtures/nonexistent.stg -p 2
expect_rc 2 "missing graph"
run heuristic -p 2
expect_rc 2 "no graph"
run heuristic "$G" -p 2 --prices flat --base "$B" -o /nonexistent/dir/h.json \
    --landscape "$T_DIR/land2.csv"
expect_rc 2 "unwritable -o"
expect_no_file "$T_DIR/land2.csv" "no landscape after a failed -o"
run heuristic --help
expect_rc 0 "--help"
expect_out '--landscape' "help names --landscape"

# bundled and shared graphs: cost <= base cost, D' met, validate agrees
check_graph() { # GRAPH ARGS...
  g=$1; shift
  run heuristic "$g" "$@" --prices flat -o "$T_DIR/s.json"
  expect_rc 0 "$(basename "$g") $*"
  c=$(json_key "$T_DIR/s.json" cost); b=$(json_key "$T_DIR/s.json" base_cost)
  expect_eq "$(awk -v c="$c" -v b="$b" 'BEGIN { print (c + 0 <= b + 0) ? "yes" : "no" }')" yes \
      "$(basename "$g") $*: cost $c <= base $b"
  expect_eq "$(json_key "$T_DIR/s.json" meets_deadline)" true "$(basename "$g") $*: D' met"
  run validate "$g" "$T_DIR/s.json"
  expect_rc 0 "$(basename "$g") $*: validate accepts it"
}
check_graph data/stg/rand0000.stg -p 4 --extension 0.2
check_graph data/stg/rand0000.stg -p 16 --extension 0 --mode binary
check_graph data/stg/rand0000.stg -p 2 --extension 1 --power static:0.4
check_graph data/stg/rand0000.stg -p 8 --extension 0.05 --steps 200
S100=$(shared stg/100/rand0005.stg)
if [ -n "$S100" ]; then
  check_graph "$S100" -p 4 --extension 0.2 --mode binary
  check_graph "$S100" -p 8 --extension 0.5 --power static:0.4
else
  skip "shared data absent (set ECSCHED_SHARED_DATA)"
fi
finish
