# ecsched generate: random graphs that our reader reads back, the same file
# for the same seed, the requested size and work range, atomic -o.
. tests/cli/lib.sh

run generate --tasks 30 --seed 5
expect_rc 0 "generate to stdout"
cp "$OUT" "$T_DIR/a.stg"
expect_eq "$(head -1 "$T_DIR/a.stg" | tr -d ' ')" 30 "header: 30 tasks"
expect_out '^# CP Length +: [0-9]+$' "the # block has a CP Length"
expect_out '^# Parallelism +: [0-9]+\.[0-9]{6}$' "the # block has a Parallelism"
run info --json "$T_DIR/a.stg"
expect_rc 0 "the reader reads it back, CP Length agrees"
expect_eq "$(json_key "$OUT" tasks) $(json_key "$OUT" cp_agrees) $(json_key "$OUT" generator)" \
  "30 true sameprob" "30 tasks, CP Length agrees, sameprob"

# the same arguments give the same bytes; another seed another graph
run generate --tasks 30 --seed 5
if cmp -s "$OUT" "$T_DIR/a.stg"; then ok "same seed, same file"; else notok "same seed, same file"; fi
run generate --tasks 30 --seed 6
if cmp -s "$OUT" "$T_DIR/a.stg"; then notok "another seed, another file"; else ok "another seed, another file"; fi
# the command line written in the file makes the file again
again=$(sed -n 's/^# \(ecsched generate .*\)$/\1/p' "$T_DIR/a.stg")
expect_eq "$again" "ecsched generate --tasks 30 --seed 5 --method sameprob --max-work 10 --avg-preds 2" "the file records its command line"
# shellcheck disable=SC2086
run ${again#ecsched }
if cmp -s "$OUT" "$T_DIR/a.stg"; then ok "the recorded command line reproduces the file"; else notok "recorded command line"; fi

# work in 1..max-work; every record's id, its predecessors before it
run generate --tasks 200 --seed 11 --method layered --max-work 3 --avg-preds 4
expect_rc 0 "layered, max work 3"
bad=$(awk 'NR > 2 && $1 >= 1 && $1 <= 200 && ($2 < 1 || $2 > 3) { n++ } END { print n + 0 }' "$OUT")
expect_eq "$bad" 0 "every work in 1..3"
seen=$(awk 'NR > 2 && $1 >= 1 && $1 <= 200 { s[$2] = 1 } END { print s[1] + s[2] + s[3] }' "$OUT")
expect_eq "$seen" 3 "each of 1, 2, 3 occurs"
back=$(awk '!/^#/ && NR > 1 { for (k = 4; k <= NF; k++) if ($k >= $1) n++ } END { print n + 0 }' "$OUT")
expect_eq "$back" 0 "ids are a topological order"
cp "$OUT" "$T_DIR/l.stg"
run info --json "$T_DIR/l.stg"
expect_eq "$(json_key "$OUT" tasks) $(json_key "$OUT" total_work) $(json_key "$OUT" generator)" \
  "200 $(awk 'NR > 2 && $1 >= 1 && $1 <= 200 { w += $2 } END { print w }' "$T_DIR/l.stg") layrprob" \
  "layered: 200 tasks, total work = sum of the records"

# forkjoin: stages of one fork, 10..60 parallel tasks and one join, the
# join before the next fork; read back from the records' predecessor lists
run generate --tasks 300 --seed 4 --method forkjoin
expect_rc 0 "forkjoin, 300 tasks"
cp "$OUT" "$T_DIR/fj.stg"
# per record (id, work, npreds, preds...): a task with one predecessor that
# has several successors is a parallel task; a join has >= 10 predecessors
stages=$(awk '!/^#/ && NR > 1 && $1 >= 1 && $1 <= 300 {
    np = $3; if (np >= 10) { joins++; w = np; if (w < 10 || w > 60) bad++;
      for (k = 4; k <= NF; k++) if ($k != $1 - w - 1 + (k - 3)) bad++ }
    else if (np != 1) bad++ }
  END { print joins + 0, bad + 0 }' "$T_DIR/fj.stg")
nj=${stages% *}
expect_eq "${stages#* }" 0 "every join has 10..60 parallel predecessors, numbered just before it"
# each stage: 2 w edges inside, 1 to the next stage; so edges = 2 (300 - 2 stages) + stages - 1
run info --json "$T_DIR/fj.stg"
expect_eq "$(json_key "$OUT" tasks) $(json_key "$OUT" generator)" "300 forkjoin" "forkjoin: 300 tasks, generator forkjoin"
expect_eq "$(json_key "$OUT" edges)" "$((2 * (300 - 2 * nj) + nj - 1))" "forkjoin: 2 edges per parallel task, 1 between stages ($nj stages)"
expect_eq "$(json_key "$OUT" critical_path)" \
  "$(awk '!/^#/ && NR > 1 && $1 >= 1 && $1 <= 300 { wk[$1] = $2; np[$1] = $3 }
     END { cp = 0; m = 0; for (v = 1; v <= 300; v++) { if (np[v] >= 10) { cp += m + wk[v]; m = 0 }
           else if (v == 1 || np[v - 1] >= 10) cp += wk[v]; else if (wk[v] > m) m = wk[v] } print cp }' "$T_DIR/fj.stg")" \
  "forkjoin: the critical path is the forks, the heaviest parallel task of each stage and the joins"
run generate --tasks 300 --seed 4 --method forkjoin
if cmp -s "$OUT" "$T_DIR/fj.stg"; then ok "forkjoin: same seed, same file"; else notok "forkjoin: same seed, same file"; fi

# --chain LO:HI: every parallel branch a chain of LO..HI tasks; 1:1 (or 1)
# is plain forkjoin, the file names the option
run generate --tasks 300 --seed 4 --method forkjoin --chain 1:1
if cmp -s "$OUT" "$T_DIR/fj.stg"; then ok "forkjoin --chain 1:1: plain forkjoin"; else notok "forkjoin --chain 1:1: plain forkjoin"; fi
run generate --tasks 300 --seed 4 --method forkjoin --chain 2:4
expect_rc 0 "forkjoin --chain 2:4"
expect_out '^# ecsched generate .* --chain 2:4$' "forkjoin --chain 2:4: the command line in the file"
cp "$OUT" "$T_DIR/fjc.stg"
# per record: a join has >= 2 predecessors; every other task has one; a
# chain task's predecessor is not a join or a fork; so at least
# 300 - 2 joins tasks are inside branches and a branch's tasks number 2..4
stats=$(awk '!/^#/ && NR > 1 && $1 >= 1 && $1 <= 300 {
    np[$1] = $3; p1[$1] = $4; if ($3 >= 2) joins++; else if ($3 != 1) bad++ }
  END { for (v = 1; v <= 300; v++) if (np[v] == 1) nsucc[p1[v]]++;
        for (v = 1; v <= 300; v++) if (np[v] == 1 && nsucc[p1[v]] > 1) heads++;
        print joins + 0, heads + 0, bad + 0 }' "$T_DIR/fjc.stg")
set -- $stats
expect_eq "$3" 0 "forkjoin --chain 2:4: one predecessor for every task but the joins"
inner=$((300 - 2 * $1))
if [ "$2" -ge $((inner / 4)) ] && [ "$2" -le $((inner / 2 + 1)) ]; then
  ok "forkjoin --chain 2:4: $2 branches for $inner branch tasks (2..4 each)"
else
  notok "forkjoin --chain 2:4: $2 branches for $inner branch tasks (2..4 each)"
fi
run generate --tasks 300 --seed 4 --method forkjoin --chain 2:4
if cmp -s "$OUT" "$T_DIR/fjc.stg"; then ok "forkjoin --chain: same seed, same file"; else notok "forkjoin --chain: same seed, same file"; fi

# -o: atomic, with a one-line summary; nothing left behind on failure
run generate --tasks 50 --seed 1 -o "$T_DIR/o.stg"
expect_rc 0 "generate -o"
expect_file "$T_DIR/o.stg" "-o wrote the file"
expect_out "o\.stg: 50 tasks, [0-9]+ edges, critical path [0-9]+, total work [0-9]+$" "-o prints a summary"
expect_eq "$(ls "$T_DIR" | grep -c tmp)" 0 "no temporary file left"
run generate --tasks 50 --seed 1 -o "$T_DIR/nodir/o.stg"
expect_rc 2 "-o into a missing directory"
expect_err 'nodir/o\.stg: cannot write' "the write error names the file"
expect_no_file "$T_DIR/nodir" "nothing written"

# tiny graphs for the solvers: defaults adapt the density
run generate --tasks 3 --seed 2
expect_rc 0 "3 tasks with the default density"
run generate --tasks 1 --seed 2
expect_rc 0 "a single task"
expect_out '^ +2 +0 +1 +1$' "exit after the single task"

# bad arguments: exit 2, the argument named, nothing on stdout
while IFS='|' read -r args pattern; do
  [ -n "$args" ] || continue
  # shellcheck disable=SC2086
  run generate $args
  expect_rc 2 "generate $args"
  expect_err "$pattern" "generate $args: message"
  expect_no_out "generate $args: nothing on stdout"
done <<'CASES'
--tasks 0 --seed 1|--tasks must be 1\.\.50000, not '0'
--tasks 50001 --seed 1|--tasks must be 1\.\.50000
--tasks abc --seed 1|--tasks must be
--tasks 10 --seed -1|--seed must be an integer
--tasks 10 --seed 18446744073709551616|--seed must be an integer
--tasks 10|needs --tasks N and --seed S
--tasks 10 --seed 1 --method random|--method must be sameprob, layered or forkjoin, not 'random'
--tasks 10 --seed 1 --max-work 0|--max-work must be 1\.\.
--tasks 10 --seed 1 --avg-preds -1|--avg-preds must be a number >= 0
--tasks 10 --seed 1 --avg-preds 4.6|impossible with 10 tasks: at most \(tasks - 1\) / 2 = 4\.5
--tasks 10 --seed 1 --method forkjoin --chain 0:2|--chain must be LO:HI with 1 <= LO <= HI <= 100, not '0:2'
--tasks 10 --seed 1 --method forkjoin --chain 3:2|--chain must be LO:HI
--tasks 10 --seed 1 --method forkjoin --chain 2:101|--chain must be LO:HI
--tasks 10 --seed 1 --method forkjoin --chain 2:x|--chain must be LO:HI
--tasks 10 --seed 1 --method layered --chain 2:3|--chain is for --method forkjoin only
--tasks 10 --seed 1 extra|unexpected argument 'extra'
--tasks 10 --seed 1 --bogus|bad option '--bogus'
CASES
run generate --help
expect_rc 0 "generate --help"
expect_out '^Usage: ecsched generate' "help text"
finish
