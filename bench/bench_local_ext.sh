#!/bin/sh
# Local search on the extended model against proven optima (issue 37):
# `heuristic --mode local` on data/paper32 (32 graphs of 8 to 32 tasks),
# E = 0.2 over the list schedule on the classes, P = LE_PES (default
# "4 8") PEs, on six platforms:
#   classes  two classes at one site (bench_hetero.sh's `classes`),
#   sites    Tallinn and Frankfurt (bench_hetero.sh's `sites`),
#   solar    two classes, 10 kW of solar (bench_hetero.sh's `solar`),
#   classes3 three classes at one site: fast (speed 2, 2400..700 W, idle
#            400 W), mid (speed 1.5, 1200 f^2 W, idle 150 W), slow (speed 1,
#            500 f^2 W, idle 60 W); DE-LU prices of 2018-10-01;
#   sites3   three sites on three markets, one UTC grid: Tallinn (EE
#            2023-07-16), Frankfurt (DE-LU 2024-05-06), Aarhus (DK1
#            2024-12-12); one class each (400 f^2 W, idle 50 W);
#   green    two classes at one site with 10 kW of solar and 4 kW of wind
#            (German PV and wind profiles of 2018-10-01, OPSD) and a cap at
#            60 % of the peak draw (3.5 kW at P = 4, 7 kW at P = 8).
# The optima come from bench/results/local_ext_optima.csv (a cache:
# variant,pes,graph,deadline,status,cost,bound,limit_s): the rows of
# `classes`, `sites`, `solar` from bench_hetero.sh's solve at 60 s
# (hetero.csv), the others from `solve --time-limit LE_OPT_LIMIT`
# (default 60) run by this script for the cases not in the cache
# (LE_OPT=1).  Only proven cases (status optimal) are compared; a cached
# row whose deadline is not the one the command computes now (the base
# schedule changed since) is "stale" and not compared (rows appended to
# the cache with the new deadline replace it: the last row counts).
# LE_VARIANTS picks platforms, LE_SKIP and LE_GRAPHS which graphs (the
# LE_GRAPHS after the first LE_SKIP; default all 32), LE_SEED local's seed
# (default 1), LE_TIME_LIMIT local's --time-limit (default: none given, the
# command's 10 s); LE_OPT_ONLY=1 fills the cache and runs no local search.
# Every solver run under `flock LE_LOCK` (default /work/bench.lock, one
# case per lock; empty: none, for a caller that holds it).  Rows to
# LE_OUT (default bench/results/local_ext.csv; LE_APPEND=1 appends), a
# summary per platform and P of all its rows to stdout.
set -u
: "${ECSCHED:=bin/ecsched}"
: "${LE_PES:=4 8}" "${LE_VARIANTS:=classes sites solar classes3 sites3 green}"
: "${LE_TIME_LIMIT:=}" "${LE_GRAPHS:=32}" "${LE_SKIP:=0}" "${LE_OPT_ONLY:=}" "${LE_APPEND:=}" "${LE_OPT:=}" "${LE_OPT_LIMIT:=60}" "${LE_SEED:=1}"
LE_LOCK=${LE_LOCK-/work/bench.lock}
: "${LE_OUT:=bench/results/local_ext.csv}"
data=${ECSCHED_SHARED_DATA:-../shared/data}
opsd=$data/prices/raw/opsd_time_series_60min_singleindex_filtered_2018-09-30_2018-10-01.csv
for f in "$opsd" "$data/prices/dk1_2024-12-12_hourly.csv"; do
  [ -f "$f" ] || { echo "skipped: $f not found (set ECSCHED_SHARED_DATA)"; exit 0; }
done
lock() { if [ -n "$LE_LOCK" ]; then flock "$LE_LOCK" "$@"; else "$@"; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plat=data/platforms
cp "$plat"/*.csv "$tmp/"
cp "$data/prices/dk1_2024-12-12_hourly.csv" "$data/prices/de_lu_2024-05-06_to_2024-05-12_hourly.csv" "$tmp/"
# 2018-10-01 (local): the 23 priced hours with the solar and wind profiles
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "DE_LU_price_day_ahead") p = i; if ($i == "DE_solar_profile") s = i; if ($i == "DE_wind_profile") w = i }
                   print "utc_timestamp,DE_solar_profile,DE_wind_profile,DE_LU_price_day_ahead"; next }
         $1 >= "2018-09-30T23" && $p != "" { print $1 "," $s "," $w "," $p }' "$opsd" > "$tmp/opsd_wind.csv"
# the platform file of VARIANT with P PEs (its path on stdout)
make_platform() {
  h=$(($2 / 2))
  f=$tmp/$1_$2.json
  case $1 in
    classes) jq --argjson h "$h" 'del(.sites[0].sources) | del(.sites[0].power_cap_kw)
               | .classes[0].count = $h | .classes[1].count = $h' "$plat/solar_two_class.json" ;;
    solar) jq --argjson h "$h" 'del(.sites[0].power_cap_kw)
               | .classes[0].count = $h | .classes[1].count = $h' "$plat/solar_two_class.json" ;;
    sites) jq --argjson h "$h" '.sites[1].prices.file = "de_lu_2024-05-06_to_2024-05-12_hourly.csv"
               | .classes[0].count = $h | .classes[1].count = $h' "$plat/two_sites.json" ;;
    classes3)
      a=$(($2 / 3 + ($2 % 3 > 0))); b=$(($2 / 3 + ($2 % 3 > 1))); c=$(($2 / 3))
      jq --argjson a "$a" --argjson b "$b" --argjson c "$c" 'del(.sites[0].sources) | del(.sites[0].power_cap_kw)
               | .classes = [.classes[0] + {count: $a},
                             {name: "mid", count: $b, speed: 1.5, watts: {quadratic: 1200}, idle_watts: 150},
                             .classes[1] + {count: $c}]' "$plat/solar_two_class.json" ;;
    sites3)
      a=$(($2 / 3 + ($2 % 3 > 0))); b=$(($2 / 3 + ($2 % 3 > 1))); c=$(($2 / 3))
      jq --argjson a "$a" --argjson b "$b" --argjson c "$c" '.sites += [{name: "aarhus", prices: {file: "dk1_2024-12-12_hourly.csv", start: "2024-12-12T00:00Z", unit: "EUR/MWh"}}]
               | .sites[1].prices.file = "de_lu_2024-05-06_to_2024-05-12_hourly.csv"
               | .classes = [.classes[0] + {count: $a}, .classes[1] + {count: $b},
                             {name: "dk", count: $c, site: "aarhus", speed: 1, watts: {quadratic: 400}, idle_watts: 50}]' "$plat/two_sites.json" ;;
    green)
      cap=$(awk -v p="$2" 'BEGIN { print 0.6 * (p / 2) * (2.4 + 0.5) }')
      jq --argjson h "$h" --argjson cap "$cap" '.sites[0].sources = [
                 {name: "solar", file: "opsd_wind.csv", column: "DE_solar_profile", time_column: "utc_timestamp", scale: 10, price: 0},
                 {name: "wind", file: "opsd_wind.csv", column: "DE_wind_profile", time_column: "utc_timestamp", scale: 4, price: 0}]
               | .sites[0].power_cap_kw = $cap
               | .classes[0].count = $h | .classes[1].count = $h' "$plat/solar_two_class.json" ;;
  esac > "$f"
  echo "$f"
}
key() { jq -r "$2 // \"null\"" "$1" 2>/dev/null; }
cache=bench/results/local_ext_optima.csv
if [ ! -f "$cache" ]; then
  echo "variant,pes,graph,deadline,status,cost,bound,limit_s" > "$cache"
  # bench_hetero.sh's solve at 60 s on the same platforms and deadlines
  awk -F, 'NR > 1 { print $1 "," $2 "," $3 "," $5 "," $6 "," $7 "," $8 ",60" }' bench/results/hetero.csv >> "$cache"
fi
[ -n "$LE_APPEND" ] && [ -f "$LE_OUT" ] ||
  echo "variant,pes,graph,tasks,deadline,opt_status,opt_cost,cost,over_opt_pct,runtime_s,cpu_s,kicks,stop" > "$LE_OUT"
for v in $LE_VARIANTS; do
  for P in $LE_PES; do
    pf=$(make_platform "$v" "$P")
    k=0
    for g in data/paper32/*.stg; do
      k=$((k + 1))
      [ $k -gt "$LE_SKIP" ] || continue
      [ $k -le $((LE_SKIP + LE_GRAPHS)) ] || break
      name=$(basename "$g" .stg)
      row=$(awk -F, -v v="$v" -v p="$P" -v g="$name" '$1 == v && $2 == p && $3 == g' "$cache" | tail -1)
      if [ -z "$row" ] && [ -n "$LE_OPT" ]; then
        lock "$ECSCHED" solve "$g" --platform "$pf" --extension 0.2 \
          --time-limit "$LE_OPT_LIMIT" --json -o "$tmp/s.json" >/dev/null 2>"$tmp/err" ||
          [ -s "$tmp/s.json" ] || { echo "$v P=$P $g: $(head -1 "$tmp/err")"; continue; }
        row="$v,$P,$name,$(key "$tmp/s.json" .deadline),$(key "$tmp/s.json" .status),$(key "$tmp/s.json" .cost),$(key "$tmp/s.json" .bound),$LE_OPT_LIMIT"
        echo "$row" >> "$cache"
        rm -f "$tmp/s.json"
      fi
      [ -n "$row" ] && [ -z "$LE_OPT_ONLY" ] || continue
      lock "$ECSCHED" heuristic "$g" --mode local --platform "$pf" --extension 0.2 \
        --seed "$LE_SEED" ${LE_TIME_LIMIT:+--time-limit "$LE_TIME_LIMIT"} --json -o "$tmp/l.json" >/dev/null 2>"$tmp/err" ||
        { echo "$v P=$P $g: local: $(head -1 "$tmp/err")"; exit 1; }
      "$ECSCHED" validate "$g" "$tmp/l.json" --platform "$pf" >/dev/null 2>&1 ||
        { echo "$v P=$P $g: local's schedule fails validate"; exit 1; }
      echo "$row" | awk -F, -v n="$(key "$tmp/l.json" .graph.tasks)" -v d="$(key "$tmp/l.json" .deadline)" \
        -v c="$(key "$tmp/l.json" .cost)" -v t="$(key "$tmp/l.json" .runtime_s)" -v cpu="$(key "$tmp/l.json" .context.cpu_s)" \
        -v kk="$(key "$tmp/l.json" .local_kicks)" -v st="$(key "$tmp/l.json" .local_stop)" \
        '{ if ($4 != d) { print $1 " P=" $2 " " $3 ": deadline " d " differs from the cache (" $4 "): stale, not compared" > "/dev/stderr"; $5 = "stale" }
           over = $5 == "optimal" ? sprintf("%.4f", 100 * (c - $6) / ($6 < 0 ? -$6 : $6)) : ""
           print $1 "," $2 "," $3 "," n "," d "," $5 "," $6 "," c "," over "," t "," cpu "," kk "," st }' >> "$LE_OUT" || exit 1
      rm -f "$tmp/l.json"
    done
  done
done
# per platform and P: proven cases, local over the optimum (mean, max, at
# it), wall seconds (under 1 s, mean, max) and CPU seconds (under 1 s, max)
awk -F, 'NR > 1 { k = $1 " P=" $2; n[k]++; t[k] += $10; if ($10 > mt[k]) mt[k] = $10; if ($10 < 1) fast[k]++
                  if ($11 < 1) cfast[k]++; if ($11 > mc[k]) mc[k] = $11
                  if ($6 == "optimal") { o[k]++; s[k] += $9; if ($9 > m[k]) m[k] = $9; if ($9 < 1e-6) eq[k]++ } }
         END { printf "%-12s %5s %7s %10s %10s %7s %8s %8s %8s %9s %8s\n", "platform", "runs", "proven", "mean over", "max over", "at opt", "wall<1s", "mean s", "max s", "cpu<1s", "max cpu"
               for (k in n) printf "%-12s %5d %7d %9.3f%% %9.3f%% %7d %8d %8.3f %8.3f %9d %8.3f\n", k, n[k], o[k], o[k] ? s[k] / o[k] : 0, m[k], eq[k], fast[k], t[k] / n[k], mt[k], cfast[k], mc[k] }' "$LE_OUT" | sort
