#!/bin/sh
# Slurm for real: the `sbatch --array` recipe examples/shards.sh on a one-node Slurm.
#
# Installs Debian's slurm-wlm and munge (as root, through apt) when missing,
# writes a one-node slurm.conf (localhost, 1 CPU so that the array tasks run
# one at a time, no cgroups: proctrack/linuxproc, task/none, no accounting),
# starts its own munged, slurmctld and slurmd (private sockets, ports, spool
# and state directories under a scratch directory), then:
#   1. takes the shipped recipe, examples/shards.sh (docs/reference.md shows
#      it between the slurm-recipe markers), and submits it verbatim: `sbatch --array=1-4 --cpus-per-task=1`, on 4
#      generated 20-task graphs (16 units of graph and P, 576 cases; the
#      MILP proves every optimum, so the results do not depend on timing);
#   2. cancels the first array task seen running with some cases recorded,
#      waits for the others, and finds the shards incomplete;
#   3. resubmits the same array (the documented way to resume) and waits;
#   4. runs the same grid locally with `batch -j 2` and checks that
#      `report --strict` accepts both, that their reports (--csv, runtime
#      rows dropped) are equal, and that every case has the same status and
#      cost to the digit;
#   5. checks that the cancelled shard resumed from its recorded cases,
#      shows the slurmd log lines of the array tasks it ran (4 of them, plus
#      the resubmission);
#   6. exports schedules with `ecsched export --slurm` (a 1-PE schedule
#      written by hand with a wait at f = 0, tests/fixtures/export/
#      chain.json; solve's schedule of a DOT graph with a task without
#      work between two; solve's schedule of a generated 6-task graph on 1
#      PE), durations scaled to seconds (--time-scale), slot 0 a few
#      seconds after submission (--origin now+S), the frequency switches
#      logged by --freq-command; runs submit.sh, waits, and checks from
#      the job completion log (JobCompType=jobcomp/filetxt: sacct needs
#      slurmdbd, which this test does not run) that every job completed,
#      started no earlier than its --begin and after its predecessors'
#      jobs ended, and that the wrappers ran every switch; then stops the
#      daemons it started.
# sched_interval=1: Slurm looks at jobs whose --begin has come once per
# scheduling pass (60 s by default), which would make a job of 2-second
# slots a minute late.
# Prints ok/not ok/skip lines like tests/cli; exit 1 on a failure.  Skipped
# (exit 0, with the reason) where Slurm cannot start: not root and no
# Slurm installed, apt unavailable, a daemon that does not come up.
#
# Usage: sh tests/slurm/run.sh   (ECSCHED=path/to/ecsched; default bin/ecsched)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
ECSCHED=${ECSCHED:-$top/bin/ecsched}
N=0 FAIL=0
ok() { N=$((N + 1)); echo "ok $N - slurm: $1"; }
notok() { N=$((N + 1)); FAIL=$((FAIL + 1)); echo "not ok $N - slurm: $1"; }
skip() { echo "skip - slurm: $1"; exit 0; }

[ -x "$ECSCHED" ] || make -s -C "$top" -j2 >/dev/null || { notok "make"; exit 1; }
ECSCHED=$(cd "$(dirname "$ECSCHED")" && pwd)/$(basename "$ECSCHED")
command -v jq >/dev/null 2>&1 || skip "jq missing (make deps)"

if ! command -v slurmctld >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
  [ "$(id -u)" = 0 ] || skip "slurm-wlm and munge are not installed and this is not root"
  command -v apt-get >/dev/null 2>&1 || skip "no apt-get to install slurm-wlm and munge"
  echo "# installing slurm-wlm munge"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge; } \
    >/dev/null 2>&1 || skip "apt-get install slurm-wlm munge failed"
fi
[ "$(id -u)" = 0 ] || skip "the daemons run as root here (SlurmUser=root); not root"

D=$(mktemp -d /tmp/ecsched-slurm.XXXXXX)
chmod 755 "$D"
started=""
cleanup() {
  for p in $started; do kill "$p" 2>/dev/null; done
  for p in $started; do
    i=0; while kill -0 "$p" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.2; i=$((i + 1)); done
    kill -9 "$p" 2>/dev/null
  done
  [ -n "${KEEP:-}" ] || rm -rf "$D"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- munge: its own key, socket and files ------------------------------------
mkdir -p "$D/munge" && chmod 700 "$D/munge"
dd if=/dev/urandom of="$D/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$D/munge/munge.key"
munged --force --key-file="$D/munge/munge.key" --socket="$D/munge/munge.sock" \
  --pid-file="$D/munge/munged.pid" --log-file="$D/munge/munged.log" \
  --seed-file="$D/munge/munged.seed" 2>"$D/munge/start.err" ||
  skip "munged does not start: $(head -c 300 "$D/munge/start.err")"
started="$(cat "$D/munge/munged.pid")"

# ---- slurm.conf: one node, no cgroups ----------------------------------------
mkdir -p "$D/state" "$D/spool" "$D/log"
port=$((16000 + $$ % 4000))
cat >"$D/slurm.conf" <<EOF
ClusterName=ecsched-test
SlurmctldHost=localhost
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$D/munge/munge.sock
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool/%n
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/log/slurmctld.log
SlurmdLogFile=$D/log/slurmd.log
SlurmdDebug=debug
SlurmctldDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$D/jobcomp.txt
SchedulerParameters=sched_interval=1
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MaxArraySize=100
NodeName=localhost NodeAddr=127.0.0.1 CPUs=1 RealMemory=1000 State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
SLURM_CONF=$D/slurm.conf
export SLURM_CONF

slurmctld -i -f "$SLURM_CONF" 2>"$D/log/slurmctld.err" ||
  skip "slurmctld does not start: $(tail -c 300 "$D/log/slurmctld.err")"
i=0; while [ ! -s "$D/slurmctld.pid" ] && [ $i -lt 50 ]; do sleep 0.2; i=$((i + 1)); done
[ -s "$D/slurmctld.pid" ] && started="$started $(cat "$D/slurmctld.pid")"
slurmd -N localhost -f "$SLURM_CONF" 2>"$D/log/slurmd.err" ||
  skip "slurmd does not start: $(tail -c 300 "$D/log/slurmd.err")"
i=0; while [ ! -s "$D/slurmd.pid" ] && [ $i -lt 50 ]; do sleep 0.2; i=$((i + 1)); done
[ -s "$D/slurmd.pid" ] && started="$started $(cat "$D/slurmd.pid")"
i=0
until sinfo -h -N -o '%t' 2>/dev/null | grep -Eq '^(idle|mix|alloc)'; do
  i=$((i + 1))
  if [ $i -gt 150 ]; then
    tail -5 "$D/log/slurmctld.log" "$D/log/slurmd.log" 2>/dev/null
    skip "the node does not come up (sinfo: $(sinfo -h -N 2>&1 | head -1))"
  fi
  sleep 0.2
done
ok "munged, slurmctld and slurmd started (node $(sinfo -h -N -o '%N %t %c CPU'))"

# ---- the recipe, the shipped examples/shards.sh ---------------------------
W=$D/work
mkdir -p "$W/bin" "$W/graphs" "$W/results" "$W/local"
ln -s "$ECSCHED" "$W/bin/ecsched"
cp "$top/examples/shards.sh" "$W/shards.sh"
if head -1 "$W/shards.sh" | grep -q '^#!/bin/sh' && grep -q 'SLURM_ARRAY_TASK_ID' "$W/shards.sh"; then
  ok "the recipe examples/shards.sh ($(wc -l <"$W/shards.sh") lines)"
else
  notok "examples/shards.sh is not a Slurm array script"; exit 1
fi
for s in 1 2 3 4; do
  "$ECSCHED" generate --tasks 20 --seed "$s" -o "$W/graphs/g$s.stg" >/dev/null
done

submit() { # -> job id
  (cd "$W" && sbatch --parsable --array=1-4 --cpus-per-task=1 \
     --output="$W/log-%A_%a.out" shards.sh) | cut -d';' -f1
}
# state of array task K of job J ("" once it has left the queue)
task_state() { squeue -h -r -j "$1" -o '%i %T' 2>/dev/null | sed -n "s/^$1_$2 //p"; }
wait_job() { # JOB: until no task is left in the queue
  i=0
  while [ -n "$(squeue -h -r -j "$1" 2>/dev/null)" ]; do
    i=$((i + 1)); [ $i -lt 3000 ] || return 1; sleep 0.5
  done
}

job=$(submit)
[ -n "$job" ] && ok "sbatch --array=1-4 shards.sh: job $job" || { notok "sbatch"; exit 1; }

# cancel the first array task seen running with some cases recorded (task
# 1 mostly: one CPU runs the tasks one after the other)
i=0 victim=""
while [ -z "$victim" ]; do
  for k in 1 2 3 4; do
    if [ "$(task_state "$job" $k)" = RUNNING ] && [ -s "$W/results/shard-$k.jsonl" ]; then
      victim=$k; break
    fi
  done
  [ -n "$victim" ] && break
  i=$((i + 1))
  if [ $i -gt 3000 ] || [ -z "$(squeue -h -r -j "$job" 2>/dev/null)" ]; then break; fi
  sleep 0.05
done
if [ -n "$victim" ]; then
  scancel "${job}_$victim"
  ok "array task ${job}_$victim cancelled while running ($(wc -l <"$W/results/shard-$victim.jsonl") lines recorded)"
else
  notok "no array task seen running with results recorded"
fi
wait_job "$job" || notok "job $job did not finish"

# the whole grid locally, 2 workers
(cd "$W" && bin/ecsched batch graphs/*.stg -p 2,4,8,16 --extension 0,0.05,0.2 \
   --prices epex-2016-10-19,flat,alternating --methods base,sweep,binary,milp \
   --time-limit 300 -j 2 --out local/all.jsonl) 2>"$D/local.err"
total=$(wc -l <"$W/local/all.jsonl")
[ "$total" -ge 40 ] && ok "local batch -j 2: $total cases" || notok "local batch: $total cases"

sum_lines() { cat "$W"/results/shard-*.jsonl 2>/dev/null | wc -l; }
got=$(sum_lines)
kept=$(wc -l <"$W/results/shard-${victim:-1}.jsonl")
if [ "$got" -lt "$total" ]; then
  ok "after the cancel the shards hold $got of $total cases (shard $victim: $kept)"
else
  notok "the cancel left nothing to resume ($got of $total cases)"
fi

job2=$(submit)
wait_job "$job2" || notok "job $job2 did not finish"
got=$(sum_lines)
[ "$got" -eq "$total" ] && ok "resubmitted array $job2: the shards hold all $total cases" ||
  notok "after the resubmission: $got of $total cases"
for k in 1 2 3 4; do
  [ -f "$W/results/shard-$k.jsonl" ] || notok "no results/shard-$k.jsonl"
done
# the cancelled shard resumed: its batch ran only what was missing
line=$(grep '^batch: .* run now' "$W/log-${job2}_${victim:-1}.out" 2>/dev/null)
case "$line" in
  *", $kept already in "*) ok "shard $victim resumed: $line" ;;
  *) notok "shard $victim did not resume from its $kept cases: '$line'" ;;
esac

# report --strict over the shards and over the local run: the same tables
rep() { "$ECSCHED" report --strict --csv "$@" | grep -v '^runtime,'; }
if rep "$W"/results/shard-*.jsonl >"$D/rep-slurm.csv" 2>"$D/rep.err" &&
   rep "$W/local/all.jsonl" >"$D/rep-local.csv" 2>>"$D/rep.err"; then
  if cmp -s "$D/rep-slurm.csv" "$D/rep-local.csv"; then
    ok "report --strict: the merged shards and the local run give the same report ($(wc -l <"$D/rep-local.csv") rows)"
  else
    notok "report --strict: the reports differ"; diff "$D/rep-slurm.csv" "$D/rep-local.csv" | head -20
  fi
else
  notok "report --strict failed: $(head -3 "$D/rep.err")"
fi
cases() { jq -c '[.graph, .pes, .extension, .prices, .method, .status, .cost, .makespan]' "$@" | sort; }
cases "$W"/results/shard-*.jsonl >"$D/cases-slurm"
cases "$W/local/all.jsonl" >"$D/cases-local"
if cmp -s "$D/cases-slurm" "$D/cases-local"; then
  ok "every case: the same status, cost and makespan on Slurm and locally"
else
  notok "cases differ"; diff "$D/cases-slurm" "$D/cases-local" | head -20
fi

# the array tasks of the first job as slurmd ran them: slurmctld names
# array task A_K as job J ("Allocate JobId=A_K(J)"), slurmd's log says it
# launched J; the task's own output is the batch's summary of its shard
ran=0
for k in 1 2 3 4; do
  j=$(sed -n "s/.*Allocate JobId=${job}_$k(\([0-9]*\)).*/\1/p" "$D/log/slurmctld.log" | head -1)
  line=$(grep "Launching batch job $j for" "$D/log/slurmd.log" | head -1)
  out=$(grep '^batch: ' "$W/log-${job}_$k.out" 2>/dev/null | head -1)
  echo "# array task ${job}_$k = job $j: slurmd: ${line:-none}"
  echo "#   ${out:-no output}"
  [ -n "$j" ] && [ -n "$line" ] && ran=$((ran + 1))
done
if [ "$ran" -eq 4 ]; then
  ok "slurmd ran the 4 array tasks of job $job ($(grep -c 'Launching batch job' "$D/log/slurmd.log") batch jobs launched in all, the resubmission's included)"
else
  notok "slurmd's log shows $ran of the 4 array tasks of job $job"
fi

# ---- export --slurm: a schedule as jobs --------------------------------------
# to_epoch T: the job completion log's local time as seconds since 1970
to_epoch() { date -d "$1" +%s; }
# comp JOB KEY: KEY=value of job JOB in the completion log
comp() { sed -n "s/^JobId=$1 .*\b$2=\([^ ]*\).*/\1/p" "$D/jobcomp.txt" | tail -1; }
# export_run NAME DOC SCALE [FLAGS]: export, submit, wait, check
export_run() {
  name=$1 doc=$2 scale=$3
  shift 3
  X=$D/export-$name
  if ! (cd "$top" && "$ECSCHED" export --slurm "$doc" -o "$X" --time-scale "$scale" \
          --origin now+8 --khz 2000000,1000000 \
          --freq-command 'echo "{khz} $(date +%s) $SLURM_JOB_ID" >>freq.log' "$@") >"$D/export.out" 2>&1; then
    notok "export --slurm $name: $(cat "$D/export.out")"; return
  fi
  njobs=$(($(wc -l <"$X/plan.tsv") - 1))
  if ! sh "$X/submit.sh" >"$D/submit.out" 2>&1; then
    notok "submit.sh of $name: $(cat "$D/submit.out")"; return
  fi
  ok "export --slurm $name: $njobs jobs submitted ($(sed -n '1s/.*plan.tsv), //p' "$D/export.out"))"
  ids=$(sed 1d "$X/jobs.tsv" | cut -f2 | tr '\n' ',')
  i=0
  while [ -n "$(squeue -h -j "${ids%,}" 2>/dev/null)" ]; do
    i=$((i + 1)); [ $i -lt 1200 ] || { notok "$name: the jobs did not finish in 10 minutes"; scancel ${ids%,} 2>/dev/null; return; }
    sleep 0.5
  done
  i=0 # the completion log is written when a job ends
  while [ "$(sed 1d "$X/jobs.tsv" | cut -f2 | while read -r j; do comp "$j" JobState; done | grep -c COMPLETED)" -lt "$njobs" ] && [ $i -lt 20 ]; do
    i=$((i + 1)); sleep 0.5
  done
  bad=0 late=0 checked=0
  while IFS="$(printf '\t')" read -r task job begin end; do
    [ "$task" = task ] && continue
    st=$(comp "$job" JobState) s=$(comp "$job" StartTime) e=$(comp "$job" EndTime)
    if [ "$st" != COMPLETED ]; then
      echo "# $name: task $task (job $job) is ${st:-not in the log}"; bad=$((bad + 1)); continue
    fi
    s=$(to_epoch "$s") e=$(to_epoch "$e")
    if [ "$s" -lt "$begin" ]; then
      echo "# $name: task $task (job $job) started at $s, before its --begin $begin"; bad=$((bad + 1))
    fi
    [ $((s - begin)) -gt "$late" ] && late=$((s - begin))
    preds=$(awk -F'\t' -v t="$task" '$1 == t { print $8 }' "$X/plan.tsv" | tr ',' ' ')
    for pt in $preds; do
      pj=$(awk -F'\t' -v t="$pt" '$1 == t { print $2 }' "$X/jobs.tsv")
      pe=$(to_epoch "$(comp "$pj" EndTime)")
      checked=$((checked + 1))
      if [ "$s" -lt "$pe" ]; then
        echo "# $name: task $task (job $job) started at $s, before its predecessor $pt (job $pj) ended at $pe"; bad=$((bad + 1))
      fi
    done
    echo "# $name: task $task = job $job: begin +$((begin - $(sed -n 2p "$X/jobs.tsv" | cut -f3)))s, started $((s - begin))s after it, ran $((e - s))s (planned $((end - begin))s)"
  done <"$X/jobs.tsv"
  if [ "$bad" -eq 0 ]; then
    ok "$name: all $njobs jobs completed, none before its --begin (at most ${late}s after), none before its predecessors ended ($checked dependencies)"
  else
    notok "$name: $bad violations in the completion log"
  fi
  want=$(grep -c 'at [0-9]*; .*echo\|^  echo ' "$X"/task-*.sh | awk -F: '{ n += $2 } END { print n }')
  got=$(wc -l <"$X/freq.log" 2>/dev/null || echo 0)
  if [ "$got" -eq "$want" ]; then
    ok "$name: the wrappers ran all $want frequency switches ($(grep -l 'setsid' "$X"/task-*.sh | wc -l) wrapped jobs)"
  else
    notok "$name: $got frequency switches logged, the scripts have $want"
  fi
}
# chain: each task ticks every 0.1 s for its span; task 3 (slots 4..7 at
# 2 s a slot) waits in place in slot 5: no tick from ORIGIN + 10.2 s to
# ORIGIN + 11.9 s
export_run chain tests/fixtures/export/chain.json 1800 \
  --command 'end=$(($(date +%s) + {seconds})); while [ "$(date +%s)" -lt "$end" ]; do date +%s%N >>ticks-{id}.log; sleep 0.1; done'
X=$D/export-chain
o=$(sed -n 2p "$X/jobs.tsv" | cut -f3)
if [ -s "$X/ticks-3.log" ]; then
  t=$(awk -v o="$o" '{ t = int($1 / 1e8) - o * 10; if (t < 100) b++; else if (t >= 102 && t < 119) d++; else if (t >= 122) a++ }
        END { printf "%d %d %d", b, d, a }' "$X/ticks-3.log")
  set -- $t
  if [ "$2" -eq 0 ] && [ "$3" -gt 0 ]; then
    ok "chain: task 3 was stopped in its wait (slot 5: no tick of $(wc -l <"$X/ticks-3.log")) and ran on after it ($3 ticks)"
  else
    notok "chain: task 3's ticks: $1 before its wait, $2 during it, $3 after"
  fi
else
  notok "chain: task 3 left no ticks"
fi
# a task without work between two: its job runs between theirs
printf 'digraph g {\n  a [weight=2];\n  z [weight=0];\n  b [weight=1];\n  a -> z;\n  z -> b;\n}\n' >"$D/z.dot"
if "$ECSCHED" solve "$D/z.dot" -p 1 --extension 0.5 --freqs 1,0.5,0 --time-limit 20 \
     -o "$D/z.json" >/dev/null 2>&1; then
  export_run zero-work "$D/z.json" 1800
else
  notok "solve of a graph with a task without work"
fi
"$ECSCHED" generate --tasks 6 --seed 5 -o "$D/g6.stg" >/dev/null
if "$ECSCHED" solve "$D/g6.stg" -p 1 --extension 0.6 --freqs 1,0.5,0 --time-limit 20 \
     -o "$D/g6.json" >/dev/null 2>&1; then
  export_run solve "$D/g6.json" 3600
else
  notok "solve of a 6-task graph for export"
fi

[ "$FAIL" -eq 0 ] && echo "slurm: all passed" || echo "slurm: $FAIL failed (KEEP=1 keeps $D)"
[ "$FAIL" -eq 0 ]
