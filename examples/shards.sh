#!/bin/sh
#SBATCH --array=1-16
#SBATCH --cpus-per-task=8
#SBATCH --time=12:00:00
bin/ecsched batch graphs/*.stg -p 2,4,8,16 --extension 0,0.05,0.2 \
  --prices epex-2016-10-19,flat,alternating --methods base,sweep,binary,milp \
  --time-limit 300 -j "$SLURM_CPUS_PER_TASK" \
  --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
  --out "results/shard-$SLURM_ARRAY_TASK_ID.jsonl"
