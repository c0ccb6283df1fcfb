#!/bin/sh
# Benchmark of the extended model on platforms of issue 37
# (bench/platforms): `solve --time-limit EXT_LIMIT` (default 30) on
# data/paper32 at E = 0.2 over the list schedule on the classes:
#   mix     one site, three classes (fast, mid, slow: 1/4, 1/4, 1/2 of
#           the PEs), 10 kW of solar at 0 and 6 kW of wind at 20 EUR/MWh
#           (OPSD profiles of 2018-10-01), a cap of 0.7 kW per PE that
#           binds (the peak draw is about 1.1 kW per PE);
#   three   three sites on three markets (Tallinn, Frankfurt, Aarhus), one
#           class each (1/4, 1/4, 1/2 of the PEs);
#   solar   the bundled data/platforms/solar_two_class.json without its cap,
#           half the PEs fast (as bench_peers37.sh's).
# EXT_PES PEs (default "4 8"), EXT_VARIANTS (default "mix three"),
# EXT_GRAPHS graphs (default 32) after the first EXT_SKIP (default 0: a
# long series split into locked invocations).  Rows to EXT_OUT (default
# bench/results/ext37.csv; EXT_APPEND=1 appends), a summary per variant
# and P to stdout: proven optimal, median and largest time, largest gap.
set -u
: "${ECSCHED:=bin/ecsched}"
: "${EXT_PES:=4 8}" "${EXT_LIMIT:=30}" "${EXT_VARIANTS:=mix three}"
: "${EXT_GRAPHS:=32}" "${EXT_SKIP:=0}" "${EXT_OUT:=bench/results/ext37.csv}"
tmp=$(mktemp -d)
plat=bench/platforms
trap 'rm -rf "$tmp"; rm -f "$plat"/.bench_ext_*.json data/platforms/.bench_ext_*.json' EXIT
# platform FILE for VARIANT and P (beside the originals: relative paths
# stay valid)
ext_platform() {
  q=$(($2 / 4)) h=$(($2 - 2 * ($2 / 4)))
  f="$plat/.bench_ext_$1_$2.json"
  [ "$1" != solar ] || f="data/platforms/.bench_ext_$1_$2.json"
  case $1 in
    mix) jq --argjson q "$q" --argjson h "$h" --argjson cap "$(echo "$2" | awk '{ print 0.7 * $1 }')" \
           '.classes[0].count = $q | .classes[1].count = $q | .classes[2].count = $h
            | .sites[0].power_cap_kw = $cap' "$plat/mix.json" ;;
    three) jq --argjson q "$q" --argjson h "$h" \
           '.classes[0].count = $q | .classes[1].count = $q | .classes[2].count = $h' "$plat/three_sites.json" ;;
    solar) jq --argjson h "$(($2 / 2))" 'del(.sites[0].power_cap_kw)
           | .classes[0].count = $h | .classes[1].count = $h' data/platforms/solar_two_class.json ;;
  esac > "$f"
  echo "$f"
}
key() { jq -r "$2 // \"null\"" "$1" 2>/dev/null; }
[ "${EXT_APPEND:-0}" = 1 ] ||
  echo "variant,pes,graph,tasks,deadline,status,cost,bound,gap,runtime_s,mode" > "$EXT_OUT"
for v in $EXT_VARIANTS; do
  for P in $EXT_PES; do
    pf=$(ext_platform "$v" "$P")
    k=0
    for g in data/paper32/*.stg; do
      k=$((k + 1))
      [ $k -gt "$EXT_SKIP" ] || continue
      [ $k -le $((EXT_SKIP + EXT_GRAPHS)) ] || break
      "$ECSCHED" solve "$g" --platform "$pf" --extension 0.2 \
        --time-limit "$EXT_LIMIT" --json -o "$tmp/s.json" >/dev/null 2>"$tmp/err" ||
        [ -s "$tmp/s.json" ] || { echo "$v P=$P $g: $(head -1 "$tmp/err")"; continue; }
      echo "$v,$P,$(basename "$g" .stg),$(key "$tmp/s.json" .graph.tasks),$(key "$tmp/s.json" .deadline),$(key "$tmp/s.json" .status),$(key "$tmp/s.json" .cost),$(key "$tmp/s.json" .bound),$(key "$tmp/s.json" .gap),$(key "$tmp/s.json" .runtime_s),$(key "$tmp/s.json" .mode)" >> "$EXT_OUT"
      rm -f "$tmp/s.json"
    done
  done
done
printf "%-12s %5s %7s %9s %9s %9s\n" platform runs optimal "median s" "max s" "max gap"
awk -F, 'NR > 1 { k = $1 " P=" $2; n[k]++; o[k] += $6 == "optimal"
                  t[k, n[k]] = $10; if ($10 > mx[k]) mx[k] = $10; if ($9 > mg[k]) mg[k] = $9 }
         END { for (k in n) { m = n[k]; for (i = 1; i <= m; i++) a[i] = t[k, i]
                 for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
                 med = m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
                 printf "%-12s %5d %7d %9.2f %9.2f %8.3f%%\n", k, m, o[k], med, mx[k], 100 * mg[k] } }' "$EXT_OUT" | sort
