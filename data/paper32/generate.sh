#!/bin/sh
# Regenerate the 32 small task graphs of `ecsched reproduce` (data/paper32/).
# Deterministic: the same files on every machine (Park-Miller LCG, exact in double
# arithmetic only, no awk rand()).  Kasahara's "sameprob" method: every
# pair i < j of real tasks gets an edge with probability 4 / (n - 1)
# (about 2 predecessors per task on average), work uniform in 1..10;
# dummy entry 0 and exit n + 1 as in the STG set.  Graph k = 0..31 has
# n = 8 + floor(24 k / 31) real tasks (8 to 32) and seed k + 1.
# Usage: sh data/paper32/generate.sh [DIR]   (default: this directory)
set -eu
dir=${1:-$(dirname "$0")}
k=0
while [ $k -lt 32 ]; do
  n=$((8 + 24 * k / 31))
  name=$(printf 'g%02d_n%02d.stg' "$k" "$n")
  awk -v n=$n -v seed=$((k + 1)) -v k=$k 'function rnd(m) {  # 0..m-1
      x = (x * 16807) % 2147483647; return int(x / 64) % m }
    BEGIN {
      x = seed; for (i = 0; i < 5; i++) rnd(2)
      thr = int(4 * 10000 / (n - 1)); if (thr > 10000) thr = 10000
      for (j = 1; j <= n; j++) { w[j] = 1 + rnd(10); np[j] = 0; ns[j] = 0 }
      edges = 0
      for (j = 2; j <= n; j++) for (i = 1; i < j; i++)
        if (rnd(10000) < thr) { np[j]++; p[j, np[j]] = i; ns[i]++; edges++ }
      printf "%11d\n", n
      printf "%11d%11d%11d\n", 0, 0, 0
      cp = 0
      for (j = 1; j <= n; j++) {
        if (np[j] == 0) { line = sprintf("%11d%11d%11d%11d", j, w[j], 1, 0); top[j] = w[j] }
        else {
          line = sprintf("%11d%11d%11d", j, w[j], np[j]); best = 0
          for (q = 1; q <= np[j]; q++) { line = line sprintf("%11d", p[j, q]); if (top[p[j, q]] > best) best = top[p[j, q]] }
          top[j] = best + w[j]
        }
        if (top[j] > cp) cp = top[j]
        print line; sum += w[j]
      }
      m = 0; line = ""
      for (j = 1; j <= n; j++) if (ns[j] == 0) { m++; line = line sprintf("%11d", j) }
      printf "%11d%11d%11d%s\n", n + 1, 0, m, line
      printf "# ecsched data/paper32/generate.sh: graph %d, sameprob, seed %d\n", k, seed
      printf "#   Edges             : %d\n", edges
      printf "#   Total work        : %d\n", sum
      printf "# CP Length           : %d\n", cp
      printf "# Parallelism         : %.6f\n", sum / cp
    }' > "$dir/$name"
  k=$((k + 1))
done
