# Inputs from the field: task graphs in WfFormat and DOT (every command,
# stdin, --format, --work-unit, convert round trips, the horizon check,
# errors) and price files as market websites export them.
. tests/cli/lib.sh
F=tests/fixtures

# ---- formats, detection, --work-unit (figures by hand) ----
run info $F/graphs/cawosched.dot
expect_rc 0 "DOT (CaWoSched layout) reads"
# 5 + 4 + 6 + 1 = 16 along 0-2-4-5; total 21
expect_out "cawosched\.dot +dot +6 +7 +16 +21 " "DOT: 6 tasks, 7 edges, cp 16, work 21"
run info $F/graphs/wf14.json --work-unit 60 --json
expect_rc 0 "WfFormat 1.4 reads"
# runtimes 60, 300, 90.5, 0 s at 60 s per unit: 1, 5, 2, 0; cp 1+5+0
expect_eq "$(json_key "$OUT" format) $(json_key "$OUT" critical_path) $(json_key "$OUT" total_work)" \
  "wfformat 6 8" "1.4 diamond: cp 6, work 8 at --work-unit 60"
expect_eq "$(json_key "$OUT" rounding_error)" "29.5" "rounding error 8*60 - 450.5 = 29.5 s"
run info $F/graphs/wf14.json
# default: the slot length, 3600 s: 1, 1, 1, 0
expect_out "wf14\.json +wfformat +4 +4 +2 +3 " "default work unit = slot length (3600 s)"
run info $F/graphs/wf14.json --slot-minutes 5
# 300 s slots: 1, 1, 1, 0 -> cp 2; at 1 min: 1, 5, 2, 0
expect_out "wf14\.json +wfformat +4 +4 +2 +3 " "--slot-minutes 5: 300 s per unit"
run info $F/graphs/cawosched.dot --work-unit 2
# ceil: 3, 2, 2, 1, 3, 1 -> cp 3+2+3+1 = 9, total 12
expect_out "cawosched\.dot +dot +6 +7 +9 +12 " "DOT --work-unit 2 rounds each weight up"
run info data/stg/rand0000.stg --work-unit 10
expect_out "rand0000\.stg +standard +50 +96 " "STG takes --work-unit too"
cat $F/graphs/cawosched.dot | "$ECSCHED" info - >"$OUT" 2>"$ERR"; RC=$?
expect_rc 0 "'-' reads standard input"
expect_out "^- +dot +6 +7 +16 +21 " "stdin detected as DOT"
run info $F/graphs/cawosched.dot --format wfformat
expect_rc 2 "--format forces a format"
expect_err "cawosched\.dot:1: not valid JSON" "forced WfFormat on a DOT file: JSON error at line 1"
run info data/stg/rand0000.stg --format dot
expect_err "rand0000\.stg:1: expected 'digraph'" "forced DOT on an STG file"
run info x.stg --format nope
expect_rc 2 "unknown --format"
expect_err "auto, standard, proto, comm, dot or wfformat" "--format lists every format"

# ---- errors name the task and the line ----
run info $F/graphs/cycle.dot
expect_rc 2 "a cycle is bad input"
expect_err "cycle\.dot:3: the graph has a cycle through task 'b'" "cycle: task and line"
run info $F/graphs/disagree.json
expect_err "disagree\.json:[0-9]+: task 'join_4' lists 'left_2' as a parent, but that task does not list it as a child|task 'split_1' lists 'left_2' as a child" \
  "parents and children that disagree name the task"

# ---- every command takes every format ----
run heuristic $F/graphs/cawosched.dot -p 2 --extension 0.5 -o "$T_DIR/h.json"
expect_rc 0 "heuristic on DOT"
run validate $F/graphs/cawosched.dot "$T_DIR/h.json"
expect_rc 0 "the checker accepts the heuristic's schedule of the DOT graph"
run makespan $F/graphs/wf14.json --work-unit 60 -p 2
expect_rc 0 "makespan on WfFormat"
expect_out "^makespan +6$" "makespan = critical path 6 on 2 PEs"
run milp $F/graphs/wf14.json --work-unit 60 -p 2 --extension 0.5
expect_rc 0 "milp on WfFormat"
cat $F/graphs/cawosched.dot | "$ECSCHED" compare - -p 2 --extension 0.25 >"$OUT" 2>"$ERR"; RC=$?
expect_rc 0 "compare on DOT from stdin"

# ---- convert: round trips ----
run convert data/stg/rand0000.stg -o "$T_DIR/a.dot"
expect_rc 0 "STG -> DOT (by extension)"
expect_out "a\.dot: 50 tasks, 96 edges, critical path 55, total work 262" "summary line"
# WfFormat runtimes are work times the slot length (15 min: 900 s)
run convert "$T_DIR/a.dot" --to wfformat -o "$T_DIR/b.json" --slot-minutes 15
expect_rc 0 "DOT -> WfFormat"
expect_eq "$(grep -cE '"runtimeInSeconds": 900(\.0)?$' "$T_DIR/b.json")" \
  "$(grep -c 'weight=1\]' "$T_DIR/a.dot")" "WfFormat runtimes: work x 900 s"
run convert "$T_DIR/b.json" --slot-minutes 15 --to dot -o "$T_DIR/c.dot"
expect_rc 0 "WfFormat -> DOT"
# (lines 1-2 name the source)
tail -n +3 "$T_DIR/c.dot" >"$T_DIR/c.body"
if tail -n +3 "$T_DIR/a.dot" | cmp -s - "$T_DIR/c.body"; then
  ok "DOT -> WfFormat -> DOT gives the same graph, line for line"
else notok "DOT round trip differs"; fi
run convert "$T_DIR/c.dot" --to stg
tail -n +1 "$OUT" | grep -v '^#' >"$T_DIR/c.stg"
run convert data/stg/rand0000.stg --to stg
grep -v '^#' "$OUT" >"$T_DIR/a.stg"
if cmp -s "$T_DIR/a.stg" "$T_DIR/c.stg"; then ok "STG -> DOT -> WfFormat -> DOT -> STG: same records"
else notok "STG records differ after the round trip"; fi
run info "$T_DIR/b.json" --work-unit 900 --slot-minutes 1
expect_out "b\.json +wfformat +50 +96 +55 +262 +4\.764 +0 " "WfFormat written: same figures, rounding 0"
run convert $F/graphs/cawosched.dot --to stg -o "$T_DIR/bad/dir/x.stg"
expect_rc 2 "convert to an unwritable path"
run convert $F/graphs/cawosched.dot
expect_rc 2 "convert needs --to or -o with an extension"
expect_err "give --to stg\|dot\|wfformat" "the message says how"

# ---- the horizon check ----
run heuristic $F/graphs/wf14.json --work-unit 0.01 -p 2
expect_rc 2 "an absurd horizon is refused"
expect_err "critical path is 36000 slots .* a larger --work-unit" "the numbers and the flag that shrinks it"
run heuristic $F/graphs/cawosched.dot --deadline 30000
expect_rc 2 "an absurd deadline is refused"
expect_err "D' = 30000 slots" "the deadline's numbers"
# one task of work 22000: D' = floor(22000 x 1.2) = 26400 is refused, and
# the message names what fits: floor(22000 x 1.136) = 24992 <= 25000 <
# floor(22000 x 1.137) = 25014
printf '1\n0 0 0\n1 22000 1 0\n2 0 1 1\n' >"$T_DIR/long.stg"
run heuristic "$T_DIR/long.stg" -p 1 --extension 0.2
expect_rc 2 "a deadline beyond the horizon from --extension is refused"
expect_err "D' = 26400 slots .*--deadline 25000, or --extension 0\.136 or less \(base makespan 22000 slots\)" "the sizes that fit"
run heuristic "$T_DIR/long.stg" -p 1 --extension 0.136
expect_rc 0 "the extension named fits"
expect_out "^deadline +24992 slots" "D' = 24992"
run heuristic "$T_DIR/long.stg" -p 1 --extension 0.137
expect_rc 2 "one thousandth more does not"

# ---- the shared workflows (WfCommons) ----
W=$(shared workflows)
if [ -z "$W" ]; then
  W=data/workflows
  skip "shared workflows absent: only data/workflows"
fi
for f in "$W"/*.json; do
  b=$(basename "$f" .json)
  run heuristic "$f" -p 4 --extension 0.5 -o "$T_DIR/$b.json"
  if [ "$RC" -ne 0 ]; then notok "heuristic on $b"; continue; fi
  run validate "$f" "$T_DIR/$b.json"
  expect_rc 0 "heuristic on $b: the checker accepts it"
done
for b in helloworld-chain-5-chameleon helloworld-forkjoin-10-chameleon sarek-dirt02-001 epigenomics-chameleon-hep-1seq-100k-001; do
  [ -f "$W/$b.json" ] || continue
  run compare "$W/$b.json" -p 4 --extension 0.5 --time-limit 20
  expect_rc 0 "compare on $b"
  expect_out "^milp .* (optimal|feasible) " "compare on $b: the MILP row"
done
# sarek: 26 tasks, 15 with a zero runtime, so 11 tasks with work
run heuristic data/workflows/sarek-dirt02-001.json -p 2 --extension 0.5
expect_out "\(11 tasks with work\)" "zero runtimes become zero-work tasks"

# ---- repeated prices are said on stderr by every command ----
# one PE: makespan 21 slots, D' = 31 > the 24 hours of the default prices
for cmd in heuristic milp compare makespan validate; do
  case $cmd in
    makespan) run makespan $F/graphs/cawosched.dot --slot-minutes 30 --slot-minutes 60 --prices epex-2016-10-19 ;;
    validate) run validate $F/graphs/cawosched.dot "$T_DIR/h.json" --prices epex-2016-10-19 --deadline 30 --rejudge ;;
    *) run $cmd $F/graphs/cawosched.dot --extension 0.5 ;;
  esac
  if [ $cmd = makespan ]; then
    expect_rc 0 "makespan on one PE"
    if grep -q "repeated" "$ERR"; then notok "makespan: 21 slots fit in 24, no note"
    else ok "makespan: 21 slots fit in 24 hours, no note"; fi
    continue
  fi
  expect_err "note: the prices \(epex-2016-10-19\) cover 24 slots of 60 minutes and are repeated to fill" "$cmd says the prices are repeated"
done
run heuristic data/workflows/helloworld-chain-5-chameleon.json
if grep -q "repeated" "$ERR"; then notok "no note when the prices cover the horizon"
else ok "no note when the prices cover the horizon"; fi

# ---- prices as market websites export them (tests/fixtures/prices) ----
P=$F/prices
# the reference: the first day of the clean file, read in its own layout
head -25 data/prices/de_lu_2024-05-06_to_2024-05-12_hourly.csv >"$T_DIR/day.csv"
run prices "$T_DIR/day.csv" --csv
tail -n +2 "$OUT" >"$T_DIR/clean"
cut -d, -f1,3,4 "$T_DIR/clean" >"$T_DIR/clean_values"
same_as_clean() { # WHAT [times]: the slots equal the clean file's day
  tail -n +2 "$OUT" >"$T_DIR/got"
  if [ "${2:-}" = norm ]; then
    # normalised prices to 1e-12 (--csv prints every digit of a quotient)
    if awk -F, 'NR==FNR { t[$1] = $2; w[$1] = $4; n++; next }
                { d = $4 - w[$1]; if (t[$1] != $2 || d > 1e-12 || d < -1e-12) bad = 1; m++ }
                END { exit bad || n != m || n == 0 }' "$T_DIR/clean" "$T_DIR/got"; then
      ok "$1: same slots, times and normalised prices as the clean file"
    else notok "$1: differs from the clean file"; fi
  elif [ "${2:-}" = times ]; then
    if cmp -s "$T_DIR/got" "$T_DIR/clean"; then ok "$1: same slots, times and prices as the clean file"
    else notok "$1: differs from the clean file"; diff "$T_DIR/got" "$T_DIR/clean" | head -5; fi
  else
    cut -d, -f1,3,4 "$T_DIR/got" >"$T_DIR/got_values"
    if cmp -s "$T_DIR/got_values" "$T_DIR/clean_values"; then ok "$1: same prices as the clean file"
    else notok "$1: prices differ from the clean file"; fi
  fi
}
run prices $P/plain.csv --csv
expect_rc 0 "a plain column of prices, no header"
same_as_clean "plain column"
run prices $P/plain.csv --start 2024-05-06T00:00+02:00 --csv
same_as_clean "plain column placed by --start" times
run prices $P/plain_header_ct.csv
expect_out "^unit +ct/kWh \(from the header\)$" "unit ct/kWh from 'Preis [ct/kWh]'"
expect_out "^time column +none \(one price per slot" "no time column: one price per slot"
expect_out "^first slot +- \(no dates in the file; --start sets one\)$" "says it has no dates"
run prices $P/plain_header_ct.csv --csv
# normalised prices do not depend on the unit
cut -d, -f1,4 "$OUT" | tail -n +2 >"$T_DIR/g"; cut -d, -f1,3 "$T_DIR/clean_values" >"$T_DIR/w"
# (to 1e-12: --csv prints every digit, and 8.286/14.4 is not 82.86/144
# to the last bit)
if awk -F, 'NR==FNR { w[$1] = $2; n++; next }
            { d = $2 - w[$1]; if (d > 1e-12 || d < -1e-12) bad = 1; m++ }
            END { exit bad || n != m || n == 0 }' "$T_DIR/w" "$T_DIR/g"; then
  ok "ct/kWh with decimal commas: same normalised prices"
else notok "ct/kWh column differs"; fi
run prices $P/tab.tsv --csv
expect_rc 0 "tab-separated"
same_as_clean "tab-separated, naive UTC column" times
run prices $P/energy_charts_epoch.csv --csv
expect_rc 0 "epoch seconds"
same_as_clean "epoch seconds (Energy-Charts)" times
run prices $P/energy_charts_epoch.csv
expect_out "^unit +EUR / MWh \(from the header\)$" "unit from 'price (EUR / MWh)'"
run prices $P/smard_date_time.csv
expect_rc 2 "local date and time without an offset"
expect_err "smard_date_time\.csv:2: .*give --utc-offset \(e\.g\. \+01:00, or Europe/Berlin" "the message names the flag"
run prices $P/smard_date_time.csv --utc-offset Europe/Berlin --csv
expect_rc 0 "date and time in two columns, decimal comma, a named zone"
same_as_clean "date + time columns (SMARD)" times
run prices $P/smard_date_time.csv --utc-offset Europe/Berlin
expect_out "^unit +€/MWh \(from the header\)$" "unit from '[€/MWh]'"
run prices $P/epex_hour_ranges.csv --csv
expect_rc 0 "hour ranges '00 - 01' without dates"
same_as_clean "hour ranges"
run prices $P/epex_hour_ranges.csv --start 2024-05-06T00:00 --utc-offset Europe/Berlin --csv
same_as_clean "hour ranges placed by --start in Europe/Berlin" times
run prices $P/thousands_huf.csv
expect_err "thousands_huf\.csv:2: dates with period numbers need --utc-offset" "date + hour number: names the flag"
run prices $P/thousands_huf.csv --utc-offset Europe/Budapest --csv
expect_rc 0 "thousands separators '32.315,40'"
same_as_clean "HUF prices (390 x EUR) with thousands separators" norm
expect_eq "$(sed -n 2p "$OUT" | cut -d, -f3)" "32315.4" "'32.315,40' is 32315.4"
run prices $P/utf16_unicode_text.txt --csv
expect_rc 0 "UTF-16 with a BOM (spreadsheet 'Unicode text')"
same_as_clean "UTF-16, tab-separated, day-first dates" times
run prices $P/utf16_unicode_text.txt
expect_out "^encoding +UTF-16, converted to UTF-8$" "says it converted UTF-16"
# DST: a local-time day of 25 hours equals the clean UTC file, slot by slot
run prices $P/dst_hour_ranges.csv --utc-offset +02:00
expect_rc 2 "the repeated hour with a fixed offset"
expect_err "dst_hour_ranges\.csv:5: repeated interval .*--utc-offset with a time zone \(e\.g\. Europe/Berlin\)" \
  "the message names the zone flag"
run prices $P/dst_hour_ranges.csv --utc-offset Europe/Berlin --csv
cp "$OUT" "$T_DIR/dst"
run prices data/prices/../../tests/fixtures/prices/dst_hour_ranges.csv --utc-offset Europe/Berlin --json
expect_out '"slots": 25' "25 hours on the autumn DST day"
D=$(shared prices/de_lu_2018-10-28_hourly_dst25h.csv)
if [ -n "$D" ]; then
  run prices "$D" --csv
  if cmp -s "$OUT" "$T_DIR/dst"; then ok "Europe/Berlin DST day equals the clean UTC file"
  else notok "DST day differs from $D"; fi
else skip "shared prices absent: DST day not compared"; fi
# a real file in local time, newest first, with the doubled hour: the zone
# gives the same series as the file's UTC column
R=$(shared prices/raw/energidataservice_elspot_DE_2016-10-18_2016-10-31.csv)
if [ -n "$R" ]; then
  run prices "$R" --csv
  cp "$OUT" "$T_DIR/utc"
  run prices "$R" --time-column HourDK --utc-offset Europe/Copenhagen --csv
  if cmp -s "$OUT" "$T_DIR/utc"; then ok "HourDK in Europe/Copenhagen (newest first, DST) equals HourUTC"
  else notok "HourDK with the zone differs from HourUTC"; fi
  run prices "$R" --time-column HourDK --utc-offset +01:00
  expect_rc 2 "HourDK with a fixed offset fails on the doubled hour"
else skip "shared raw prices absent: HourDK not compared"; fi
run prices $P/plain.csv --utc-offset Mars/Olympus
expect_rc 2 "an unknown zone"
expect_err "not 'Mars/Olympus' \(no such zone in .*tzdata" "unknown zone: says where it looked"
printf 'a,b\n1,2\n3,4\n' >"$T_DIR/two.csv"
run prices "$T_DIR/two.csv"
expect_err "two\.csv:2: no column holds dates or times .*--time-column none --price-column C" "two number columns: the flags"
run prices "$T_DIR/two.csv" --time-column none --price-column b --csv
expect_eq "$(tail -n +2 "$OUT" | cut -d, -f3 | tr '\n' ' ')" "2 4 " "--time-column none --price-column b"

finish
