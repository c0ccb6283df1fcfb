# ecsched heuristic --mode local and the method `local` of compare and
# batch: a hand-computed optimum, the document through `ecsched validate`,
# never above the sweep, the seed, option errors; shared STG graphs
# against the MILP's proven optimum.
. tests/cli/lib.sh
G=tests/fixtures/tiny.stg
B=tests/fixtures/heuristic/tiny_base.json

# tiny.stg contracted: 1 (w 2), 2 (w 1), 3 (w 1), 5 (w 2); 1,2 -> 3 -> 5;
# D' = 6, 2 PEs, flat prices, F = {1, .8, .., .2, 0}, quadratic.  The chain
# 1 -> 3 -> 5 (5 units) gets 6 slots: 1 over 3 slots (.6 .6 .8: 1.36), 3 in
# one (1), 5 over 2 (2); task 2 beside 1 over 3 slots (.4 .4 .2: .36):
# 4.72, the optimum (the MILP proves it); the sweep (test_heuristic.sh)
# stays at 5.52 because it keeps the base's PEs and order.
run heuristic "$G" -p 2 --prices flat --base "$B" --deadline 6 --steps 4 \
    --mode local -o "$T_DIR/l.json"
expect_rc 0 "heuristic --mode local on tiny.stg"
expect_out '^mode +local \(seed 1, limit 10 s\), from the sweep \(4 steps, sigma 2\)$' "mode line"
expect_out '^sweep cost +5\.520000$' "the sweep's cost is the start"
expect_out '^cost +4\.720000 \(normalised\)$' "local reaches the hand-computed optimum 4.72"
expect_out '^saving +21\.33 %$' "saving (6 - 4.72) / 6"
expect_out '^search +converged: ' "the search converges"
expect_eq "$(json_key "$T_DIR/l.json" mode)" local "document mode"
expect_eq "$(json_key "$T_DIR/l.json" cost)" 4.72 "document cost"
expect_eq "$(json_key "$T_DIR/l.json" start_cost)" 5.52 "document start_cost"
expect_eq "$(json_key "$T_DIR/l.json" seed)" 1 "document seed"
expect_eq "$(json_key "$T_DIR/l.json" local_stop)" converged "document local_stop"
run validate "$G" "$T_DIR/l.json"
expect_rc 0 "validate accepts local's schedule"
expect_out '^cost +4\.720000$' "validate's cost is local's"
run milp "$G" -p 2 --prices flat --deadline 6
expect_out '^cost +4\.720000 ' "the MILP's optimum is 4.72"

# sweep documents say null for local's keys
run heuristic "$G" -p 2 --prices flat --base "$B" --deadline 6 --json
expect_eq "$(json_key "$OUT" seed)" "" "sweep: no seed among its params"
expect_eq "$(json_key "$OUT" local_stop)" null "sweep: local_stop null"

# the same seed gives the same document (runtimes aside); another seed a
# valid one, never above the sweep
G20=$T_DIR/g20.stg
"$ECSCHED" generate --tasks 20 --seed 5 -o "$G20" >/dev/null
strip() { grep -v '_s"' "$1"; }
run heuristic "$G20" -p 3 --extension 0.2 --mode local --seed 7 -o "$T_DIR/a.json"
expect_rc 0 "seed 7"
run heuristic "$G20" -p 3 --extension 0.2 --mode local --seed 7 -o "$T_DIR/b.json"
strip "$T_DIR/b.json" >"$T_DIR/b.s"
if strip "$T_DIR/a.json" | cmp -s - "$T_DIR/b.s"; then ok "seed 7 twice: the same schedule"; else notok "seed 7 twice differs"; fi
for seed in 1 2 3; do
  run heuristic "$G20" -p 3 --extension 0.2 --mode local --seed $seed -o "$T_DIR/s$seed.json"
  c=$(json_key "$T_DIR/s$seed.json" cost)
  s=$(json_key "$T_DIR/s$seed.json" start_cost)
  b=$(json_key "$T_DIR/s$seed.json" base_cost)
  expect_eq "$(awk -v c="$c" -v s="$s" -v b="$b" 'BEGIN { print (c <= s && s <= b) ? "yes" : "no" }')" yes \
    "seed $seed: local ($c) <= sweep ($s) <= base ($b)"
  run validate "$G20" "$T_DIR/s$seed.json"
  expect_rc 0 "seed $seed: validate accepts the schedule"
done

# a tiny time limit still gives a checked schedule, no dearer than the sweep
run heuristic "$G20" -p 3 --extension 0.2 --mode local --time-limit 0.000001 --json
expect_rc 0 "--time-limit 1 us"
expect_eq "$(json_key "$OUT" local_stop)" time_limit "stopped by the time limit"
c=$(json_key "$OUT" cost); s=$(json_key "$OUT" start_cost)
expect_eq "$(awk -v c="$c" -v s="$s" 'BEGIN { print (c <= s) ? "yes" : "no" }')" yes "cut short: still <= the sweep"

# option errors name the option; exit 2
run heuristic "$G" -p 2 --mode anneal
expect_rc 2 "unknown mode"
expect_err "--mode must be sweep, binary or local, not 'anneal'" "the message names the modes"
run heuristic "$G" -p 2 --seed 3
expect_rc 2 "--seed without --mode local"
expect_err "applies to --mode local only" "the message says so"
run heuristic "$G" -p 2 --mode local --seed -3
expect_rc 2 "negative seed"
expect_err "--seed needs a whole number" "the message names --seed"
run heuristic "$G" -p 2 --mode local --time-limit 0
expect_rc 2 "zero time limit"
expect_err "--time-limit needs a number > 0" "the message names --time-limit"

# compare: local beside the others, never above sweep, at or above the MILP
run compare "$G20" -p 3 --extension 0.2 --methods sweep,local,milp
expect_rc 0 "compare with local"
expect_out '^local +[0-9.]+ ' "compare prints a local row"
sw=$(awk '$1 == "sweep" { print $2 }' "$OUT")
lo=$(awk '$1 == "local" { print $2 }' "$OUT")
mi=$(awk '$1 == "milp" { print $2 }' "$OUT")
expect_eq "$(awk -v a="$mi" -v b="$lo" -v c="$sw" 'BEGIN { print (a != "" && b != "" && a <= b + 1e-6 && b <= c + 1e-6) ? "yes" : "no" }')" yes \
  "compare: milp ($mi) <= local ($lo) <= sweep ($sw)"

# shared 50-task graphs: local within 3 % of the proven optimum on average
if [ -n "$(shared stg/50)" ]; then
  out=$T_DIR/b50.jsonl
  "$ECSCHED" batch "$(shared stg/50)/rand0000.stg" \
      -p 8,16 --extension 0.2 --methods sweep,local,milp --time-limit 20 \
      --out "$out" >/dev/null 2>&1
  r=$(awk '
    { match($0, /"graph":"[^"]*","pes":[0-9]*/); k = substr($0, RSTART, RLENGTH)
      match($0, /"method":"[a-z]*"/); m = substr($0, RSTART + 10, RLENGTH - 11)
      match($0, /"cost":[-0-9.e]*/); c[k, m] = substr($0, RSTART + 7, RLENGTH - 7) + 0
      if ($0 ~ /"method":"milp"/ && $0 ~ /"status":"optimal"/) opt[k] = c[k, m]; keys[k] = 1 }
    END { n = 0; s = 0; bad = 0
      for (k in keys) { if (c[k, "local"] > c[k, "sweep"] + 1e-9) bad++
        if (k in opt) { n++; s += c[k, "local"] / opt[k]; if (c[k, "local"] < opt[k] - 1e-6) bad++ } }
      printf "%d %d %.4f\n", n, bad, n ? s / n : 0 }' "$out")
  set -- $r
  expect_eq "$2" 0 "50-task graphs: local never above the sweep, never below the optimum"
  if [ "$1" -gt 0 ]; then
    expect_eq "$(awk -v m="$3" 'BEGIN { print (m <= 1.03) ? "yes" : "no" }')" yes \
      "50-task graphs: mean local / optimum $3 <= 1.03 over $1 proven cases"
  else
    skip "no 50-task case proven optimal within 20 s"
  fi
else
  skip "shared data absent: 50-task graphs"
fi
# the ejection kick (heuristic/local_ext.c lx_eject; bench/results/
# local_ext.md "Tenth round"): paper32 g26 on two sites, 4 PEs each,
# E = 0.2 (D' = 74).  Tallinn's prices are negative in hours 4 to 14 of
# each day, and the cheap schedules give some tasks long intervals on a
# Tallinn PE that draw at f = 1 in the negative hours of two or three
# days (the optimum, 6.567308, proven by solve: task 9 over slots 3 to
# 62).  main's search (seeds 1 and 2, and 4 of seeds 1 to 12) stops at
# 7.374982 (12.3 % above), task 9 over 12 slots, the PEs over the rest of
# its room taken by other tasks; with the ejection kick seed 1 ends at
# 6.596750 (0.45 %; tasks 11 and 15 over slots 6 to 30 and 11 to 33).
jq --arg e "$PWD/data/platforms/ee_2023-07-16_utc.csv" --arg d "$PWD/data/prices/de_lu_2024-05-06_to_2024-05-12_hourly.csv" \
  '.sites[0].prices = $e | .sites[1].prices.file = $d | .classes[0].count = 4 | .classes[1].count = 4' \
  data/platforms/two_sites.json >"$T_DIR/sites8.json"
run heuristic data/paper32/g26_n28.stg --platform "$T_DIR/sites8.json" --extension 0.2 --mode local --seed 1 --time-limit 60
expect_rc 0 "heuristic --mode local on g26, two sites of 4 PEs"
c=$(sed -n 's/^cost  *\([0-9.]*\).*/\1/p' "$OUT")
expect_eq "$(awk -v c="$c" 'BEGIN { print (c != "" && c <= 6.567308 * 1.05) ? "yes" : "no" }')" yes \
  "g26 on two sites: local $c within 5 % of the optimum 6.567308 (not the trap at 7.374982)"
# the site exchange and the polish after the stall (heuristic/local_ext.c
# lx_swap; bench/results/local_ext.md "Eleventh round, second part"):
# paper32 g28 on the same platform (D' = 46).  The optimum (4.696284,
# proven by solve) has 5 of the 29 tasks at the other site than main's
# search's end, 4.932025 (5.02 % above: tasks 8 and 24 to Frankfurt, 18,
# 25, 26 to Tallinn) with 13 others re-timed; with the polish seed 1 ends
# at 4.888819 (4.10 %).
run heuristic data/paper32/g28_n29.stg --platform "$T_DIR/sites8.json" --extension 0.2 --mode local --seed 1 --time-limit 60
expect_rc 0 "heuristic --mode local on g28, two sites of 4 PEs"
c=$(sed -n 's/^cost  *\([0-9.]*\).*/\1/p' "$OUT")
expect_eq "$(awk -v c="$c" 'BEGIN { print (c != "" && c <= 4.696284 * 1.05) ? "yes" : "no" }')" yes \
  "g28 on two sites: local $c within 5 % of the optimum 4.696284 (not the trap at 4.932025)"
# --time-limit is the whole command's: local gets all that is left of it,
# not its own 10 s default (a 30,000-task graph stopped after 10 s of a
# 300 s budget)
RC=0; $ECSCHED heuristic data/stg/rand0000.stg -p 4 --extension 0.2 --mode local --time-limit 40 >"$OUT" 2>"$ERR" || RC=$?
expect_rc 0 "heuristic --mode local --time-limit 40"
expect_out '^mode +local \(seed 1, limit (39|40)(\.[0-9]+)? s\)' "local gets what is left of --time-limit 40 (not 10 s)"
# progress on a terminal (script(1) gives one) on a run over a second
# (issue 36 item 8): a line a second with the cost and the rounds.  The
# run must last: 300 generated tasks keep local search busy to its 1.5 s
# limit on any machine (rand0000 at P = 2 converged in 1.0 to 1.4 s, and
# on a fast machine before its first report: the check failed now and then)
if command -v script >/dev/null 2>&1; then
  $ECSCHED generate --tasks 300 --seed 1 -o "$T_DIR/g300.stg" 2>/dev/null
  on_tty_until "$OUT" "^local: [0-9.]+ s, cost" "$ECSCHED heuristic $T_DIR/g300.stg -p 4 --extension 0.5 --mode local --time-limit 1.5 -o $T_DIR/lp.json"
  expect_out "^local: [0-9.]+ s, cost [0-9.]+ \(the schedule under search\), [0-9]+ rounds" "heuristic --mode local: progress on a terminal"
  "$ECSCHED" heuristic data/stg/rand0000.stg -p 2 --extension 3 --mode local --time-limit 1.5 >"$OUT" 2>"$ERR"
  if grep -q "^local:" "$ERR"; then RC=0; notok "no progress when stderr is not a terminal"; else ok "no progress when stderr is not a terminal"; fi
else
  skip "script(1) not found: progress on a terminal untested"
fi
finish
