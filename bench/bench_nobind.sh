#!/bin/sh
# Benchmark of what cannot bind (issue 37; in docs/MODEL.md:
# "What cannot bind"): `solve` on data/paper32, each case three times:
#   plain  the platform as it is;
#   zero   plus a source of zero volume (paper: --green of zeros; classes:
#          the bundled solar profile at scale 0);
#   cap    plus a power cap far above the peak draw (1000 kW).
# Platforms (NB_PLATFORMS, default "paper classes"): paper (-p P --watts
# 400) and classes (data/platforms/solar_two_class.json without its solar
# and cap, half the PEs fast, half slow).  NB_PES PEs (default "2 4"),
# NB_GRAPHS graphs (default 32), solve --time-limit NB_LIMIT (default 20);
# the plain run at E = 0.2, the other two at its D' (--deadline).
# Rows to bench/results/nobind.csv (NB_OUT; money: the cost in EUR, one unit
# for the paper's flags and the extended model), a summary per platform, P
# and variant to stdout: proven, median and largest time, and how many runs
# give the plain run's money to 1e-9 relative.  NB_APPEND=1 appends to
# NB_OUT (a long series split into several runs); the summary reads it all.
set -u
: "${ECSCHED:=bin/ecsched}"
: "${NB_PES:=2 4}" "${NB_LIMIT:=20}" "${NB_PLATFORMS:=paper classes}"
: "${NB_GRAPHS:=32}" "${NB_OUT:=bench/results/nobind.csv}"
tmp=$(mktemp -d)
plat=data/platforms
trap 'rm -rf "$tmp"; rm -f "$plat"/.bench_nb_*.json' EXIT
# zeros over the built-in prices' day (epex-2016-10-19), hourly
echo "hour,kwh" > "$tmp/zero.csv"
for h in 00 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20 21 22 23; do
  echo "2016-10-19T$h:00+02:00,0" >> "$tmp/zero.csv"
done
# the classes platform for VARIANT and P (beside the examples: their
# relative paths stay valid)
classes_platform() {
  half=$(($2 / 2))
  f="$plat/.bench_nb_$1_$2.json"
  case $1 in
    plain) jq --argjson h "$half" 'del(.sites[0].sources) | del(.sites[0].power_cap_kw)
             | .classes[0].count = $h | .classes[1].count = $h' "$plat/solar_two_class.json" ;;
    zero) jq --argjson h "$half" '.sites[0].sources[0].scale = 0 | del(.sites[0].power_cap_kw)
             | .classes[0].count = $h | .classes[1].count = $h' "$plat/solar_two_class.json" ;;
    cap) jq --argjson h "$half" 'del(.sites[0].sources) | .sites[0].power_cap_kw = 1000
             | .classes[0].count = $h | .classes[1].count = $h' "$plat/solar_two_class.json" ;;
  esac > "$f"
  echo "$f"
}
key() { jq -r "$2 // \"null\"" "$1" 2>/dev/null; }
[ "${NB_APPEND:-0}" = 1 ] ||
  echo "platform,pes,variant,graph,status,money,bound,gap,runtime_s,mode" > "$NB_OUT"
# one case: platform, P, variant, graph, deadline flags
run_case() {
  case $1 in
    paper)
      case $3 in
        plain) set -- "$@" -p "$2" --watts 400 ;;
        zero) set -- "$@" -p "$2" --watts 400 --green "$tmp/zero.csv" ;;
        cap) set -- "$@" -p "$2" --watts 400 --power-cap 1000 ;;
      esac ;;
    classes) set -- "$@" --platform "$(classes_platform "$3" "$2")" ;;
  esac
  pl=$1 P=$2 v=$3 g=$4
  shift 4
  "$ECSCHED" solve "$g" "$@" --time-limit "$NB_LIMIT" \
    --json -o "$tmp/s.json" >/dev/null 2>"$tmp/err" ||
    [ -s "$tmp/s.json" ] || { echo "$pl P=$P $v $g: $(head -1 "$tmp/err")"; return 1; }
  echo "$pl,$P,$v,$(basename "$g" .stg),$(key "$tmp/s.json" .status),$(key "$tmp/s.json" .cost_money),$(key "$tmp/s.json" .bound),$(key "$tmp/s.json" .gap),$(key "$tmp/s.json" .runtime_s),$(key "$tmp/s.json" .mode)" >> "$NB_OUT"
}
for pl in $NB_PLATFORMS; do
  for P in $NB_PES; do
    k=0
    for g in data/paper32/*.stg; do
      [ $k -lt "$NB_GRAPHS" ] || break
      k=$((k + 1))
      # the plain run's D' for all three (the paper's flags take M from
      # the makespan search, a platform's extended model from the list
      # schedule: the same --extension could give two deadlines)
      run_case "$pl" "$P" plain "$g" --extension 0.2 || continue
      d=$(key "$tmp/s.json" .deadline)
      rm -f "$tmp/s.json"
      for v in zero cap; do
        run_case "$pl" "$P" "$v" "$g" --deadline "$d"
        rm -f "$tmp/s.json"
      done
    done
  done
done
{
printf "%-22s %5s %7s %9s %9s %10s\n" "platform P variant" runs optimal "median s" "max s" "same money"
awk -F, 'NR > 1 { k = $1 " P=" $2 " " $3; n[k]++; o[k] += $5 == "optimal"
                  t[k, n[k]] = $9; if ($9 > mx[k]) mx[k] = $9
                  if ($3 == "plain") c[$1, $2, $4] = $6
                  else if (c[$1, $2, $4] != "" && (($6 - c[$1, $2, $4]) ^ 2) <= 1e-18 * (c[$1, $2, $4] ^ 2 + 1)) same[k]++ }
         END { for (k in n) { m = n[k]; for (i = 1; i <= m; i++) a[i] = t[k, i]
                 for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
                 med = m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
                 printf "%-22s %5d %7d %9.3f %9.3f %10s\n", k, m, o[k], med, mx[k], k ~ /plain$/ ? "-" : same[k] + 0 } }' "$NB_OUT" | sort
}
