#!/bin/sh
# Benchmark of the extended model (issue 26) through the command line:
# `solve` and `heuristic --mode local` on data/paper32 (32 graphs of 8 to 32
# tasks) on three platforms made from the bundled examples (data/platforms):
#   classes  two classes at one site, half fast (speed 2f, 2400..700 W, idle
#            400 W) and half slow (speed f, 500 f^2 W, idle 60 W), DE-LU
#            prices of 2018-10-01, no solar, no cap;
#   sites    two sites in two time zones (Tallinn, Frankfurt), one class
#            each, half the PEs each;
#   solar    `classes` with 10 kW of solar (the German PV profile of the
#            same day), no cap;
# HET_PES PEs in all (default "4 8"), E = 0.2 over the list schedule on the
# classes, solve --time-limit HET_LIMIT (default 60).  HET_VARIANTS picks
# platforms (default "classes sites solar"), HET_GRAPHS how many graphs
# (default 32).  Rows to bench/results/hetero.csv, a summary per variant
# and P to stdout: proven optimal, median and largest time, and local's
# mean distance above the proven optimum.
set -u
: "${ECSCHED:=bin/ecsched}"
: "${HET_PES:=4 8}" "${HET_LIMIT:=60}" "${HET_VARIANTS:=classes sites solar}"
: "${HET_GRAPHS:=32}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plat=data/platforms
# platform FILE for VARIANT and P
make_platform() {
  half=$(($2 / 2))
  case $1 in
    classes) jq --argjson h "$half" 'del(.sites[0].sources) | del(.sites[0].power_cap_kw)
               | .classes[0].count = $h | .classes[1].count = $h' "$plat/solar_two_class.json" ;;
    solar) jq --argjson h "$half" 'del(.sites[0].power_cap_kw)
               | .classes[0].count = $h | .classes[1].count = $h' "$plat/solar_two_class.json" ;;
    sites) jq --argjson h "$half" '.classes[0].count = $h | .classes[1].count = $h' "$plat/two_sites.json" ;;
  esac > "$tmp/$1_$2.json"
  # relative paths of the examples stay valid beside them
  cp "$tmp/$1_$2.json" "$plat/.bench_$1_$2.json"
  echo "$plat/.bench_$1_$2.json"
}
key() { jq -r "$2 // \"null\"" "$1" 2>/dev/null; }
out=bench/results/hetero.csv
echo "variant,pes,graph,tasks,deadline,status,cost,bound,gap,runtime_s,local_cost,local_s" > "$out"
for v in $HET_VARIANTS; do
  for P in $HET_PES; do
    pf=$(make_platform "$v" "$P")
    k=0
    for g in data/paper32/*.stg; do
      [ $k -lt "$HET_GRAPHS" ] || break
      k=$((k + 1))
      "$ECSCHED" solve "$g" --platform "$pf" --extension 0.2 \
        --time-limit "$HET_LIMIT" --json -o "$tmp/s.json" >/dev/null 2>"$tmp/err" ||
        [ -s "$tmp/s.json" ] || { echo "$v P=$P $g: $(head -1 "$tmp/err")"; continue; }
      "$ECSCHED" heuristic "$g" --mode local --platform "$pf" --extension 0.2 \
        --json -o "$tmp/l.json" >/dev/null 2>&1
      echo "$v,$P,$(basename "$g" .stg),$(key "$tmp/s.json" .graph.tasks),$(key "$tmp/s.json" .deadline),$(key "$tmp/s.json" .status),$(key "$tmp/s.json" .cost),$(key "$tmp/s.json" .bound),$(key "$tmp/s.json" .gap),$(key "$tmp/s.json" .runtime_s),$(key "$tmp/l.json" .cost),$(key "$tmp/l.json" .runtime_s)" >> "$out"
      rm -f "$tmp/s.json" "$tmp/l.json"
    done
    rm -f "$pf"
  done
done
awk -F, 'NR > 1 { key = $1 " P=" $2; n[key]++; if ($6 == "optimal") { o[key]++; if ($7 != 0) { d = ($11 - $7) / ($7 < 0 ? -$7 : $7); ls[key] += d; lc[key]++ } }
                  t[key, n[key]] = $10; if ($10 > mx[key]) mx[key] = $10 }
         END { printf "%-12s %5s %7s %9s %9s %12s\n", "platform", "runs", "optimal", "median s", "max s", "local above"
               for (k in n) { m = n[k]; for (i = 1; i <= m; i++) a[i] = t[k, i]
                 for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
                 med = m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
                 printf "%-12s %5d %7d %9.2f %9.2f %11.2f%%\n", k, m, o[k], med, mx[k], lc[k] ? 100 * ls[k] / lc[k] : 0 } }' "$out"
