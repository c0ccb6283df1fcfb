# ecsched prices: built-ins, every shared price file (clean and raw), errors.
. tests/cli/lib.sh

# field VALUE of "KEY  VALUE" in the human output
field() { sed -n "s/^$1  *//p" "$OUT" | head -1; }
# numeric equality within 0.005
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d < 0.005 && d > -0.005) }'; }
expect_near() { # GOT WANT WHAT
  if near "$1" "$2"; then ok "$3"; else notok "$3: got '$1', want '$2'"; fi
}

# ---- built-ins (docs/MODEL.md "Prices") ----
run prices
expect_rc 0 "default prices"
expect_out '^source +epex-2016-10-19$' "default is epex-2016-10-19"
expect_eq "$(field max)" "49.29" "epex max (data/SOURCES.md: 49.29)"
expect_eq "$(field min)" "28.95" "epex min (data/SOURCES.md: 28.95)"
run prices epex-2016-10-19 --csv
tail -n +2 data/prices/de_at_lu_2016-10-19_hourly.csv | cut -d, -f2 >"$T_DIR/want"
tail -n +2 "$OUT" | cut -d, -f3 >"$T_DIR/got"
if awk 'NR==FNR { w[FNR] = $1; next } { if (w[FNR] + 0 != $1 + 0) bad = 1; n++ }
        END { exit bad || n != 24 }' "$T_DIR/want" "$T_DIR/got"; then
  ok "built-in epex equals data/prices/de_at_lu_2016-10-19_hourly.csv"
else notok "built-in epex differs from the data file"; fi
run prices --slots 100 --json
expect_out '"repeated": true' "100 slots of one day: repeated"
expect_out '"normalized_by": 49.29' "normalised by the day's max"
run prices --slots 100 --no-repeat
expect_rc 2 "--no-repeat: a day is shorter than 100 slots"
expect_err 'cover 24 slots.*100 are needed' "--no-repeat message"
run prices increasing --slots 22 --csv
expect_eq "$(sed -n '2p;21p;22p;23p' "$OUT" | cut -d, -f3 | tr '\n' ' ')" "10 10 20 30 " \
  "increasing: 10 for 20 slots, then +10"
run prices alternating --slots 4 --csv
expect_eq "$(tail -n +2 "$OUT" | cut -d, -f3,4 | tr '\n' ' ')" "5,0.1 50,1 5,0.1 50,1 " \
  "alternating 5,50 normalised by 50"
run prices flat --slots 3
expect_out '^repeated +no$' "flat is not 'repeated'"

# ---- price flags reach every scheduling command (hand-computed cost) ----
# tiny.stg / feasible.json at f = 1 costs 2 r0 + r1 + r2 + r3 + r4.
G=tests/fixtures/tiny.stg
F=tests/fixtures/validate/feasible.json
run validate "$G" "$F" --prices alternating
expect_out 'cost +2\.400000' "validate with alternating: (0.2+1+0.1+1+0.1)"
# quarter hours whose hourly means are 1..8, ';' and decimal comma
{
  echo "Zeit;Preis (EUR/MWh)"
  for h in 0 1 2 3 4 5 6 7; do
    for q in 0 1 2 3; do
      v=$(awk -v h=$h -v q=$q 'BEGIN { printf "%.1f", h + 1 - 1.5 + q }' | tr . ,)
      printf '2024-01-01 %02d:%02d;%s\n' $h $((q * 15)) "$v"
    done
  done
} >"$T_DIR/q.csv"
run validate "$G" "$F" --prices "$T_DIR/q.csv"
expect_rc 2 "naive local times without --utc-offset"
expect_err "q.csv:2: time '2024-01-01 00:00'.*--utc-offset" "names file, line and fix"
run validate "$G" "$F" --prices "$T_DIR/q.csv" --utc-offset +01:00
expect_rc 0 "validate with a quarter-hour CSV"
expect_out 'cost +2\.000000' "hourly means 1..8 normalised by 8: 16/8"
run prices "$T_DIR/q.csv" --utc-offset +01:00
expect_out '^unit +EUR/MWh \(from the header\)$' "unit from the header"
expect_out '^price column +Preis \(EUR/MWh\) \(guessed' "guessed column said"
expect_out '^first slot +2023-12-31T23:00Z$' "naive local time at +01:00"
expect_eq "$(field mean)" "4.5" "mean of hourly 1..8"

# ---- every clean file: points, resolution, first/last, min/max ----
# file | resolution | points | min | max | slots at 60 min
while IFS='|' read -r name res pts min max hours; do
  [ -n "$name" ] || continue
  f=$(shared "prices/$name")
  if [ -z "$f" ]; then skip "$name: shared data absent"; continue; fi
  run prices "$f" --slot-minutes "$res"
  expect_rc 0 "$name loads"
  expect_eq "$(field 'points read')" "$pts" "$name: $pts points"
  expect_eq "$(field resolution)" "$res min" "$name: $res-minute resolution"
  expect_near "$(field min)" "$min" "$name: min $min"
  expect_near "$(field max)" "$max" "$name: max $max"
  run prices "$f" --slot-minutes "$res" --csv
  expect_near "$(sed -n 2p "$OUT" | cut -d, -f3)" "$(sed -n 2p "$f" | cut -d, -f2)" \
    "$name: first value as in the file"
  expect_near "$(tail -1 "$OUT" | cut -d, -f3)" "$(tail -1 "$f" | cut -d, -f2)" \
    "$name: last value as in the file"
  run prices "$f"
  expect_eq "$(field slots | cut -d' ' -f1)" "$hours" "$name: $hours hourly slots"
done <<'CASES'
de_at_lu_2016-10-19_hourly.csv|60|24|28.95|49.29|24
de_lu_2024-05-06_to_2024-05-12_hourly.csv|60|168|-135.45|170.72|168
de_lu_2018-10-28_hourly_dst25h.csv|60|25|27.93|48.37|25
dk1_2024-12-12_hourly.csv|60|24|107.35|936.28|24
es_2025-10-01_15min.csv|15|96|6.67|230.00|24
es_2025-10-26_15min_dst100.csv|15|100|0.99|105.43|25
au_vic1_2024-02-13_5min.csv|5|288|-999.99|16600.00|24
us_pjm_comed_2014-01-28_hourly.csv|60|24|154.35|839.30|24
CASES

f=$(shared prices/de_lu_2024-05-06_to_2024-05-12_hourly.csv)
if [ -n "$f" ]; then
  run prices "$f" --csv
  expect_eq "$(tail -n +2 "$OUT" | awk -F, '$3 < 0' | wc -l | tr -d ' ')" 20 \
    "negative week: 20 negative hours (SOURCES.md)"
  expect_eq "$(tail -n +2 "$OUT" | awk -F, '$4 == 1' | wc -l | tr -d ' ')" 1 \
    "negative week: normalised max 1 once"
else skip "negative week: shared data absent"; fi

f=$(shared prices/au_vic1_2024-02-13_5min.csv)
if [ -n "$f" ]; then
  run prices "$f" --slot-minutes 5 --csv
  expect_eq "$(tail -n +2 "$OUT" | awk -F, '$3 < 0' | wc -l | tr -d ' ')" 25 \
    "spike day: 25 negative 5-minute intervals (SOURCES.md)"
  # hourly slots are the means of 12 intervals, computed here with awk
  tail -n +2 "$f" | cut -d, -f2 | awk '{ s += $1 } NR % 12 == 0 { printf "%.4f\n", s / 12; s = 0 }' >"$T_DIR/want"
  run prices "$f" --csv
  tail -n +2 "$OUT" | cut -d, -f3 | awk '{ printf "%.4f\n", $1 }' >"$T_DIR/got"
  if cmp -s "$T_DIR/want" "$T_DIR/got"; then ok "spike day: hourly slots are 12-interval means"
  else notok "spike day: hourly means differ"; fi
else skip "spike day: shared data absent"; fi

# ---- every raw file, with the options docs/reference.md documents ----
R=$(shared prices/raw)
if [ -n "$R" ]; then
  # OMIE, autumn DST day: 100 quarter hours, equal to the clean extract
  run prices "$R/marginalpdbc_20251026.1"
  expect_rc 2 "OMIE without --utc-offset"
  expect_err 'marginalpdbc_20251026.1:2: .*--utc-offset' "OMIE: asks for the offset at midnight"
  run prices "$R/marginalpdbc_20251026.1" --utc-offset +02:00 --slot-minutes 15 --csv
  expect_rc 0 "OMIE 2025-10-26 loads"
  cp "$OUT" "$T_DIR/raw.csv"
  run prices "$(shared prices/es_2025-10-26_15min_dst100.csv)" --slot-minutes 15 --csv
  if cmp -s "$OUT" "$T_DIR/raw.csv"; then ok "OMIE raw = clean es_2025-10-26 (100 slots, times and prices)"
  else notok "OMIE raw and clean differ"; fi
  run prices "$R/marginalpdbc_20250330.1" --utc-offset +01:00
  expect_eq "$(field 'points read')" 23 "OMIE spring DST day: 23 hours"
  expect_eq "$(field 'first slot')" "2025-03-29T23:00Z" "OMIE: local midnight at +01:00"
  run prices "$R/marginalpdbc_20250330.1" --utc-offset +01:00 --csv
  expect_eq "$(tail -1 "$OUT" | cut -d, -f2)" "2025-03-30T21:00Z" "OMIE: the 23rd hour ends at 22:00Z"
  expect_eq "$(tail -1 "$OUT" | cut -d, -f3)" "$(sed -n 24p "$R/marginalpdbc_20250330.1" | cut -d';' -f6)" \
    "OMIE: the ES price (6th field) is read"

  # Energi Data Service, DK1: ';', decimal comma, newest first, DST
  run prices "$R/energidataservice_elspot_DK1_2023-10-28_2023-10-29.csv"
  expect_rc 0 "EDS DK1 loads"
  expect_eq "$(field 'points read')" 49 "EDS DK1: 24 + 25 hours"
  expect_out '^order +newest first, sorted$' "EDS DK1: newest first sorted"
  expect_out '^price column +SpotPriceEUR \(guessed' "EDS DK1: EUR column guessed"
  expect_eq "$(field 'first slot')" "2023-10-27T22:00Z" "EDS DK1: local midnight CEST"
  run prices "$R/energidataservice_elspot_DK1_2023-10-28_2023-10-29.csv" --price-column SpotPriceDKK --filter PriceArea=DK1 --csv
  expect_eq "$(tail -1 "$OUT" | cut -d, -f3)" "287.109985" "EDS DK1: DKK column by name, decimal comma"
  run prices "$R/energidataservice_elspot_DK1_2023-10-28_2023-10-29.csv" --filter PriceArea=DK2
  expect_rc 2 "EDS DK1: --filter without a match"
  # Energi Data Service, DE 2016: newest first; HourUTC gives the paper's day
  run prices "$R/energidataservice_elspot_DE_2016-10-18_2016-10-31.csv" --start 2016-10-19T00:00+02:00 --slots 24 --csv
  expect_rc 0 "EDS DE 2016 loads"
  tail -n +2 "$OUT" | cut -d, -f3 >"$T_DIR/got"
  tail -n +2 data/prices/de_at_lu_2016-10-19_hourly.csv | cut -d, -f2 >"$T_DIR/want"
  if awk 'NR==FNR { w[FNR] = $1; next } { if (w[FNR] + 0 != $1 + 0) bad = 1 } END { exit bad }' "$T_DIR/want" "$T_DIR/got"
  then ok "EDS DE raw, 2016-10-19: the built-in's 24 values"
  else notok "EDS DE raw 2016-10-19 differs from the built-in"; fi
  run prices "$R/energidataservice_elspot_DE_2016-10-18_2016-10-31.csv"
  expect_eq "$(field 'points read')" 337 "EDS DE 2016: 337 hours (14 days + DST hour)"
  run prices "$R/energidataservice_elspot_DE_2016-10-18_2016-10-31.csv" --time-column HourDK --utc-offset +01:00
  expect_rc 2 "EDS DE by local hour: the DST hour appears twice"
  expect_err '_2016-10-31.csv:48: repeated interval .*line 47.*UTC column' "repeated interval names both lines"

  # AEMO: end stamps in fixed UTC+10, equal to the clean extract
  run prices "$R/aemo_PRICE_AND_DEMAND_202402_VIC1_2024-02-13.csv"
  expect_rc 2 "AEMO without --utc-offset"
  run prices "$R/aemo_PRICE_AND_DEMAND_202402_VIC1_2024-02-13.csv" --utc-offset +10:00 --stamp end --slot-minutes 5 --unit AUD/MWh --csv
  expect_rc 0 "AEMO loads"
  cp "$OUT" "$T_DIR/raw.csv"
  run prices "$(shared prices/au_vic1_2024-02-13_5min.csv)" --slot-minutes 5 --csv
  if cmp -s "$OUT" "$T_DIR/raw.csv"; then ok "AEMO raw = clean au_vic1 (288 slots, times and prices)"
  else notok "AEMO raw and clean differ"; fi

  # OPSD: wide, empty leading cells, missing first hour
  run prices "$R/opsd_time_series_60min_singleindex_filtered_2018-09-30_2018-10-01.csv"
  expect_rc 0 "OPSD loads"
  expect_out '^price column +DE_LU_price_day_ahead \(guessed' "OPSD: the one price column of 43"
  expect_eq "$(field 'points read')" 23 "OPSD: 23 prices"
  expect_eq "$(field 'empty skipped' | cut -d' ' -f1)" 25 "OPSD: 25 empty cells skipped"
  expect_eq "$(field 'first slot')" "2018-09-30T23:00Z" "OPSD: DE-LU starts at 01:00 local"
  run prices "$R/opsd_time_series_60min_singleindex_filtered_2018-09-30_2018-10-01.csv" --time-column cet_cest_timestamp
  expect_eq "$(field 'first slot')" "2018-09-30T23:00Z" "OPSD: +0200 offsets agree with UTC"

  # ENTSO-E: interval strings in UTC, header unit
  run prices "$R/entsoe_GUI_ENERGY_PRICES_EE_2023-07-16_utc.csv" --filter 'Area=BZN|EE'
  expect_rc 0 "ENTSO-E loads"
  expect_eq "$(field 'points read')" 24 "ENTSO-E: 24 hours"
  expect_out '^unit +EUR/MWh \(from the header\)$' "ENTSO-E: unit from the header"
  expect_eq "$(field min)" "$(tail -n +2 "$R/entsoe_GUI_ENERGY_PRICES_EE_2023-07-16_utc.csv" | cut -d, -f5 | sort -g | head -1)" \
    "ENTSO-E: negative min as in the file"
  expect_eq "$(field 'first slot')" "2023-07-16T00:00Z" "ENTSO-E: MTU start in UTC"
else
  skip "raw price files: shared data absent"
fi

# ---- malformed input: clear messages naming file and line ----
printf 'timestamp,price\n2024-01-01T00:00Z,1\n2024-01-01T01:00Z,810.219.971\n' >"$T_DIR/bad.csv"
run prices "$T_DIR/bad.csv"
expect_rc 2 "malformed number"
expect_err "bad.csv:3: price '810.219.971' in column 'price' is not one number" "malformed number message"
expect_no_out "nothing printed on error"
printf 'timestamp,price\n2024-01-01T00:00Z,1\n2024-01-01T01:00Z,2\n2024-01-01T03:00Z,4\n' >"$T_DIR/gap.csv"
run prices "$T_DIR/gap.csv"
expect_rc 2 "gap"
expect_err 'gap.csv:4: missing interval: no price from 2024-01-01T02:00Z to 2024-01-01T03:00Z' "gap message"
run prices "$T_DIR/gap.csv" --fill linear --csv
expect_rc 0 "--fill linear"
expect_eq "$(sed -n 4p "$OUT" | cut -d, -f3)" 3 "linear fill: 3 between 2 and 4"
run prices "$T_DIR/gap.csv" --fill previous
expect_eq "$(field 'gaps filled')" 1 "one gap filled"
printf 'timestamp,price\n2024-01-01T00:00Z,1\n2024-01-01T02:00Z,2\n2024-01-01T01:00Z,4\n' >"$T_DIR/order.csv"
run prices "$T_DIR/order.csv"
expect_rc 2 "non-monotonic time"
expect_err 'order.csv:4: time 2024-01-01T01:00Z is out of order' "non-monotonic message"
run prices /nonexistent/prices.csv
expect_rc 2 "missing file"
expect_err 'not a built-in' "missing file or unknown built-in"

# ---- usage ----
run prices --fill sideways
expect_rc 2 "bad --fill"
run prices --utc-offset 25:00
expect_rc 2 "bad --utc-offset"
run prices --json --csv
expect_rc 2 "--json and --csv exclude each other"
run prices -p 4
expect_rc 2 "-p does not apply"
run prices --help
expect_out '^Usage: ecsched prices' "prices --help"
# ---- input that never misleads (issue 30) ----
# eight quarter hours with fractional seconds: 2 hours of 15-minute points
{ echo timestamp,price; for i in 0 1 2 3 4 5 6 7; do
    printf '2024-01-01T%02d:%02d:00.5Z,%d\n' $((i / 4)) $((i % 4 * 15)) $((10 + i)); done
} >"$T_DIR/frac.csv"
run prices "$T_DIR/frac.csv" --slot-minutes 15
expect_rc 0 "fractional seconds read"
expect_out '^time column +timestamp ' "fractional seconds: the time column is kept"
expect_out '^resolution +15 min$' "fractional seconds: 15-minute points"
expect_out '^slots +8 ' "fractional seconds: 8 quarter-hour slots"
# the first timestamp invalid: an error at line 2, not "time column none"
sed '2s/.*/2024-02-30T00:00Z,10/' "$T_DIR/frac.csv" >"$T_DIR/feb30.csv"
run prices "$T_DIR/feb30.csv"
expect_rc 2 "an invalid first timestamp is an error"
expect_err "feb30.csv:2: '2024-02-30T00:00Z' in column 1 \('timestamp'\) is not a time" \
  "names file, line, column and value"
# decimal commas in a comma-separated file (issue 28)
printf 'timestamp,price\n2024-01-01T00:00+01:00,0,95\n2024-01-01T01:00+01:00,-1,25\n' \
  >"$T_DIR/dc.csv"
run prices "$T_DIR/dc.csv"
expect_rc 2 "decimal commas in a comma-separated file are an error"
expect_err "dc.csv:2: 3 fields here, 2 in the header: '0,95' in column 2 \('price'\).*decimal comma.*';'.*quote" \
  "names file, line, column and the fixes"
run heuristic "$G" --prices "$T_DIR/dc.csv" --deadline 10
expect_rc 2 "every scheduling command refuses it"
printf 'timestamp,price\n2024-01-01T00:00Z,1\n2024-01-01T01:00Z,2,x\n' >"$T_DIR/wide.csv"
run prices "$T_DIR/wide.csv"
expect_rc 2 "a row wider than the header is an error"
expect_err "wide.csv:3: .*column 3 \('x'\) is beyond the last" "names line and column"
# numbers printed at any magnitude, finite and round-trip
printf 'timestamp,price\n2024-01-01T00:00Z,1e70\n2024-01-01T01:00Z,1e308\n2024-01-01T02:00Z,1.5\n' \
  >"$T_DIR/big.csv"
run prices "$T_DIR/big.csv" --csv
expect_eq "$(tail -n +2 "$OUT" | cut -d, -f3 | tr '\n' ' ')" "1e+70 1e+308 1.5 " \
  "--csv prints 1e70 and 1e308 as they are"
expect_eq "$(sed -n 3p "$OUT" | cut -d, -f4)" "1" "normalized by 1e308"
run prices "$T_DIR/big.csv"
expect_out '^max +1e\+308$' "text output: 1e308 whole"
expect_out '^ +0  2024-01-01T00:00Z +1e\+70 ' "text table: 1e70 short"

# ---- a column named as a time column must parse (issue 36 item 11) ---------
# 'timestamp' holding 2024-02-30 (no such day) everywhere: not "no time
# column" with the dates dropped, an error naming the file, line, column and
# value; --time-column none reads the prices in sequence when meant
printf 'timestamp,price\n2024-02-30T00:00,10\n2024-02-30T01:00,20\n2024-02-30T02:00,30\n' >"$T_DIR/feb30.csv"
run prices "$T_DIR/feb30.csv"
expect_rc 2 "a 'timestamp' column of invalid dates: an error"
expect_err "feb30\.csv:2: column 1 is named 'timestamp' but '2024-02-30T00:00' is not a time .*--time-column none" "names file, line, column and value, and the way out"
run heuristic tests/fixtures/tiny.stg -p 2 --prices "$T_DIR/feb30.csv"
expect_rc 2 "heuristic refuses it too"
expect_no_out "nothing on stdout"
run prices "$T_DIR/feb30.csv" --time-column none
expect_rc 0 "--time-column none: read in sequence"
expect_out "^points read +3$" "three prices"
printf 'Datum;Preis\n30.02.2024;10\n31.02.2024;20\n' >"$T_DIR/datum.csv"
run prices "$T_DIR/datum.csv"
expect_rc 2 "a 'Datum' column of invalid dates: an error"
expect_err "datum\.csv:2: column 1 is named 'Datum' but '30\.02\.2024' is not a time" "names the German column"

finish
