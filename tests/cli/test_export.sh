#!/bin/sh
# ecsched export --slurm: the scripts' contents against a schedule written
# by hand (tests/fixtures/export/three.json: task 1 on PE 0 in slots 0..1
# at f = 1, task 2 on PE 1 in slots 0..1 at f = 0.5, task 3 after both on
# PE 0 in slots 2..5 at f = 1, 0 (a wait), 0.5, 0.5; slot 0 at
# 2026-01-01T00:00Z = 1767225600), submit.sh run against a fake sbatch,
# the wrapper run for real (4 s of sleep), and the errors.  The real Slurm
# run is tests/slurm/run.sh.
. "$(dirname "$0")/lib.sh"

FX=tests/fixtures/export
DOC=$FX/three.json
D=$T_DIR/ex
KHZ=2000000,1000000

run export --slurm "$DOC" -o "$D" --khz $KHZ
expect_rc 0 "export --slurm writes the directory"
expect_out '^wrote .*: 3 jobs .* 2 dependencies, 1 with a frequency wrapper' "the summary counts jobs, dependencies and wrappers"
for f in submit.sh plan.tsv task-1.sh task-2.sh task-3.sh; do
  [ -f "$D/$f" ] || notok "$f missing"
done
[ -x "$D/submit.sh" ] && [ -x "$D/task-3.sh" ] && [ ! -x "$D/plan.tsv" ] &&
  ok "the scripts are executable, plan.tsv is not" || notok "file modes"
expect_eq "$(ls "$D" | wc -l)" 5 "5 files and nothing else"

# begin times: the offsets of the first slots from slot 0 (60-minute slots)
grep -q '^: "${ECSCHED_ORIGIN:=1767225600}"$' "$D/submit.sh" &&
  ok "slot 0 is the document's first_slot_utc (1767225600)" || notok "origin line"
subs=$(grep '^j[0-9]*=\$(sub ' "$D/submit.sh" | sed 's/ *#.*//')
want='j1=$(sub 1 0 7200 "")
j2=$(sub 2 0 7200 "")
j3=$(sub 3 7200 21600 "$j1:$j2")'
expect_eq "$subs" "$want" "submission in topological order, begin/end offsets, afterok on both predecessors"
grep -q '# task 3: PE 0, 2026-01-01 03:00 +01:00$' "$D/submit.sh" &&
  ok "the clock time of task 3's first slot in the document's zone" || notok "clock comment"
grep -q -- '--kill-on-invalid-dep=yes' "$D/submit.sh" && ok "a failed job cancels its dependants" || notok "kill-on-invalid-dep"
expect_eq "$(sed -n 4p "$D/plan.tsv")" "$(printf '3\t0\t\t2\t5\t7200\t21600\t1,2')" "plan.tsv: task 3's PE, slots, offsets and predecessors"

# frequencies: one per job where constant, from the table (f = 1: 2000000,
# f = 0.5: 1000000), the command under srun so that --cpu-freq applies
grep -qx '#SBATCH --cpu-freq=2000000' "$D/task-1.sh" && grep -qx '#SBATCH --cpu-freq=1000000' "$D/task-2.sh" &&
  ok "--cpu-freq from the kHz table (f = 1 and f = 0.5)" || notok "cpu-freq lines"
grep -q 'exec srun --ntasks=1 sh "$0" task' "$D/task-1.sh" && ok "a constant-frequency task runs under srun" || notok "srun"
grep -qx 'sleep 7200' "$D/task-1.sh" && ok "the default command sleeps for the task's span (2 slots = 7200 s)" || notok "sleep line"
if grep -q -- '--cpu-freq' "$D/task-3.sh"; then notok "task 3 has a --cpu-freq line"; else ok "the wrapped task has no --cpu-freq"; fi
# the wrapper of task 3: f = 1 at its start, stopped at slot 3, continued
# and switched to 0.5 at slot 4
w=$(sed -n 's/^ *\(at [0-9]*;.*\)  # .*/\1/p; s/^  \(cpupower .*\)  # .*/\1/p' "$D/task-3.sh")
want='cpupower frequency-set -f 2000000
at 10800; upto 14400 && kill -s STOP -- -"$task"
at 14400; kill -s CONT -- -"$task"; cpupower frequency-set -f 1000000'
expect_eq "$w" "$want" "the wrapper switches at the slot boundaries (slot 3: stop, slot 4: 0.5)"
# a job that Slurm starts late (at 1/3600 time: task 3 at 2..6 s, its wait
# in slot 3 at 3..4 s; the command notes when it runs): inside its wait it
# starts at the wait's end; after it, at once
run export --slurm "$DOC" -o "$T_DIR/late" --time-scale 3600 --khz 2000000,1000000 --freq-command ':'
expect_rc 0 "export --time-scale 3600"
sed -i 's/^sleep [0-9]*$/date +%s >>ran/' "$T_DIR/late/task-3.sh"
for late in 3 5; do
  rm -f "$T_DIR/late/ran"
  o=$(($(date +%s) - late))
  (cd "$T_DIR/late" && ECSCHED_ORIGIN=$o timeout 20 sh task-3.sh) >/dev/null 2>&1
  r=$(cat "$T_DIR/late/ran" 2>/dev/null)
  if [ $late = 3 ]; then
    [ -n "$r" ] && [ "$r" -ge $((o + 4)) ] && ok "started late inside its wait: it runs at the wait's end" ||
      notok "started late inside its wait: it ran at ${r:-never} (the wait ends at $((o + 4)))"
  else
    [ -n "$r" ] && [ "$r" -le $((o + late + 1)) ] && ok "started late after its wait: it runs at once" ||
      notok "started late after its wait: it ran at ${r:-never}, not $((o + late))"
  fi
done

# no kHz: no --cpu-freq, no frequency switching, but the wait still stops
run export --slurm "$DOC" -o "$T_DIR/nokhz"
expect_rc 0 "export without kHz"
expect_out 'frequencies +not set' "the summary says no frequency is set"
if grep -q -- 'cpu-freq\|cpupower' "$T_DIR"/nokhz/task-*.sh; then notok "a frequency without kHz"; else ok "no --cpu-freq or switch without kHz"; fi
grep -q 'kill -s STOP' "$T_DIR/nokhz/task-3.sh" && ok "the wait in place is still a stop" || notok "no stop"

# nodes: one name for every PE, or one per PE
run export --slurm "$DOC" -o "$T_DIR/nodes" --nodes n0,n1 --partition batch --job-prefix plan7
expect_rc 0 "export --nodes n0,n1"
grep -qx '#SBATCH --nodelist=n0' "$T_DIR/nodes/task-3.sh" && grep -qx '#SBATCH --nodelist=n1' "$T_DIR/nodes/task-2.sh" &&
  grep -qx '#SBATCH --partition=batch' "$T_DIR/nodes/task-2.sh" && grep -qx '#SBATCH --job-name=plan7-2' "$T_DIR/nodes/task-2.sh" &&
  ok "--nodelist of each PE's node, the partition and the job names" || notok "nodelist"
run export --slurm "$DOC" -o "$T_DIR/n3" --nodes a,b,c
expect_rc 2 "three node names for two PEs"
expect_err 'give one per PE \(2\)' "the error says how many"

# submit.sh against a fake sbatch: its arguments and the ids it returns
mkdir -p "$T_DIR/bin"
cat >"$T_DIR/bin/sbatch" <<'EOF'
#!/bin/sh
n=$(($(cat "$FAKE_DIR/n" 2>/dev/null || echo 100) + 1))
echo "$n" >"$FAKE_DIR/n"
echo "$n $*" >>"$FAKE_DIR/calls"
echo "$n;cluster"
EOF
chmod +x "$T_DIR/bin/sbatch"
FAKE_DIR=$T_DIR PATH="$T_DIR/bin:$PATH" ECSCHED_ORIGIN=1767225600 sh "$D/submit.sh" >"$OUT" 2>"$ERR"
RC=$?
expect_rc 0 "submit.sh runs against a fake sbatch"
b0=$(TZ=UTC0 date -d @1767225600 +%Y-%m-%dT%H:%M:%S)
b2=$(TZ=UTC0 date -d @1767232800 +%Y-%m-%dT%H:%M:%S)
calls=$(TZ=UTC0 FAKE_DIR=$T_DIR PATH="$T_DIR/bin:$PATH" ECSCHED_ORIGIN=1767225600 sh -c 'rm -f "$FAKE_DIR/n" "$FAKE_DIR/calls"; sh "$0" >/dev/null 2>&1; cat "$FAKE_DIR/calls"' "$D/submit.sh")
want="101 --parsable --begin=$b0 task-1.sh
102 --parsable --begin=$b0 task-2.sh
103 --parsable --begin=$b2 --dependency=afterok:101:102 --kill-on-invalid-dep=yes task-3.sh"
expect_eq "$calls" "$want" "sbatch gets --begin (local time of ORIGIN + offset) and the ids of the predecessors' jobs"
expect_eq "$(sed -n 4p "$D/jobs.tsv")" "$(printf '3\t103\t1767232800\t1767247200')" "jobs.tsv: task, job id, begin, planned end"
expect_err 'slot 0 .* is past' "a past slot 0 is noted"
# an sbatch that refuses the second job: submit.sh stops there (exit
# non-zero), jobs.tsv holds the one job submitted
cat >"$T_DIR/bin/sbatch" <<'EOF'
#!/bin/sh
n=$(($(cat "$FAKE_DIR/n" 2>/dev/null || echo 100) + 1))
echo "$n" >"$FAKE_DIR/n"
[ "$n" -lt 102 ] || { echo "sbatch: error: Batch job submission failed" >&2; exit 1; }
echo "$n"
EOF
rm -f "$T_DIR/n"
FAKE_DIR=$T_DIR PATH="$T_DIR/bin:$PATH" ECSCHED_ORIGIN=1767225600 sh "$D/submit.sh" >"$OUT" 2>"$ERR"
RC=$?
[ "$RC" -ne 0 ] && ok "submit.sh stops at the first refused job (exit $RC)" || notok "submit.sh went on after a refused job"
expect_eq "$(sed 1d "$D/jobs.tsv" | cut -f1,2 | tr '\t\n' ': ')" "1:101 " "jobs.tsv holds the job submitted before"

# the wrapper for real: 1 s per slot, the switch command logs, the task
# ticks every 0.1 s until slot 6 (ORIGIN + 6); task 3 starts at slot 2 =
# ORIGIN + 2 (so ORIGIN is 2 s ago), waits in slot 3, runs at 0.5 from 4
run export --slurm "$DOC" -o "$T_DIR/fast" --khz $KHZ --time-scale 3600
expect_rc 0 "export --time-scale 3600"
grep -qx 'sleep 4' "$T_DIR/fast/task-3.sh" && ok "scaled: task 3's 4 slots sleep 4 s" || notok "scaled sleep"
# (in real time, with tenths of a second to spare: under load a stop can come
# late, so make check runs it, one test at a time)
if long_run "export: the wrapper in real time (its switches and its wait)"; then
  run export --slurm "$DOC" -o "$T_DIR/tick" --khz $KHZ --time-scale 3600 \
    --freq-command 'echo "{khz} $(date +%s%N)" >>"$SWITCH_LOG"' \
    --command 'while [ "$(date +%s)" -lt $((ECSCHED_ORIGIN + 6)) ]; do date +%s%N >>"$TICKS"; sleep 0.1; done'
  expect_rc 0 "export with a ticking command"
  o=$(($(date +%s) - 2))
  SWITCH_LOG=$T_DIR/switch.log TICKS=$T_DIR/ticks ECSCHED_ORIGIN=$o sh "$T_DIR/tick/task-3.sh" >"$OUT" 2>"$ERR"
  RC=$?
  expect_rc 0 "the wrapper runs the task to its end"
  khz=$(cut -d' ' -f1 "$T_DIR/switch.log" | tr '\n' ' ')
  t2=$(sed -n 2p "$T_DIR/switch.log" | cut -d' ' -f2)
  expect_eq "$khz" "2000000 1000000 " "the wrapper switched to f = 1 then f = 0.5"
  [ -n "$t2" ] && [ "$t2" -ge $(((o + 4) * 1000000000)) ] && ok "the switch to 0.5 came no earlier than slot 4 (ORIGIN + 4 s)" ||
    notok "switch at $t2 ns, slot 4 at $((o + 4)) s"
  # ticks (ns) relative to ORIGIN, in tenths of a second
  tenths=$(awk -v o="$o" '{ printf "%d\n", ($1 / 1e8) - o * 10 }' "$T_DIR/ticks" | sort -n | uniq)
  before=$(echo "$tenths" | awk '$1 < 30' | wc -l)
  during=$(echo "$tenths" | awk '$1 >= 32 && $1 < 39' | wc -l)
  after=$(echo "$tenths" | awk '$1 >= 42' | wc -l)
  [ "$before" -gt 0 ] && [ "$during" -eq 0 ] && [ "$after" -gt 0 ] &&
    ok "the task ran in slot 2, was stopped in slot 3 (no tick from +3.2 to +3.9 s), ran again from slot 4" ||
    notok "ticks before $before, in the wait $during, after $after"
fi

# errors: nothing written, the directory untouched
run export --slurm "$DOC" -o "$D" --khz $KHZ
expect_rc 2 "no clobber: a non-empty directory is refused"
expect_err 'is not empty: give --force' "the error names --force"
expect_eq "$(ls "$D" | wc -l)" 6 "the directory is untouched (5 files and the fake run's jobs.tsv)"
run export --slurm "$DOC" -o "$D" --khz $KHZ --force
expect_rc 0 "--force replaces it"
expect_eq "$(ls "$D" | wc -l)" 5 "the old files are gone"
expect_eq "$(ls -d "$D".* 2>/dev/null | wc -l)" 0 "no temporary directory is left"
printf '{"tasks": [' >"$T_DIR/bad.json"
run export --slurm "$T_DIR/bad.json" -o "$T_DIR/b1"
expect_rc 2 "a document that is not JSON"
expect_err 'bad.json' "the error names the file"
expect_no_file "$T_DIR/b1" "nothing written"
sed 's/"id": 3,/"id": 9,/' "$DOC" >"$T_DIR/other.json"
run export --slurm "$T_DIR/other.json" -o "$T_DIR/b2"
expect_rc 2 "a task the graph does not have"
expect_err 'no task 9' "the error names the task"
run export --slurm "$DOC" -o "$T_DIR/b3" --khz 2000000
expect_rc 2 "--khz with one value for two frequencies above 0"
expect_err 'give one per frequency above 0 of F \(2\)' "the error says how many"
run export --slurm "$DOC" -o "$T_DIR/b4" --time-scale 7
expect_rc 2 "a time scale that does not divide the slot"
expect_err 'not a whole number of seconds' "the error says why"
run export --slurm "$DOC" -o "$T_DIR/b5" --command 'run {task}'
expect_rc 2 "a template with an unknown placeholder"
expect_err "'\{task\}' is no placeholder" "the error names it"
printf '{"methods": [{"method": "base", "tasks": []}]}\n' >"$T_DIR/cmp.json"
run export --slurm "$T_DIR/cmp.json" -o "$T_DIR/b7"
expect_rc 2 "a compare document"
expect_err 'holds several schedules' "the error says why"
run export "$DOC" -o "$T_DIR/b6"
expect_rc 2 "no format"
for b in b2 b3 b4 b5 b6 b7; do [ -e "$T_DIR/$b" ] && notok "$b written"; done

# a heuristic's schedule of 100 tasks on 8 PEs (waits in place inside
# tasks and at their start): every script parses, and plan.tsv is the
# document's placement task for task
"$ECSCHED" generate --tasks 100 --seed 3 -o "$T_DIR/g100.stg" >/dev/null
run heuristic "$T_DIR/g100.stg" -p 8 --extension 0.2 -o "$T_DIR/h100.json"
run export --slurm "$T_DIR/h100.json" -o "$T_DIR/x100" --khz 2400000,1920000,1440000,960000,480000
expect_rc 0 "export of a 100-task schedule"
bad=0
for f in "$T_DIR"/x100/*.sh; do sh -n "$f" 2>>"$ERR" || bad=$((bad + 1)); done
expect_eq "$bad" 0 "all 101 scripts parse (sh -n)"
[ "$(grep -l 'nothing to switch' "$T_DIR"/x100/task-*.sh | wc -l)" -gt 0 ] &&
  [ "$(grep -l 'kill -s STOP' "$T_DIR"/x100/task-*.sh | wc -l)" -gt 0 ] &&
  ok "the schedule has tasks that wait at their start and tasks that wait inside" || notok "no waits to check"
if command -v jq >/dev/null 2>&1; then
  want=$(jq -r '.tasks[] | "\(.id) \(.pe) \(.start) \(.stop) \(.start * 3600) \((.stop + 1) * 3600)"' "$T_DIR/h100.json" | sort -n)
  got=$(sed 1d "$T_DIR/x100/plan.tsv" | awk -F'\t' '{ print $1, $2, $4, $5, $6, $7 }' | sort -n)
  expect_eq "$got" "$want" "plan.tsv: every task's PE, slots and offsets as in the document (jq)"
fi

# a WfCommons workflow: each task's own command (program and arguments)
WF=data/workflows/helloworld-chain-5-chameleon.json
run heuristic $WF -p 1 --extension 0.5 -o "$T_DIR/wf.json"
expect_rc 0 "a schedule of a WfCommons workflow"
run export --slurm "$T_DIR/wf.json" -o "$T_DIR/wfx"
expect_rc 0 "export of the workflow's schedule"
n=0
for k in 1 2 3 4 5; do
  want=$(jq -r --arg id "cpuhog_chain_0000000$k" '.workflow.execution.tasks[] | select(.id == $id) | ([.command.program] + .command.arguments) | join(" ")' $WF 2>/dev/null)
  [ -n "$want" ] && grep -Fqx -- "$want" "$T_DIR/wfx/task-$k.sh" && n=$((n + 1))
done
expect_eq "$n" 5 "each task runs its command from the workflow file (jq's join of program and arguments)"
if grep -q '^sleep ' "$T_DIR"/wfx/task-*.sh; then notok "a workflow task sleeps"; else ok "no template where the graph has commands"; fi

# tasks without work (runtime 0: 15 of sarek's 26) get jobs too, which run
# when their predecessors ended: the jobs' predecessors are the file's
# parents, task for task (jq)
SW=data/workflows/sarek-dirt02-001.json
run heuristic $SW -p 4 --extension 0.5 -o "$T_DIR/sarek.json"
run export --slurm "$T_DIR/sarek.json" -o "$T_DIR/sx"
expect_rc 0 "export of sarek's schedule"
expect_out '^wrote .*: 26 jobs ' "a job for each of the 26 tasks, 15 of them without work"
if command -v jq >/dev/null 2>&1; then
  want=$(jq -r '.workflow.specification.tasks as $t | ($t | to_entries | map({(.value.id): (.key + 1)}) | add) as $ix
    | $t | to_entries[] | "\(.key + 1) \([.value.parents[] | $ix[.]] | sort | map(tostring) | join(","))"' $SW | sort -n)
  got=$(sed 1d "$T_DIR/sx/plan.tsv" | awk -F'\t' '{ print $1, $8 }' | sort -n)
  expect_eq "$got" "$want" "every job's predecessors are its task's parents in the file"
fi
zero=$(sed 1d "$T_DIR/sx/plan.tsv" | awk -F'\t' '$2 == ""' | wc -l)
expect_eq "$zero" 15 "15 jobs without PE or slots (the tasks of runtime 0)"
bad=0
for f in "$T_DIR"/sx/*.sh; do sh -n "$f" 2>>"$ERR" || bad=$((bad + 1)); done
expect_eq "$bad" 0 "all 27 scripts parse, multi-line commands included (sh -n)"

# a platform file: nodes and cpu_freq_khz per class
cat >"$T_DIR/plat.json" <<'EOF'
{"frequencies": [1, 0.5, 0], "slot_minutes": 60,
 "classes": [
  {"name": "big", "count": 1, "speed": 2, "watts": [400, 150], "nodes": ["big01"], "cpu_freq_khz": [3000000, 1500000]},
  {"name": "small", "count": 1, "watts": [100, 40], "nodes": "small01", "cpu_freq_khz": [2000000, 1000000]}
 ]}
EOF
if command -v jq >/dev/null 2>&1; then
  expect_eq "$(jq -n --slurpfile schema docs/schema/platform.schema.json --slurpfile doc "$T_DIR/plat.json" -r -f docs/schema/check.jq)" \
    valid "nodes and cpu_freq_khz match docs/schema/platform.schema.json"
fi
run heuristic $FX/three.stg --mode local --platform "$T_DIR/plat.json" --prices flat --extension 1 -o "$T_DIR/pdoc.json"
expect_rc 0 "a schedule on the platform file"
run export --slurm "$T_DIR/pdoc.json" -o "$T_DIR/pex"
expect_rc 2 "prices without clock times (flat) and no --origin"
expect_err 'no clock times.*give an origin' "the error asks for --origin"
run export --slurm "$T_DIR/pdoc.json" -o "$T_DIR/pex" --origin now+60
grep -q '^: "${ECSCHED_ORIGIN:=$(($(date +%s) + 60))}"$' "$T_DIR/pex/submit.sh" &&
  ok "--origin now+60: slot 0 a minute after submission" || notok "origin now+60"
expect_rc 0 "export takes nodes and kHz from the platform file"
ok_n=0
for f in "$T_DIR"/pex/task-*.sh; do
  pe=$(sed -n 's/^# Task .*: PE \([0-9]*\).*/\1/p' "$f")
  node=$(sed -n 's/^#SBATCH --nodelist=//p' "$f")
  case "$pe:$node" in 0:big01 | 1:small01) ok_n=$((ok_n + 1)) ;; esac
done
expect_eq "$ok_n" 3 "each task on its PE's node (PE 0: big01, PE 1: small01)"
bad=0
for f in "$T_DIR"/pex/task-*.sh; do
  pe=$(sed -n 's/^# Task .*: PE \([0-9]*\).*/\1/p' "$f")
  for k in $(sed -n 's/^#SBATCH --cpu-freq=//p; s/.*frequency-set -f \([0-9]*\).*/\1/p' "$f"); do
    case "$pe:$k" in 0:3000000 | 0:1500000 | 1:2000000 | 1:1000000) ;; *) bad=1 ;; esac
  done
done
expect_eq "$bad" 0 "every kHz is from the table of the PE's class"
run export --slurm "$T_DIR/pdoc.json" -o "$T_DIR/pex2" --nodes x --origin now
expect_rc 2 "--nodes and the platform's nodes"
expect_err 'give one' "the error says to give one"
sed 's/, "nodes": "small01"//' "$T_DIR/plat.json" >"$T_DIR/plat2.json"
sed "s|$T_DIR/plat.json|$T_DIR/plat2.json|" "$T_DIR/pdoc.json" >"$T_DIR/pdoc2.json"
run export --slurm "$T_DIR/pdoc2.json" -o "$T_DIR/pex3" --origin now
expect_rc 2 "a class without nodes while another has them"
expect_err "class 'small' names no nodes" "the error names the class"
sed 's/"cpu_freq_khz": \[2000000, 1000000\]/"cpu_freq_khz": [2000000]/' "$T_DIR/plat.json" >"$T_DIR/plat3.json"
run heuristic $FX/three.stg --platform "$T_DIR/plat3.json" --prices flat --extension 1
expect_rc 2 "a kHz table of the wrong length is a platform error"
expect_err 'classes\[1\].cpu_freq_khz: needs a list of kHz, one per frequency above 0 \(2\)' "the error names the key"
sed 's/"nodes": \["big01"\]/"nodes": ["big01", "big02"]/' "$T_DIR/plat.json" >"$T_DIR/plat4.json"
run heuristic $FX/three.stg --platform "$T_DIR/plat4.json" --prices flat --extension 1
expect_rc 2 "two node names for a class of one PE"
expect_err 'classes\[0\].nodes: needs 1 node names' "the error names the key and the count"

finish
