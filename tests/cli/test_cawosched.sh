# ecsched: CaWoSched's fixed-mapping problem on the command line
# (--mapping FILE, --platform SETUP; docs/cawosched.md).  The 4-task example
# of docs/cawosched.md: every figure below is derived there by hand
# (cheapest schedule 24 = brown 12 x C 2; the latest schedule 30; energy
# 20 idle + 21 work = 41 whatever the starts).
. tests/cli/lib.sh
F=tests/fixtures/cawosched
G=$F/hand.dot
M=$F/hand_mapping.txt
S=$F/hand_setup.input
valid() { jq -n --slurpfile schema docs/schema/cawosched.schema.json --slurpfile doc "$1" -r -f docs/schema/check.jq 2>&1; }
have_jq=1
command -v jq >/dev/null 2>&1 || have_jq=0

# ---- solve: scheduler, bound, MILP
run solve "$G" --mapping "$M" --platform "$S" --freqs 1
expect_rc 0 "solve on the hand example"
expect_out '^cost +24 \(brown energy 12 x brown cost 2\)' "solve: the hand-derived optimum 24 (brown 12 x C 2)"
expect_out '^bound +24 ' "solve: the bound proves it"
expect_out '^status +optimal' "solve: status optimal"
expect_out '^energy +41 ' "solve: energy 20 idle + 21 work"

run solve "$G" --mapping "$M" --platform "$S" --freqs 1 --json -o "$T_DIR/solve.json"
expect_rc 0 "solve --json -o"
cp "$OUT" "$T_DIR/stdout.json"
expect_eq "$(json_key "$T_DIR/solve.json" cost) $(json_key "$T_DIR/solve.json" bound) $(json_key "$T_DIR/solve.json" status) $(json_key "$T_DIR/solve.json" transfers_count)" \
  "24 24 optimal 2" "the document: cost, bound, status, two transfers"
cmp -s "$T_DIR/solve.json" "$T_DIR/stdout.json" && ok "-o and --json write the same document" || notok "-o and --json differ"

# the JSON form of the mapping gives the same problem
run solve "$G" --mapping "$F/hand_mapping.json" --platform "$S" --json
expect_eq "$(json_key "$OUT" cost)" 24 "solve with the JSON mapping: cost 24"

# ---- heuristic --mode local: the scheduler alone, no bound
run heuristic "$G" --mode local --mapping "$M" --platform "$S" --json -o "$T_DIR/local.json"
expect_rc 0 "heuristic --mode local on the hand example"
c=$(json_key "$T_DIR/local.json" cost)
[ "$c" -ge 24 ] && [ "$c" -le 30 ] && ok "local: cost $c between the optimum 24 and the latest schedule's 30" || notok "local cost $c"
expect_eq "$(json_key "$T_DIR/local.json" bound) $(json_key "$T_DIR/local.json" method)" "null local" "local: no bound, method local"

if [ $have_jq = 1 ]; then
  expect_eq "$(valid "$T_DIR/solve.json")" valid "solve's document matches docs/schema/cawosched.schema.json"
  expect_eq "$(valid "$T_DIR/local.json")" valid "local's document matches the schema"
  # every transfer on the link between its tasks' processors
  expect_eq "$(jq -c '[.transfers[] | [.from, .to, .pe, .link_from, .link_to, .duration]]' "$T_DIR/solve.json")" \
    '[[0,2,2,0,1,2],[2,3,3,1,0,1]]' "transfers 0->2 on link 0->1 (processor 2, 2 units) and 2->3 on link 1->0 (processor 3)"

  # ---- validate: the documents, the latest schedule, violations
  run validate "$G" "$T_DIR/solve.json" --mapping "$M" --platform "$S" --json
  expect_rc 0 "validate solve's document"
  expect_eq "$(json_key "$OUT" cost) $(json_key "$OUT" status)" "24 valid" "validate: cost 24, valid"
  printf '%s\n' "$(cat "$OUT")" >"$T_DIR/val.json"
  expect_eq "$(valid "$T_DIR/val.json")" valid "validate's document matches the schema"
  run validate "$G" "$T_DIR/local.json" --mapping "$M" --platform "$S" --json
  expect_eq "$RC $(json_key "$OUT" cost)" "0 $(json_key "$T_DIR/local.json" cost)" "validate local's document: valid, the cost it printed"
  # the latest schedule of docs/cawosched.md: cost 30 by hand
  jq '(.tasks[] | select(.id == 0)).start = 1 | (.tasks[] | select(.id == 1)).start = 8 |
      (.tasks[] | select(.id == 2)).start = 5 | (.tasks[] | select(.id == 3)).start = 9 |
      (.transfers[] | select(.from == 0)).start = 3 | (.transfers[] | select(.from == 2)).start = 8' \
    "$T_DIR/solve.json" >"$T_DIR/latest.json"
  run validate "$G" "$T_DIR/latest.json" --mapping "$M" --platform "$S"
  expect_rc 0 "validate the latest schedule"
  expect_out '^cost +30 \(brown energy 15 x brown cost 2\)' "the latest schedule costs 30 (brown 15)"
  # task 3 before its data has crossed link 1->0
  jq '(.tasks[] | select(.id == 3)).start = 7' "$T_DIR/solve.json" >"$T_DIR/early.json"
  run validate "$G" "$T_DIR/early.json" --mapping "$M" --platform "$S"
  expect_rc 1 "validate: a task before its transfer ends"
  expect_err 'early.json: task 3 starts at 7, before transfer 2->3 on link 1->0 ends' "the violation names the file, the task and the transfer"
  # a processor the mapping does not give
  jq '(.tasks[] | select(.id == 2)).pe = 0' "$T_DIR/solve.json" >"$T_DIR/pe.json"
  run validate "$G" "$T_DIR/pe.json" --mapping "$M" --platform "$S"
  expect_rc 2 "validate: a task on another processor"
  expect_err 'tasks\[2\]: task 2 on pe 0, but the mapping puts it on 1' "the message names the entry and the mapping's processor"
  jq 'del(.transfers[0])' "$T_DIR/solve.json" >"$T_DIR/miss.json"
  run validate "$G" "$T_DIR/miss.json" --mapping "$M" --platform "$S"
  expect_rc 2 "validate: a transfer missing"
  expect_err 'transfer 0->2 on link 0->1 has no start' "the message names the missing transfer"
else
  skip "jq is not installed: schema and validate checks"
fi

# ---- infeasible: D = 5 below the earliest makespan 9
printf '5\n1\n1 1 0 0\n3 2 1 1\n2\n4\n0 5\n' >"$T_DIR/d5.input"
run solve "$G" --mapping "$M" --platform "$T_DIR/d5.input" --json
expect_rc 1 "solve: deadline 5 below the earliest makespan 9"
expect_err 'earliest schedule ends at 9, after the deadline 5' "the message gives both"
expect_eq "$(json_key "$OUT" status) $(json_key "$OUT" cost)" "infeasible null" "the document says infeasible, cost null"

# ---- usage errors (exit 2), never silently ignored
run milp "$G" --mapping "$M" --platform "$S"
expect_rc 2 "milp cannot honour a fixed mapping"
expect_err 'runs with solve, heuristic --mode local and validate only' "it says which commands can"
expect_err 'the MILP .strong formulation. handles the paper.s platform, the extended platform and slots of different lengths only, not CaWoSched.s fixed mapping' "in the method table's words (engine/method.c)"
run heuristic "$G" --mapping "$M" --platform "$S"
expect_rc 2 "heuristic without --mode local"
expect_err 'needs --mode local' "it says so"
expect_err 'the paper.s heuristic handles the paper.s platform only, not CaWoSched.s fixed mapping.*; use local' "with the method table's words"
run solve "$G" --mapping "$M" -p 2
expect_rc 2 "--mapping without CaWoSched's setup"
run solve "$G" --platform "$S"
expect_rc 2 "CaWoSched's setup without --mapping"
expect_err 'is CaWoSched.s setup: give its mapping with --mapping' "it asks for the mapping"
run solve "$G" --mapping "$M" --platform "$S" --freqs 1,0.5
expect_rc 2 "--freqs other than 1"
for f in "-p 2" "--deadline 12" "--prices flat" "--watts 100" "--power quadratic"; do
  # shellcheck disable=SC2086
  run solve "$G" --mapping "$M" --platform "$S" $f
  expect_rc 2 "$f with CaWoSched's setup"
done
expect_err 'does not apply to CaWoSched.s problem' "the message says why"
run solve "$G" --mapping "$M" --platform "$S" --effort 10
expect_rc 2 "--effort with --mapping"
printf '2\n0 1 x\n2\n' >"$T_DIR/bad.txt"
run solve "$G" --mapping "$T_DIR/bad.txt" --platform "$S"
expect_rc 2 "a malformed mapping"
expect_err 'bad.txt:2: task id 2: .x. is not a whole number' "file, line and problem"
printf '3\n0 1 3\n2\n' >"$T_DIR/p3.txt"
run solve "$G" --mapping "$T_DIR/p3.txt" --platform "$S"
expect_rc 2 "a mapping of 3 processors for a setup of 2"
expect_err 'the mapping has 3 processors, the setup 2' "it names both counts"
printf '10\n2\n1 1 0 0\n3 2 1\n2\n4 2\n0 5 10\n' >"$T_DIR/bad.input"
run solve "$G" --mapping "$M" --platform "$T_DIR/bad.input"
expect_rc 2 "a malformed setup"
expect_err 'bad.input:4: 3 work powers for 4 idle powers' "file, line and problem"

# ---- convert: the setup as ecsched's platform (free mapping, no transfers)
run convert "$G" --to stg -o "$T_DIR/hand.stg" --platform "$S" --platform-out "$T_DIR/plat.json"
expect_rc 0 "convert GRAPH --platform SETUP --platform-out"
expect_file "$T_DIR/plat.prices.csv" "the grid prices beside the platform"
expect_eq "$(tr '\n' ' ' <"$T_DIR/plat.green.csv")" "green_kwh 4 4 4 4 4 2 2 2 2 2 " "green kWh per slot = the budget of each unit's interval"
expect_eq "$(sort -u "$T_DIR/plat.prices.csv" | tr '\n' ' ')" "2000 price " "the grid at the brown cost 2 per kWh (2000 per MWh) in every slot"
if [ $have_jq = 1 ]; then
  expect_eq "$(jq -c '[.classes[] | [.count, .watts.quadratic, .idle_watts]]' "$T_DIR/plat.json")" \
    '[[1,4000,1000],[1,3000,1000]]' "one class per (idle, work) pair: busy idle + work, in kW"
  expect_eq "$(jq -n --slurpfile schema docs/schema/platform.schema.json --slurpfile doc "$T_DIR/plat.json" -r -f docs/schema/check.jq)" \
    valid "the platform matches docs/schema/platform.schema.json"
fi
# free mapping on it: brown 4 (by hand: green left for work is 2 per unit
# on 0..4 and 0 on 5..9, so only the frugal PE (work 2) runs for free, 5
# units of the 7; each other unit costs 2 after unit 4 on it, or 3 beside
# it on the other class (2 + 2 + 3 - 4); 2 x 2 = 4); money = C 2 x 4
run solve "$T_DIR/hand.stg" --platform "$T_DIR/plat.json" --deadline 10 --freqs 1 --json
expect_rc 0 "solve the converted instance (free mapping)"
expect_eq "$(json_key "$OUT" cost) $(json_key "$OUT" cost_money) $(json_key "$OUT" status)" "4.0 8.0 optimal" \
  "free mapping: brown 4, cost 8 in CaWoSched's units (fixed mapping: 24)"
# with --mapping: the fixed mapping's schedule as a base (transfers dropped):
# by hand 10 (units 0, 1: 2 + 3 - 4 = 1 each; 2: 1; 5, 6: 2 + 2 - 2 = 2
# each; 8: 2 + 3 - 2 = 3), and solve from it reaches the optimum 4
run convert "$G" --to stg --platform "$S" --platform-out "$T_DIR/pb.json" --mapping "$M"
expect_rc 0 "convert --mapping writes a base"
expect_file "$T_DIR/pb.base.json" "the base beside the platform"
run solve "$G" --platform "$T_DIR/pb.json" --deadline 10 --freqs 1 --base "$T_DIR/pb.base.json" --json
expect_eq "$RC $(json_key "$OUT" base_cost) $(json_key "$OUT" cost)" "0 10.0 4.0" "solve from the fixed mapping's base: base 10, optimum 4"
run convert "$G" --to stg --platform "$S"
expect_rc 2 "convert --platform SETUP without --platform-out"
run convert "$G" --to stg --mapping "$M"
expect_rc 2 "convert --mapping without the setup"

# ---- the smallest shared instances: CaWoSched's own schedules agree, and
# solve is never dearer than CaWoSched's best variant
D=$(shared cawosched)
if [ -z "$D" ]; then
  skip "../shared/data/cawosched absent: the shared instances"
else
  for inst in bacass_72_21_3_1_3 atacseq_72_69_7_1_3; do
    set -- $(awk -v n="$inst" '/- name:/{on = ($3 == n)} on && /\.dot/{d=$2} on && /Mappings\//{m=$2} on && /Profiles\//{print d, m, $2; exit}' "$D/ilp_instances.yml")
    dot=$D/$1 map=$D/$2 setup=$D/$3
    best="" bad=0 n=0
    for s in "$F/$inst"/*.sched; do
      theirs=$(sed -n 's/^cost //p' "$s")
      run validate "$dot" "$s" --mapping "$map" --platform "$setup" --json
      n=$((n + 1))
      [ "$RC" -eq 0 ] && [ "$(json_key "$OUT" cost)" = "$theirs" ] || bad=$((bad + 1))
      [ -z "$best" ] || [ "$theirs" -lt "$best" ] && best=$theirs
    done
    expect_eq "$bad of $n" "0 of $n" "$inst: validate gives the cost CaWoSched reported for each of its schedules"
    run solve "$dot" --mapping "$map" --platform "$setup" --freqs 1 --time-limit 60 --json
    expect_rc 0 "$inst: solve"
    c=$(json_key "$OUT" cost) b=$(json_key "$OUT" bound)
    [ "$c" -le "$best" ] && [ "$b" -le "$c" ] && ok "$inst: solve's $c <= CaWoSched's best $best, bound $b <= cost" ||
      notok "$inst: cost $c, bound $b, CaWoSched $best"
  done
fi
# validating its document without --mapping: said what it is and what to
# give, not that "pes" is missing (issue 36 item 8)
run validate "$G" "$T_DIR/solve.json"
expect_rc 2 "validate a CaWoSched document without --platform and --mapping"
expect_err "a document of CaWoSched's fixed-mapping problem: validate it on what it was made with, --platform $S --mapping $M$" "names the setup and the mapping it was made with"
if grep -q '"pes"' "$ERR"; then RC=0; notok 'no "pes" in the message'; else ok 'no "pes" in the message'; fi
finish
