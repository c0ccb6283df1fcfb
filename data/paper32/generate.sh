#!/bin/sh
# Regenerate the 32 small task graphs of `ecsched reproduce` (data/paper32/)
# with the project's own generator: graph k = 0..31 has n = 8 + floor(24 k /
# 31) tasks (8 to 32), Kasahara's "sameprob" method, work uniform in 1..10,
# about 2 predecessors per task, seed 2017 + k.  `ecsched generate` gives the
# same bytes on every machine, so this rewrites the bundled files exactly.
# Usage: sh data/paper32/generate.sh [ECSCHED [DIR]]
#        (defaults: bin/ecsched, this directory)
set -eu
exe=${1:-bin/ecsched}
dir=${2:-$(dirname "$0")}
k=0
while [ $k -lt 32 ]; do
  n=$((8 + 24 * k / 31))
  "$exe" generate --tasks $n --seed $((2017 + k)) --method sameprob \
    -o "$dir/$(printf 'g%02d_n%02d.stg' "$k" "$n")"
  k=$((k + 1))
done
